/// Checks a parsed configuration file key by key. Unknown keys and values of
/// the wrong kind are errors that name the key.
struct ConfigurationReader {
    let file: String

    private static let topKeys = [
        "broker", "passwordFile", "caFile", "certFile", "keyFile", "confirmTimeoutMs", "historyLimit", "devices", "discovery",
        "baseTopics", "discoveryPrefix", "wake",
    ]
    private static let deviceKeys = [
        "id", "name", "aliases", "area", "protocol", "topic", "relay", "groupCommands", "baseTopic", "commandTopic", "stateTopic",
        "availabilityTopic", "payloadOn", "payloadOff", "stateOn", "stateOff",
    ]
    /// The generic switch's keys, only for protocol `mqtt`.
    private static let switchKeys = ["commandTopic", "stateTopic", "availabilityTopic", "payloadOn", "payloadOff", "stateOn", "stateOff"]

    func configuration(from root: JSONValue) throws(ConfigurationError) -> VoicePlugConfiguration {
        guard case .object(let object) = root else {
            throw error("", "the file must hold a JSON object, not \(root.kind)")
        }
        try rejectUnknownKeys(object, allowed: Self.topKeys, at: "")
        var configuration = VoicePlugConfiguration()
        configuration.broker = try optionalString(object["broker"], at: "broker")
        configuration.passwordFile = try optionalString(object["passwordFile"], at: "passwordFile")
        configuration.caFile = try optionalString(object["caFile"], at: "caFile")
        configuration.certFile = try optionalString(object["certFile"], at: "certFile")
        configuration.keyFile = try optionalString(object["keyFile"], at: "keyFile")
        if let broker = configuration.broker, !(broker.hasPrefix("mqtt://") || broker.hasPrefix("mqtts://")) {
            throw error("broker", "'\(broker)' is not a broker URL (mqtt://host:port or mqtts://host:port)")
        }
        if let timeout = object["confirmTimeoutMs"] {
            guard case .number(let value) = timeout, value == value.rounded(), value >= 1, value <= 600_000 else {
                throw error("confirmTimeoutMs", "must be a whole number of milliseconds from 1 to 600000, not \(describe(timeout))")
            }
            configuration.confirmTimeoutMs = Int(value)
        }
        if let limit = object["historyLimit"] {
            guard case .number(let value) = limit, value == value.rounded(), value >= 100, value <= 100_000_000 else {
                throw error("historyLimit", "must be a whole number of executions from 100 to 100000000, not \(describe(limit))")
            }
            configuration.historyLimit = Int(value)
        }
        if let value = object["discovery"] {
            guard case .bool(let flag) = value else { throw error("discovery", "must be true or false, not \(describe(value))") }
            configuration.discovery = flag
        }
        if let value = object["baseTopics"] {
            guard case .object(let bases) = value else {
                throw error("baseTopics", "must be an object such as {\"zigbee2mqtt\": \"home/zigbee\"}, not \(value.kind)")
            }
            for key in bases.keys.sorted() {
                guard let plugProtocol = PlugProtocol(rawValue: key), [.tasmota, .shelly, .zigbee2mqtt].contains(plugProtocol) else {
                    throw error("baseTopics.\(key)", "only tasmota, shelly and zigbee2mqtt have a base topic")
                }
                configuration.baseTopics[plugProtocol] = try baseTopic(bases[key], of: plugProtocol, at: "baseTopics.\(key)")
            }
        }
        if let wake = try optionalString(object["wake"], at: "wake") {
            guard !PhraseNormalizer.normalize(wake).isEmpty, wake.count <= 64 else {
                throw error("wake", "the wake phrase needs words, at most 64 characters")
            }
            configuration.wake = wake
        }
        if let prefix = try optionalString(object["discoveryPrefix"], at: "discoveryPrefix") {
            guard MQTTTopic.isPublishable(prefix) else { throw error("discoveryPrefix", "'\(prefix)' is not a topic without wildcards") }
            configuration.discoveryPrefix = prefix
        }
        if let devices = object["devices"] {
            guard case .array(let list) = devices else {
                throw error("devices", "must be a list of devices, not \(devices.kind)")
            }
            configuration.devices = try list.enumerated().map { index, value throws(ConfigurationError) in
                try device(from: value, at: "devices[\(index)]")
            }
        }
        for index in configuration.devices.indices where configuration.devices[index].baseTopic == nil {
            configuration.devices[index].baseTopic = configuration.baseTopics[configuration.devices[index].protocol]
        }
        try checkUnique(configuration.devices)
        return configuration
    }

