import CommandLineSupport
import Foundation
import Gateway
import HTTPServer
import Storage
import VoiceAdaptation
import VoiceShortcuts
import WebConsole

/// `voiceplug run`: the gateway.
enum RunCommand {
    static let spec = CommandSpec(
        name: "run", summary: "Runs the gateway: phrases from MQTT switch the configured plugs.",
        usage:
            "run [--config FILE] [--broker URL] [--db FILE] [--log-level error|warning|info|debug] [--share-group NAME] [--instance NAME] [--no-speech] [--threshold M] [--adaptation FILE] [--no-learning] [--http [ADDRESS:]PORT] [--no-discovery] "
            + "[--listen [--device NAME] [--output-device NAME] [--wake PHRASE | --no-wake] [--no-reply]]",
        options: [
            "config", "broker", "db", "log-level", "share-group", "instance", "adaptation", "http", "device", "output-device", "wake",
            "threshold",
        ],
        flags: ["no-speech", "no-learning", "no-discovery", "listen", "no-wake", "no-reply"],
        details: """
            --config FILE      the devices (default: voiceplug.json in the current folder)
            --broker URL       mqtt://[user@]host:port or mqtts://… (default: the config's broker, else
                               mqtt://127.0.0.1:1883); the password comes from VOICEPLUG_PASSWORD or the
                               config's passwordFile
            --db FILE          the shortcut store (default: voiceplug.db beside the configuration)
            --log-level LEVEL  what goes to standard error (default info: one line per phrase)
            --share-group NAME take phrases through an MQTT 5 shared subscription, so several gateways
                               on one broker each handle a part of them
            --instance NAME    this gateway's name among several on one broker (default: the host's
                               name): its status is voiceplug/status/NAME, online or offline (its
                               will); voiceplug/status is offline only when no instance runs
            --no-speech        do not load the speech recognizer (no voiceplug/audio)
            --threshold M      \(thresholdHelp)
            --listen           listen to a microphone too, as `voiceplug listen` does, in this process
                               (--device NAME, default "default"; --output-device, --wake PHRASE or --no-wake,
                               --no-reply as there)
            --no-discovery     control only the configuration's devices, not the plugs that announce
                               themselves (Tasmota, Zigbee2MQTT, Shelly Gen1 and Gen2, Home Assistant
                               MQTT discovery); also "discovery": false in the configuration
            --adaptation FILE  the speaker adaptation to hear with (`voiceplug adapt`; default:
                               voiceplug.adaptation beside the configuration, when it is there);
                               followed while the gateway runs: written, replaced or deleted
            --no-learning      do not learn the voices heard. Without it, each spoken command a plug
                               confirmed is kept (its audio and what was heard; the newest 60) in
                               voiceplug.hearings beside the store, and every 10 new ones adapt
                               speech recognition to the voices heard (voiceplug.hearings/learned.adaptation,
                               which `hear` uses too); not one switched back within 15 s. Delete the
                               folder to forget them. Off when an adaptation from `voiceplug adapt` is used.
            --http [ADDRESS:]PORT
                               serve the web console: the plugs live, phrases typed or spoken, and the voice
                               shortcuts' add/edit buttons (8080 means 127.0.0.1:8080; 0 picks a free port).
                               Its address with the access token is printed once at start; the token is kept
                               in voiceplug.token beside the store (delete it for a new one). The JSON API is
                               at /api (GET /api/openapi.json describes it), every request with
                               Authorization: Bearer TOKEN.

            Phrases: voiceplug/phrase (text, or {"text","id","replyTo"}), hermes/nlu/query and
            hermes/asr/textCaptured. Spoken phrases: a WAV file on voiceplug/audio, or Hermes audio
            frames on hermes/audioServer/<siteId>/audioFrame (an utterance ends after 0.6 s of silence).
            A spoken command heard but not surely switches nothing: its result carries "question" ("the
            kitchen lamp, on?", also spoken), and a yes from the same asker (replyTo, Hermes site), spoken
            or typed, within 10 s switches it.
            Results: voiceplug/result (or replyTo, or the MQTT 5 response topic).
            Plug states: retained voiceplug/plugs/<id>. Status: retained voiceplug/status online/offline.
            Shortcuts added, edited or deleted with `voiceplug shortcuts` are used within a second; edits
            to the configuration file's devices too (a file that does not load is ignored with a
            warning; a changed broker needs a restart).
            SIGINT or SIGTERM answers the phrases in flight, publishes offline and exits 0.
            """)

