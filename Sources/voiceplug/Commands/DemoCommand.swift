import CommandLineSupport
import Foundation
import Gateway
import JSONText
import LocalBroker
import MQTT
import Storage
import VoiceShortcuts

/// `voiceplug demo`: the main job on a private local broker — plugsim with
/// the example's plugs (one offline), the gateway, a few voice shortcuts and
/// a scripted session. On a terminal it then stays up until Ctrl-C.
enum DemoCommand {
    static let spec = CommandSpec(
        name: "demo", summary: "Runs VoicePlug on a private local broker with simulated plugs and plays a short session.",
        usage: "demo [--config FILE] [--keep-running | --no-wait]",
        options: ["config"], flags: ["keep-running", "no-wait"],
        details: """
            Starts a private mosquitto on a free loopback port, plugsim with the configuration's plugs
            (the last one offline), `voiceplug run`, adds voice shortcuts, and says a few phrases:
            custom phrases, generic commands, a typo, an unknown phrase and one for the offline plug.
            On a terminal it then stays up and prints the `voiceplug say` command to try from another
            terminal; Ctrl-C stops everything. Without a terminal it exits after the script.

            --config FILE     default: examples/voiceplug.json in the current folder
            --keep-running    stay up even without a terminal; --no-wait: exit after the script
            """)

    static let script: [(String, String)] = [
        ("lights out", "a voice shortcut"),
        ("good morning", "a voice shortcut"),
        ("turn on the christmas tree", "a generic command"),
        ("switch on the printer in the office", "a generic command with its area"),
        ("desk fan on please", "a generic command"),
        ("turn off the chrismas tree", "a typo: one letter missing"),
        ("turn on the toaster", "a device nobody configured"),
        ("porch light on", "the plug that is offline"),
    ]

    static func run(_ arguments: [String], console: Console) async -> ExitCode {
        let parsed: Arguments
        do {
            parsed = try Arguments(arguments, spec: spec)
        } catch {
            return report(error, command: spec.name, console: console)
        }
        if parsed.wantsHelp {
            console.out(spec.help)
            return .ok
        }
        let interactive = parsed.flags.contains("keep-running") || (!parsed.flags.contains("no-wait") && console.isTerminal && isatty(0) == 1)
        let configPath = parsed.options["config"] ?? "examples/voiceplug.json"
        let session: DemoSession
        do {
            session = try await DemoSession.start(configPath: configPath, console: console)
        } catch {
            console.err("voiceplug demo: \(error)\n")
            return error is ConfigurationError ? .usage : .unavailable
        }
        let code = await session.play(interactive: interactive)
        await session.stop()
        return code
    }
}

/// The processes and the client of one demo run; `stop()` ends them all.
final class DemoSession: @unchecked Sendable {
    let console: Console
    let broker: PrivateBroker
    let folder: URL
    let configuration: VoicePlugConfiguration
    let offlineDevice: String
    var children: [SpawnedProcess] = []
    var client: MQTTClient?
    let states = StateBoard()

    private init(console: Console, broker: PrivateBroker, folder: URL, configuration: VoicePlugConfiguration) {
        self.console = console
        self.broker = broker
        self.folder = folder
        self.configuration = configuration
        self.offlineDevice = configuration.devices.last?.id ?? ""
    }

    static func start(configPath: String, console: Console) async throws -> DemoSession {
        let absolute = configPath.hasPrefix("/") ? configPath : URL(fileURLWithPath: console.currentDirectory).appendingPathComponent(configPath).path
        guard FileManager.default.fileExists(atPath: absolute) else {
            throw ConfigurationError(file: configPath, key: "", problem: "the file does not exist (run the demo from the repository's folder, or give --config)")
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
        let session = DemoSession(console: console, broker: broker, folder: folder, configuration: configuration)
        do {
            try await session.launch()
        } catch {
            await session.stop()
            throw error
        }
        return session
    }

    private var programs: URL {
        URL(fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0])
            .deletingLastPathComponent()
    }