    private func device(from value: JSONValue, at path: String) throws(ConfigurationError) -> Device {
        guard case .object(let object) = value else {
            throw error(path, "a device must be an object with at least an \"id\", not \(value.kind)")
        }
        try rejectUnknownKeys(object, allowed: Self.deviceKeys, at: path)
        guard let id = try optionalString(object["id"], at: "\(path).id") else {
            throw error("\(path).id", "every device needs an id, such as \"kitchen-lamp\"")
        }
        guard Device.isValidID(id) else {
            throw error("\(path).id", "'\(id)' is not a valid id: use lower-case letters, digits and hyphens, such as \"kitchen-lamp\"")
        }
        let name = try optionalString(object["name"], at: "\(path).name")
        if let name, PhraseNormalizer.normalize(name).isEmpty {
            throw error("\(path).name", "the name has no letters or digits")
        }
        var aliases: [String] = []
        if let list = object["aliases"] {
            guard case .array(let items) = list else { throw error("\(path).aliases", "must be a list of names, not \(list.kind)") }
            for (index, item) in items.enumerated() {
                guard case .string(let alias) = item, !PhraseNormalizer.normalize(alias).isEmpty else {
                    throw error("\(path).aliases[\(index)]", "must be a name with letters or digits, not \(describe(item))")
                }
                aliases.append(alias)
            }
        }
        let area = try optionalString(object["area"], at: "\(path).area")
        var plugProtocol = PlugProtocol.tasmota
        if let value = try optionalString(object["protocol"], at: "\(path).protocol") {
            guard let known = PlugProtocol(rawValue: value) else {
                let choices = PlugProtocol.allCases.map(\.rawValue).joined(separator: ", ")
                throw error("\(path).protocol", "'\(value)' is not one of \(choices)")
            }
            plugProtocol = known
        }
        let topic = try optionalString(object["topic"], at: "\(path).topic")
        if let topic, topic.isEmpty || topic.contains(where: { "+#/".contains($0) }) || topic.utf8.contains(0) {
            throw error("\(path).topic", "'\(topic)' cannot be used as a topic: it must be non-empty, without '/', '+' or '#'")
        }
        var relay: Int?
        if let value = object["relay"] {
            guard case .number(let number) = value, number == number.rounded(), number >= 0, number <= 32 else {
                throw error("\(path).relay", "must be a relay number from 0 to 32, not \(describe(value))")
            }
            relay = Int(number)
        }
        var groupCommands = true
        if let value = object["groupCommands"] {
            guard case .bool(let flag) = value else {
                throw error("\(path).groupCommands", "must be true or false, not \(describe(value))")
            }
            groupCommands = flag
        }
        let baseTopic = try baseTopic(object["baseTopic"], of: plugProtocol, at: "\(path).baseTopic")
        var mqtt: MQTTSwitch?
        if plugProtocol == .mqtt {
            mqtt = try mqttSwitch(object, topic: topic ?? id, at: path)
        } else if let key = Self.switchKeys.first(where: { object[$0] != nil }) {
            throw error("\(path).\(key)", "only a device with \"protocol\": \"mqtt\" has its own topics and payloads")
        }
        return Device(
            id: id, name: name, aliases: aliases, area: area, protocol: plugProtocol, topic: topic, relay: relay,
            groupCommands: groupCommands, baseTopic: baseTopic, mqtt: mqtt)
    }

    /// A protocol's base topic: Tasmota's FullTopic must hold `%prefix%` and `%topic%`; the others are topics.
    private func baseTopic(_ value: JSONValue?, of plugProtocol: PlugProtocol, at path: String) throws(ConfigurationError) -> String? {
        guard let base = try optionalString(value, at: path) else { return nil }
        switch plugProtocol {
        case .tasmota:
            guard base.contains("%prefix%"), base.contains("%topic%"), !base.contains(where: { "+#".contains($0) }) else {
                throw error(path, "'\(base)' is not a Tasmota FullTopic: it needs %prefix% and %topic%, such as \"%prefix%/%topic%/\"")
            }
        case .shelly, .zigbee2mqtt:
            guard MQTTTopic.isPublishable(base) else {
                throw error(path, "'\(base)' is not a topic without wildcards, such as \"home/zigbee\"")
            }
        case .shelly2, .mqtt:
            throw error(path, "\(plugProtocol.rawValue) has no base topic: its topic is the device's own prefix")
        }
        return base
    }

