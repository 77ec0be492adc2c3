import CommandLineSupport
import Foundation
import MQTT
import VoiceShortcuts

/// `plugsim`: the command line.
enum PlugsimCommand {
    static let spec = CommandSpec(
        name: "", summary: "Simulates smart plugs (Tasmota, Shelly Gen1, Zigbee2MQTT) on an MQTT broker.",
        usage: "[--broker URL] [--plugs ID,ID,... | --config FILE] [--protocol tasmota|shelly|shelly2|zigbee2mqtt|mqtt] "
            + "[--latency MS] [--jitter MS] [--drop FRACTION] [--offline ID,...] [--tele-period SECONDS] [--state FILE] [--no-tui]",
        options: ["broker", "plugs", "config", "protocol", "latency", "jitter", "drop", "offline", "tele-period", "state"],
        flags: ["no-tui"],
        details: """
            --broker URL        mqtt://[user@]host:port (default: the config's broker, else mqtt://127.0.0.1:1883);
                                the password comes from VOICEPLUG_PASSWORD
            --plugs ID,...      one plug per id (topic = id), speaking --protocol (default tasmota)
            --config FILE       a VoicePlug configuration: every device with its protocol, topic and relay
            --latency MS        delay before a command is carried out; --jitter MS varies it by up to ±MS
            --drop FRACTION     share of commands ignored (0 to 1)
            --offline ID,...    plugs that start offline (their offline state is published, retained)
            --tele-period S     telemetry every S seconds (Tasmota's tele/STATE and SENSOR, Shelly's and
                                Zigbee2MQTT's state reports); default 300 as on Tasmota, 0 turns it off
            --state FILE        keep plug states across restarts (else plugs start off)
            --no-tui            one line per event instead of the live table (also when not on a terminal)

            At run time, publish to plugsim/control:
              {"plug":"ID","online":false}   drop the connection: the broker publishes the will
              {"plug":"ID","online":true}    come back
              {"plug":"ID","drop":0.5}       ignore half of the commands
              {"plug":"ID","latencyMs":300}  answer after 300 ms
            SIGINT or SIGTERM publishes every plug offline and exits 0.
            --version prints the version.
            """,
        program: "plugsim")

    static func run(_ arguments: [String], console: Console) async -> ExitCode {
        if arguments.first == "--version" {
            console.out("plugsim \(VoicePlugVersion.current)\n")
            return .ok
        }
        let options: PlugSimulator.Options
        do {
            guard let parsed = try spec.parse(arguments, console: console) else { return .ok }
            options = try makeOptions(parsed, console: console)
        } catch let error as UsageError {
            console.err("plugsim: \(error)\n")
            return .usage
        } catch {
            console.err("plugsim: \(error)\n")
            return .usage
        }
        do {
            try await PlugSimulator(options: options, console: console).run()
            return .ok
        } catch let error as StateFileError {
            console.err("plugsim: \(error)\n")
            return .usage
        } catch {
            console.err("plugsim: cannot reach the broker at \(options.brokerURL): \(error)\n")
            return .unavailable
        }
    }

    static func makeOptions(_ parsed: Arguments, console: Console) throws -> PlugSimulator.Options {
        func usage(_ message: String) -> UsageError { UsageError(message: message, command: spec.name, program: spec.program) }
        var configuration: VoicePlugConfiguration?
        if let path = parsed.options["config"] {
            guard parsed.options["plugs"] == nil else { throw usage("give --plugs or --config, not both") }
            configuration = try VoicePlugConfiguration.load(from: path)
        }
        let protocolName = parsed.options["protocol"] ?? "tasmota"
        guard let plugProtocol = PlugProtocol(rawValue: protocolName) else {
            let choices = PlugProtocol.allCases.map(\.rawValue).joined(separator: ", ")
            throw usage("--protocol must be one of \(choices), not '\(protocolName)'")
        }
        var devices: [Device]
        if let configuration {
            guard parsed.options["protocol"] == nil else {
                throw usage("--protocol goes with --plugs; the config gives each device's protocol")
            }
            devices = configuration.devices
        } else {
            let ids = (parsed.options["plugs"] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
                !$0.isEmpty
            }
            guard !ids.isEmpty else { throw usage("give the plugs to simulate: --plugs ID,ID,... or --config FILE") }
            for id in ids where !Device.isValidID(id) {
                throw usage("'\(id)' is not a valid plug id: use lower-case letters, digits and hyphens")
            }
            guard Set(ids).count == ids.count else { throw usage("a plug id is given twice in --plugs") }
            devices = ids.map { Device(id: $0, protocol: plugProtocol) }
        }
        guard !devices.isEmpty else { throw usage("the configuration has no devices") }
        let url = parsed.options["broker"] ?? configuration?.broker ?? "mqtt://127.0.0.1:1883"
        var broker = try MQTTConfiguration(url: url)
        if broker.credentials != nil { broker.credentials?.password = console.environment["VOICEPLUG_PASSWORD"] }
        if let caFile = configuration?.caFile {
            broker.tls = .init(caFile: caFile, certificateFile: configuration?.certFile, keyFile: configuration?.keyFile)
        }
        broker.connectTimeout = .seconds(10)

        func milliseconds(_ name: String) throws -> Duration {
            guard let text = parsed.options[name] else { return .zero }
            guard let value = Double(text), value >= 0, value <= 600_000 else {
                throw usage("--\(name) must be milliseconds from 0 to 600000, not '\(text)'")
            }
            return .milliseconds(value)
        }
        var faults = Faults()
        faults.latency = try milliseconds("latency")
        faults.jitter = try milliseconds("jitter")
        if let text = parsed.options["drop"] {
            guard let value = Double(text), (0...1).contains(value) else {
                throw usage("--drop must be a fraction from 0 to 1, not '\(text)'")
            }
            faults.drop = value
        }
        let offline = Set(
            (parsed.options["offline"] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
        let known = Set(devices.map(\.id))
        for id in offline where !known.contains(id) {
            let hint = nearestName(to: id, among: Array(known)).map { " — did you mean '\($0)'?" } ?? ""
            throw usage("--offline names '\(id)', which is not a simulated plug\(hint)")
        }
        var telePeriod: Duration? = .seconds(300)
        if let text = parsed.options["tele-period"] {
            guard let value = Double(text), value >= 0 else { throw usage("--tele-period must be seconds (0 turns it off), not '\(text)'") }
            telePeriod = value == 0 ? nil : .seconds(value)
        }
        let statePath = parsed.options["state"].map {
            $0.hasPrefix("/") ? $0 : URL(fileURLWithPath: console.currentDirectory).appendingPathComponent($0).path
        }
        return PlugSimulator.Options(
            broker: broker, brokerURL: url, devices: devices, faults: faults, offline: offline,
            table: console.isTerminal && !parsed.flags.contains("no-tui"),
            telePeriod: telePeriod, stateFile: statePath.map(StateFile.init))
    }
}
