import ChildProcesses
import CommandLineSupport
import Foundation
import Gateway
import JSONText
import LocalBroker
import MQTT
import Storage
import VoiceShortcuts

/// VoicePlug on a private local broker: mosquitto, plugsim and the gateway
/// as child processes, and a client to talk to them (the demo, `bench
/// --gateway`). `stop()` ends them all: no process is left behind.
final class LocalStack: @unchecked Sendable {
    let console: Console
    let broker: PrivateBroker
    let folder: URL
    let configuration: VoicePlugConfiguration
    let offlineDevice: String?
    let quiet: Bool
    var children: [SpawnedProcess] = []
    var client: MQTTClient?
    let states = StateBoard()
    /// The web console's address with its token, as the gateway printed it.
    var consoleAddress: String?

    private init(
        console: Console, broker: PrivateBroker, folder: URL, configuration: VoicePlugConfiguration,
        offlineDevice: String?, quiet: Bool
    ) {
        self.console = console
        self.broker = broker
        self.folder = folder
        self.configuration = configuration
        self.offlineDevice = offlineDevice
        self.quiet = quiet
    }

    private func say(line text: String) { if !quiet { console.out(text) } }

    /// Starts everything with the configuration at `configPath`; `shortcuts`
    /// are added before the gateway starts; the last device starts offline
    /// when `lastOffline`; `quiet` prints nothing.
    static func start(
        configPath: String, console: Console, shortcuts: [(String, PowerState, String)] = [],
        lastOffline: Bool = true, quiet: Bool = false
    ) async throws -> LocalStack {
        let absolute =
            configPath.hasPrefix("/") ? configPath : URL(fileURLWithPath: console.currentDirectory).appendingPathComponent(configPath).path
        guard FileManager.default.fileExists(atPath: absolute) else {
            throw ConfigurationError(
                file: configPath, key: "", problem: "the file does not exist (run the demo from the repository's folder, or give --config)")
        }
        var configuration = try VoicePlugConfiguration.load(from: absolute)
        let broker = try PrivateBroker.start()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("voiceplug-demo-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // The example's configuration, pointed at the private broker.
        var object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: absolute))) as? [String: Any] ?? [:]
        object["broker"] = broker.url
        try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
            .write(to: folder.appendingPathComponent("voiceplug.json"))
        configuration.broker = broker.url
        let session = LocalStack(
            console: console, broker: broker, folder: folder, configuration: configuration,
            offlineDevice: lastOffline ? configuration.devices.last?.id : nil, quiet: quiet)
        do {
            try await session.launch(shortcuts: shortcuts)
        } catch {
            await session.stop()
            throw error
        }
        return session
    }

    var programs: URL {
        URL(fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0])
            .deletingLastPathComponent()
    }

    private func launch(shortcuts: [(String, PowerState, String)]) async throws {
        say(line: "  broker   private mosquitto on \(broker.url) (pid \(broker.pid ?? 0))\n")
        let config = folder.appendingPathComponent("voiceplug.json").path
        let offline = offlineDevice.map { ["--offline", $0] } ?? []
        let plugsim = try spawn("plugsim", ["--config", config, "--no-tui", "--tele-period", "0"] + offline, log: "plugsim.log")
        try await waitFor("plugs (", in: "plugsim.log", process: plugsim, what: "plugsim")
        let protocols = Set(configuration.devices.map(\.protocol.rawValue)).sorted().joined(separator: ", ")
        say(
            line:
                "  plugsim  \(configuration.devices.count) simulated plugs (\(protocols))\(offlineDevice.map { "; \($0) starts offline" } ?? "")\n"
        )

        let registry = try VoiceShortcutCenter(store: SQLiteShortcutStore(path: folder.appendingPathComponent("voiceplug.db").path))
        for (device, state, phrase) in shortcuts where configuration.device(id: device) != nil {
            try registry.add(ToggleStateIntent(deviceID: device, state: state), phrase: phrase)
            say(line: "  shortcut \"\(phrase)\" → \(device) \(state)\n")
        }
        let gateway = try spawn(
            "voiceplug", ["run", "--config", config, "--db", folder.appendingPathComponent("voiceplug.db").path, "--http", "0"],
            log: "gateway.log")
        try await waitFor("gateway online", in: "gateway.log", process: gateway, what: "the gateway")
        let log = (try? String(contentsOf: folder.appendingPathComponent("gateway.log"), encoding: .utf8)) ?? ""
        consoleAddress = log.firstMatch(of: /web console: (\S+)/).map { String($0.output.1) }
        say(line: "  gateway  voiceplug run (log: one line per phrase)\n")
        say(line: "  console  \(consoleAddress ?? "(not started; see gateway.log)")\n\n")

        let client = try MQTTClient(MQTTConfiguration(url: broker.url))
        try await client.connect()
        self.client = client
        let board = states
        let stream = client.messages
        Task {
            for await message in stream {
                if message.topic.hasPrefix(Gateway.plugsTopicPrefix) {
                    if let object = (try? JSONSerialization.jsonObject(with: Data(message.payload))) as? [String: Any] {
                        board.update(object)
                    }
                } else {
                    board.record(reply: message.topic, message.payload)
                }
            }
        }
        try await client.subscribe(Gateway.plugsTopicPrefix + "+", qos: .atLeastOnce)
        try await Task.sleep(for: .milliseconds(300))
    }

    private func spawn(_ program: String, _ arguments: [String], log: String) throws -> SpawnedProcess {
        let process = try SpawnedProcess(
            programs.appendingPathComponent(program).path, arguments,
            log: folder.appendingPathComponent(log).path, ownProcessGroup: true)
        children.append(process)
        return process
    }

    private func waitFor(_ text: String, in log: String, process: SpawnedProcess, what: String) async throws {
        let url = folder.appendingPathComponent(log)
        for _ in 0..<400 {
            if let content = try? String(contentsOf: url, encoding: .utf8), content.contains(text) { return }
            if !process.isRunning { break }
            try await Task.sleep(for: .milliseconds(25))
        }
        let content = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        throw DemoError(message: "\(what) did not start: \(content.split(separator: "\n").suffix(3).joined(separator: " | "))")
    }

    struct DemoError: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }

    // MARK: Talking to the gateway

    /// Sends a phrase and waits for its result (5 s at most).
    func say(_ phrase: String) async -> PhraseResult? {
        guard let client else { return nil }
        let id = UUID().uuidString.lowercased()
        let replyTo = "voiceplug/demo/\(id)"
        do {
            try await client.subscribe(replyTo, qos: .atLeastOnce)
            let request = "{\"text\":\(JSON.string(phrase)),\"id\":\(JSON.string(id)),\"replyTo\":\(JSON.string(replyTo))}"
            let board = states
            let payload = await withTaskGroup(of: [UInt8]?.self) { group in
                group.addTask { await board.reply(on: replyTo) }
                group.addTask {
                    try? await Task.sleep(for: .seconds(5))
                    board.giveUp(on: replyTo)
                    return nil
                }
                try? await client.publish(PhraseTopics.phrase, request, qos: .atLeastOnce)
                let first = await group.next() ?? nil
                group.cancelAll()
                board.giveUp(on: replyTo)
                return first
            }
            try? await client.unsubscribe(replyTo)
            return payload.flatMap(PhraseResult.parse)
        } catch {
            return nil
        }
    }

    /// Stops the gateway and plugsim (SIGTERM, then SIGKILL), the broker, and
    /// removes the folder: no process is left behind.
    func stop() async {
        if let client { await client.disconnect() }
        for process in children.reversed() { process.stop() }
        broker.stop()
        try? FileManager.default.removeItem(at: folder)
    }
}