    /// The generic switch's topics and payloads, ESPHome's layout under `topic` where not given.
    private func mqttSwitch(_ object: [String: JSONValue], topic: String, at path: String) throws(ConfigurationError) -> MQTTSwitch {
        var mqtt = MQTTSwitch.esphome(topic)
        func topicValue(_ key: String) throws(ConfigurationError) -> String? {
            guard let value = try optionalString(object[key], at: "\(path).\(key)") else { return nil }
            guard MQTTTopic.isPublishable(value) else { throw error("\(path).\(key)", "'\(value)' is not a topic without wildcards") }
            return value
        }
        mqtt.commandTopic = try topicValue("commandTopic") ?? mqtt.commandTopic
        mqtt.stateTopic = try topicValue("stateTopic") ?? mqtt.stateTopic
        mqtt.availabilityTopic = try topicValue("availabilityTopic") ?? mqtt.availabilityTopic
        mqtt.payloadOn = try optionalString(object["payloadOn"], at: "\(path).payloadOn") ?? mqtt.payloadOn
        mqtt.payloadOff = try optionalString(object["payloadOff"], at: "\(path).payloadOff") ?? mqtt.payloadOff
        mqtt.stateOn = try optionalString(object["stateOn"], at: "\(path).stateOn") ?? mqtt.payloadOn
        mqtt.stateOff = try optionalString(object["stateOff"], at: "\(path).stateOff") ?? mqtt.payloadOff
        guard mqtt.payloadOn != mqtt.payloadOff, mqtt.stateOn != mqtt.stateOff else {
            throw error(path, "the on and off payloads must differ")
        }
        return mqtt
    }

    private func checkUnique(_ devices: [Device]) throws(ConfigurationError) {
        var seen: [String: Int] = [:]
        for (index, device) in devices.enumerated() {
            if let first = seen[device.id] {
                throw error("devices[\(index)].id", "'\(device.id)' is used twice (also devices[\(first)])")
            }
            seen[device.id] = index
        }
        var channels: [String: Int] = [:]
        for (index, device) in devices.enumerated() {
            let channel = "\(device.protocol.rawValue)/\(device.baseTopic ?? "")/\(device.topic)/\(device.relay.map(String.init) ?? "-")"
            if let first = channels[channel] {
                throw error(
                    "devices[\(index)].topic",
                    "devices[\(first)] already uses \(device.protocol.rawValue) topic '\(device.topic)'"
                        + (device.relay.map { " relay \($0)" } ?? "") + "; give one of them another topic or relay")
            }
            channels[channel] = index
        }
    }

    private func rejectUnknownKeys(_ object: [String: JSONValue], allowed: [String], at path: String) throws(ConfigurationError) {
        for key in object.keys.sorted() where !allowed.contains(key) {
            let suggestion = nearestName(to: key, among: allowed).map { " (did you mean '\($0)'?)" } ?? ""
            let known = allowed.joined(separator: ", ")
            throw error(path.isEmpty ? key : "\(path).\(key)", "unknown key\(suggestion); known keys: \(known)")
        }
    }

    private func optionalString(_ value: JSONValue?, at path: String) throws(ConfigurationError) -> String? {
        switch value {
        case nil, .null?: return nil
        case .string(let string)?: return string
        case let other?: throw error(path, "must be a string, not \(describe(other))")
        }
    }

    private func describe(_ value: JSONValue) -> String {
        switch value {
        case .number(let number): number == number.rounded() && abs(number) < 1e15 ? "\(Int(number))" : "\(number)"
        case .string(let string): "\"\(string)\""
        case .bool(let bool): "\(bool)"
        default: value.kind
        }
    }

    private func error(_ key: String, _ problem: String) -> ConfigurationError {
        ConfigurationError(file: file, key: key, problem: problem)
    }
}

/// The candidate within two edits of `word` (ignoring case), when exactly one
/// is closest: for "did you mean …?" hints.
public func nearestName(to word: String, among candidates: [String]) -> String? {
    let scored = candidates.map { ($0, EditDistance.levenshtein(Array(word.lowercased()), Array($0.lowercased()))) }
    guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= 2 else { return nil }
    return scored.filter { $0.1 == best.1 }.count == 1 ? best.0 : nil
}