    static func run(_ arguments: [String], console: Console) async -> ExitCode {
        let gateway: Gateway
        var webConsole: WebConsole?
        var microphone: (@Sendable () async -> Void)?
        let url: String
        do {
            guard let parsed = try spec.parse(arguments, console: console) else { return .ok }
            let context = try Context(parsed, console: console)
            let discovery = !parsed.flags.contains("no-discovery") && (context.configuration?.discovery ?? true)
            // Without a configuration, a broker address is enough: the plugs announce themselves.
            guard let configuration = context.configuration ?? (parsed.options["broker"] != nil && discovery ? .init() : nil) else {
                throw UsageError(
                    message: "no configuration: give --config FILE, put voiceplug.json in the current folder, "
                        + "or give --broker URL to control the plugs that announce themselves", command: spec.name)
            }
            guard !configuration.devices.isEmpty || discovery else {
                throw ConfigurationError(
                    file: configuration.path ?? "voiceplug.json", key: "devices",
                    problem: "there are no devices to switch, and discovery is off")
            }
            let levelName = parsed.options["log-level"] ?? "info"
            guard let level = GatewayLog.Level(name: levelName) else {
                throw UsageError(message: "--log-level must be error, warning, info or debug, not '\(levelName)'", command: spec.name)
            }
            let broker = try BrokerSettings(parsed, configuration: configuration, console: console, command: spec.name)
            url = broker.url
            var settings = Gateway.Settings(
                broker: broker.mqtt, brokerURL: broker.url, configuration: configuration,
                shareGroup: parsed.options["share-group"])
            if let instance = parsed.options["instance"] {
                guard Gateway.Settings.isValidInstance(instance) else {
                    throw UsageError(
                        message: "--instance must be 1 to 64 letters, digits, '-', '_' or '.', not '\(instance)'", command: spec.name)
                }
                settings.instance = instance
            }
            settings.speech = !parsed.flags.contains("no-speech")
            settings.discovery = discovery
            if settings.speech {
                settings.speechThreshold = try speechThreshold(parsed, command: spec.name)
                settings.speechAdaptation = try context.adaptation()
                settings.speechAdaptationPath = context.adaptationPath
                if !context.adaptationEnrolled && !parsed.flags.contains("no-learning") {
                    settings.learning = VoiceLearning.Settings(folder: context.hearingsPath)
                }
            }
            let log = GatewayLog(level: level) { console.err($0) }
            let store = try context.store()
            gateway = try Gateway(
                settings: settings, registry: VoiceShortcutCenter(store: store, meaning: context.commandMeaning), log: log,
                recentPhrases: store, deviceStore: store)
            if let listen = parsed.options["http"] {
                webConsole = try startConsole(listen, gateway: gateway, context: context)
            }
            if parsed.flags.contains("listen") {
                guard settings.speech else { throw UsageError(message: "--listen needs speech: leave out --no-speech", command: spec.name) }
                microphone = try ListenCommand.microphone(parsed, configuration: context.configuration, gateway: gateway, console: console)
            } else if let option = ["device", "output-device", "wake"].first(where: { parsed.options[$0] != nil }) {
                throw UsageError(message: "--\(option) goes with --listen", command: spec.name)
            }
        } catch {
            return report(error, command: spec.name, console: console)
        }
        do {
            // A service: it runs until cancelled, and SIGINT or SIGTERM cancels it (it then stops gracefully). The
            // console serves while the gateway runs, and stops with it.
            let service = Task { [webConsole, microphone] in
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask { try await gateway.run() }
                    if let webConsole { group.addTask { try await webConsole.run() } }
                    if let microphone {
                        group.addTask {
                            await microphone()
                            while !Task.isCancelled { try await Task.sleep(for: .seconds(3600)) }  // the gateway goes on
                        }
                    }
                    defer { group.cancelAll() }
                    try await group.next()
                }
            }
            Task {
                _ = await terminationSignal()
                service.cancel()
            }
            try await service.value
            return .ok
        } catch let taken as InstanceTaken {
            return report(UsageError(message: "\(taken)", command: spec.name), command: spec.name, console: console)
        } catch {
            return report(BrokerUnreachable(url: url, underlying: error), command: spec.name, console: console)
        }
    }

    /// Starts the web console on `listen` (`[ADDRESS:]PORT`) and prints its address with the token, once.
    private static func startConsole(_ listen: String, gateway: Gateway, context: Context) throws -> WebConsole {
        let (address, port) = try consoleAddress(listen)
        let token: String
        do {
            token = try ConsoleToken.loadOrCreate(at: context.tokenPath)
        } catch {
            throw ConsoleUnavailable(message: "\(error)")
        }
        let settings = WebConsole.Settings(address: address, port: port, token: token)
        let console = WebConsole(gateway: gateway, settings: settings)
        let page: String
        do {
            page = try console.start()
        } catch {
            throw ConsoleUnavailable(message: "--http \(listen): \(error)")
        }
        if !settings.isLoopback {
            context.console.err(
                "voiceplug run: WARNING: the console listens on \(listen), which other machines can reach, over plain "
                    + "HTTP: whoever reads the token on the network can switch your plugs. Prefer 127.0.0.1 and a "
                    + "reverse proxy with TLS.\n")
        }
        context.console.out("web console: \(page)\n")
        return console
    }

    /// `8080` → 127.0.0.1:8080; `ADDRESS:PORT`, `[IPv6]:PORT`; `localhost` is 127.0.0.1.
    static func consoleAddress(_ text: String) throws -> (String, UInt16) {
        var address = "127.0.0.1", portText = Substring(text)
        if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            address = String(text[text.index(after: text.startIndex)..<close])
            portText = text[text.index(after: close)...].drop { $0 == ":" }
        } else if let colon = text.lastIndex(of: ":") {
            address = String(text[..<colon])
            portText = text[text.index(after: colon)...]
        }
        if address == "localhost" { address = "127.0.0.1" }
        guard let port = UInt16(portText) else {
            throw UsageError(message: "--http takes [ADDRESS:]PORT (8080, 127.0.0.1:8080, [::1]:8080), not '\(text)'", command: spec.name)
        }
        return (address, port)
    }
}

/// The console cannot listen where asked (the port is taken, the address not this machine's).
struct ConsoleUnavailable: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