    private func launch() async throws {
        console.out("VoicePlug demo\n\n")
        console.out("  broker   private mosquitto on \(broker.url) (pid \(broker.pid ?? 0))\n")
        let config = folder.appendingPathComponent("voiceplug.json").path
        let plugsim = try spawn("plugsim", ["--config", config, "--no-tui", "--tele-period", "0", "--offline", offlineDevice], log: "plugsim.log")
        try await waitFor("plugs (", in: "plugsim.log", process: plugsim, what: "plugsim")
        console.out("  plugsim  \(configuration.devices.count) simulated plugs (tasmota, shelly, zigbee2mqtt); \(offlineDevice) starts offline\n")

        let registry = try VoiceShortcutCenter(store: SQLiteShortcutStore(path: folder.appendingPathComponent("voiceplug.db").path))
        for (device, state, phrase) in [("kitchen-lamp", PowerState.off, "lights out"), ("kettle", .on, "good morning")]
        where configuration.device(id: device) != nil {
            try registry.add(ToggleStateIntent(deviceID: device, state: state), phrase: phrase)
            console.out("  shortcut \"\(phrase)\" → \(device) \(state)\n")
        }
        let gateway = try spawn("voiceplug", ["run", "--config", config, "--db", folder.appendingPathComponent("voiceplug.db").path],
                                log: "gateway.log")
        try await waitFor("gateway online", in: "gateway.log", process: gateway, what: "the gateway")
        console.out("  gateway  voiceplug run (log: one line per phrase)\n\n")

        let client = try MQTTClient(MQTTConfiguration(url: broker.url))
        try await client.connect()
        self.client = client
        let board = states
        let stream = client.messages
        Task {
            for await message in stream {
                if message.topic.hasPrefix(Gateway.plugsTopicPrefix) {
                    if let object = (try? JSONSerialization.jsonObject(with: Data(message.payload))) as? [String: Any] { board.update(object) }
                } else {
                    board.record(reply: message.topic, message.payload)
                }
            }
        }
        try await client.subscribe(Gateway.plugsTopicPrefix + "+", qos: .atLeastOnce)
        try await Task.sleep(for: .milliseconds(300))
    }

    private func spawn(_ program: String, _ arguments: [String], log: String) throws -> SpawnedProcess {
        let process = try SpawnedProcess(programs.appendingPathComponent(program).path, arguments,
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

    // MARK: The session

    func play(interactive: Bool) async -> ExitCode {
        console.out(states.table(configuration) + "\n")
        var failures = 0
        for (phrase, note) in DemoCommand.script {
            guard let result = await say(phrase) else {
                console.out("  say \"\(phrase)\"\n      no answer from the gateway\n")
                failures += 1
                continue
            }
            try? await Task.sleep(for: .milliseconds(150))  // let the plug table catch up
            console.out("  say \"\(phrase)\"   (\(note))\n      \(SayCommand.describe(result, configuration: configuration))\n")
            console.out("      " + states.line(configuration) + "\n\n")
        }
        console.out(states.table(configuration) + "\n")
        guard failures == 0 else {
            console.err("voiceplug demo: \(failures) phrase(s) got no answer; see the logs in \(folder.path)\n")
            return .failed
        }
        if interactive {
            console.out("""
                The gateway is running. From another terminal, try:

                    \(programs.appendingPathComponent("voiceplug").path) say --broker \(broker.url) "turn off the christmas tree"
                    mosquitto_sub -p \(broker.port) -v -t 'voiceplug/#' -t 'stat/#' -t 'shellies/#' -t 'zigbee2mqtt/#'

                Ctrl-C stops everything.

                """)
            _ = await terminationSignal()
            console.out("\nstopping…\n")
        }
        return .ok
    }

    private func say(_ phrase: String) async -> PhraseResult? {
        guard let client else { return nil }
        let id = UUID().uuidString.lowercased()
        let replyTo = "voiceplug/demo/\(id)"
        do {
            try await client.subscribe(replyTo, qos: .atLeastOnce)
            let request = "{\"text\":\(JSON.string(phrase)),\"id\":\(JSON.string(id)),\"replyTo\":\(JSON.string(replyTo))}"
            try await client.publish(PhraseTopics.phrase, request, qos: .atLeastOnce)
            for _ in 0..<200 {
                if let payload = states.takeReply(replyTo) { return PhraseResult.parse(payload) }
                try await Task.sleep(for: .milliseconds(25))
            }
        } catch {}
        return nil
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

    func takeReply(_ topic: String) -> [UInt8]? { lock.withLock { replies.removeValue(forKey: topic) } }

    func record(reply topic: String, _ payload: [UInt8]) { lock.withLock { replies[topic] = payload } }

    /// `kitchen-lamp ○ · kettle ● · …`
    func line(_ configuration: VoicePlugConfiguration) -> String {
        let snapshot = lock.withLock { states }
        return "plugs: " + configuration.devices.map { device in
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
            text += "  " + device.id.padding(toLength: 14, withPad: " ", startingAt: 0) + " "
                + device.name.padding(toLength: 16, withPad: " ", startingAt: 0) + " "
                + device.protocol.rawValue.padding(toLength: 12, withPad: " ", startingAt: 0) + " " + power + "   " + link + "\n"
        }
        return text
    }
}
