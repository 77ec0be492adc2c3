import Foundation

/// The configuration file (`voiceplug.json`): broker, timing and devices.
public struct VoicePlugConfiguration: Sendable, Equatable {
    /// Broker URL (`mqtt://[user@]host:port` or `mqtts://…`).
    public var broker: String?
    /// A file holding the broker password (first line).
    public var passwordFile: String?
    /// TLS files for `mqtts://` brokers with a private CA or client certificates.
    public var caFile: String?
    public var certFile: String?
    public var keyFile: String?
    /// How long the gateway waits for a plug to confirm, in milliseconds.
    public var confirmTimeoutMs: Int
    /// How many executions the store keeps for suggestions (the newest); older ones are dropped.
    public var historyLimit = defaultHistoryLimit
    public var devices: [Device]
    /// Whether plugs that announce themselves are controlled too (Tasmota, Zigbee2MQTT, Shelly, Home Assistant
    /// discovery); `"discovery": false` turns it off.
    public var discovery = true
    /// Where each protocol's topics are when the user moved them (see `Device.baseTopic`): what a device without
    /// its own `baseTopic` uses, and where discovery listens (Zigbee2MQTT's `<base>/bridge/devices`).
    public var baseTopics: [PlugProtocol: String] = [:]
    /// The wake phrase `listen` waits for (nil: its default).
    public var wake: String?
    /// Home Assistant's discovery prefix (`homeassistant`).
    public var discoveryPrefix = "homeassistant"
    /// The file it was read from, when it was read from one.
    public var path: String?

    public static let defaultConfirmTimeoutMs = 2000
    /// A year of a busy household's phrases (about 30 a day), a few MB.
    public static let defaultHistoryLimit = 10_000

    public init(
        broker: String? = nil, passwordFile: String? = nil, caFile: String? = nil, certFile: String? = nil,
        keyFile: String? = nil, confirmTimeoutMs: Int = defaultConfirmTimeoutMs, devices: [Device] = [], path: String? = nil
    ) {
        self.broker = broker
        self.passwordFile = passwordFile
        self.caFile = caFile
        self.certFile = certFile
        self.keyFile = keyFile
        self.confirmTimeoutMs = confirmTimeoutMs
        self.devices = devices
        self.path = path
    }

    /// The device with `id`, if configured.
    public func device(id: String) -> Device? { devices.first { $0.id == id } }

    /// Reads and checks a configuration file. Relative file names inside it
    /// (`passwordFile`, `caFile`, …) are taken relative to the file's folder.
    ///
    /// - Throws: `ConfigurationError` naming the file and the key.
    public static func load(from path: String) throws(ConfigurationError) -> VoicePlugConfiguration {
        let url = URL(fileURLWithPath: path)
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            let reason = FileManager.default.fileExists(atPath: path) ? "cannot be read" : "does not exist"
            throw ConfigurationError(file: path, key: "", problem: "the file \(reason)")
        }
        var configuration = try parse(data, file: path)
        configuration.path = path
        let folder = url.deletingLastPathComponent()
        func resolve(_ file: String?) -> String? {
            guard let file, !file.hasPrefix("/") else { return file }
            return folder.appendingPathComponent(file).path
        }
        configuration.passwordFile = resolve(configuration.passwordFile)
        configuration.caFile = resolve(configuration.caFile)
        configuration.certFile = resolve(configuration.certFile)
        configuration.keyFile = resolve(configuration.keyFile)
        return configuration
    }

    /// Parses configuration JSON; `file` names it in errors.
    public static func parse(_ data: Data, file: String) throws(ConfigurationError) -> VoicePlugConfiguration {
        let root: JSONValue
        do {
            root = try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            throw ConfigurationError(file: file, key: "", problem: "not valid JSON (\(jsonProblem(error, in: data)))")
        }
        return try ConfigurationReader(file: file).configuration(from: root)
    }

    /// What is wrong with `data` as JSON, with the line and column where it goes wrong.
    static func jsonProblem(_ error: Error, in data: Data) -> String {
        // JSONSerialization's message says where ("around character 30"); JSONDecoder's only that it is not JSON.
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            let message = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
            if let match = message.firstMatch(of: /around character (\d+)/), let offset = Int(match.1) {
                let (line, column) = lineAndColumn(ofByte: offset, in: data)
                return "\(message.replacing(match.0, with: "").trimmingCharacters(in: .punctuationCharacters.union(.whitespaces))) "
                    + "at line \(line), column \(column)"
            }
            if message.contains("end of file") {
                return "the file ends before the JSON does, at line \(lineAndColumn(ofByte: data.count, in: data).line)"
            }
            return message
        }
        if case DecodingError.dataCorrupted(let context) = error { return context.debugDescription }
        return "\(error)"
    }

    /// The 1-based line and column of the byte at `offset`.
    static func lineAndColumn(ofByte offset: Int, in data: Data) -> (line: Int, column: Int) {
        let before = data.prefix(max(0, min(offset, data.count)))
        let line = before.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
        let lineStart = before.lastIndex(of: 0x0A).map { $0 + 1 } ?? before.startIndex
        let column = String(decoding: before[lineStart...], as: UTF8.self).count + 1
        return (line, column)
    }
}