/// The plug states the gateway publishes, and replies, as they arrive.
final class StateBoard: @unchecked Sendable {
    private let lock = NSLock()
    private var states: [String: [String: Any]] = [:]
    private var replies: [String: [UInt8]] = [:]

    func update(_ object: [String: Any]) {
        guard let id = object["id"] as? String else { return }
        lock.withLock { states[id] = object }
    }

    private var waiters: [String: CheckedContinuation<[UInt8]?, Never>] = [:]

    /// The reply on `topic`: at once when it came already, else when it comes.
    func reply(on topic: String) async -> [UInt8]? {
        await withCheckedContinuation { continuation in
            let ready = lock.withLock { () -> [UInt8]?? in
                if let payload = replies.removeValue(forKey: topic) { return .some(payload) }
                waiters[topic] = continuation
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    /// Ends a wait on `topic` without a reply.
    func giveUp(on topic: String) {
        let waiter = lock.withLock { waiters.removeValue(forKey: topic) }
        waiter?.resume(returning: nil)
    }

    func record(reply topic: String, _ payload: [UInt8]) {
        let waiter = lock.withLock { () -> CheckedContinuation<[UInt8]?, Never>? in
            if let waiter = waiters.removeValue(forKey: topic) { return waiter }
            replies[topic] = payload
            return nil
        }
        waiter?.resume(returning: payload)
    }

    /// `kitchen-lamp ○ · kettle ● · …`
    func line(_ configuration: VoicePlugConfiguration) -> String {
        let snapshot = lock.withLock { states }
        return "plugs: "
            + configuration.devices.map { device in
                let state = snapshot[device.id]
                if state?["online"] as? Bool == false { return "\(device.id) offline" }
                return "\(device.id) " + ((state?["state"] as? String) == "on" ? "● on" : "○ off")
            }.joined(separator: " · ")
    }

    func table(_ configuration: VoicePlugConfiguration) -> String {
        let snapshot = lock.withLock { states }
        var text = "  PLUG           NAME             PROTOCOL     STATE   LINK\n"
        for device in configuration.devices {
            let state = snapshot[device.id]
            let power = (state?["state"] as? String) == "on" ? "● on " : "○ off"
            let link = (state?["online"] as? Bool).map { $0 ? "online" : "offline" } ?? "unknown"
            text +=
                "  " + device.id.padding(toLength: 14, withPad: " ", startingAt: 0) + " "
                + device.name.padding(toLength: 16, withPad: " ", startingAt: 0) + " "
                + device.protocol.rawValue.padding(toLength: 12, withPad: " ", startingAt: 0) + " " + power + "   " + link + "\n"
        }
        return text
    }
}
