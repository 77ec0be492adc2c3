import ChildProcesses
import CommandLineSupport
import Foundation
import JSONText
import MQTT
import Storage
import VoiceShortcuts

/// `voiceplug bench`: measures the matcher and the registry on generated
/// data (100 devices, 10,000 shortcuts), in a temporary folder.
enum BenchCommand {
    static let spec = CommandSpec(
        name: "bench", summary: "Measures phrase matching and the shortcut registry on generated data.",
        usage: "bench [--json] [--phrases N] [--gateway | --speech]",
        options: ["phrases"], flags: ["json", "gateway", "speech"],
        details: """
            In a temporary folder: a configuration of 100 devices and a store of 10,000
            voice shortcuts. Then:
              match end to end   `voiceplug match` as a child process, N phrases (default
                                 200000) through its standard input and output; all hits,
                                 then all misses
              matcher            the same phrases in this process
              add                100,000 shortcuts into a new store, in one transaction and one by one
              lookup             shortcut for (device, state) with 100 and with 100,000 shortcuts
            With --gateway instead: a private broker, plugsim and the gateway as processes; N phrases
            (default 500) one after another, with the latency the gateway reports (what `say` prints),
            the requester's whole round trip over MQTT and over the web console's POST /api/phrase
            (the two alternate, phrase by phrase), and the broker's own QoS 1 round trip next to them.
            With --speech instead: the recognizer's start, grammar rebuild and real-time factor with 100
            devices and 1,000 voice shortcuts, for commands and for speech that is none (needs flite for
            the utterances); each set is heard twice and the second hearing counted, the first beside it
            (a recognizer's first hearings also make what it keeps for the next ones).
            Build with `swift build -c release` first: debug builds are far slower.
            """)

    static func run(_ arguments: [String], console: Console) async -> ExitCode {
        do {
            guard let parsed = try spec.parse(arguments, console: console) else { return .ok }
            let json = parsed.flags.contains("json")
            if parsed.flags.contains("speech") {
                return try await SpeechBench.run(json: json, console: console)
            }
            if parsed.flags.contains("gateway") {
                let count = Int(parsed.options["phrases"] ?? "500") ?? 0
                guard count > 0 else { throw UsageError(message: "--phrases must be a positive number", command: spec.name) }
                return try await GatewayBench.run(phrases: count, json: json, console: console)
            }
            let count = Int(parsed.options["phrases"] ?? "200000") ?? 0
            guard count > 0 else { throw UsageError(message: "--phrases must be a positive number", command: spec.name) }
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("voiceplug-bench-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }

            let data = BenchData()
            let configPath = folder.appendingPathComponent("voiceplug.json").path
            try data.configurationJSON().write(toFile: configPath, atomically: true, encoding: .utf8)
            let store = try SQLiteShortcutStore(path: folder.appendingPathComponent("voiceplug.db").path)
            try store.add(contentsOf: data.shortcuts(10_000))
            let registry = try VoiceShortcutCenter(store: store)

            var results: [(String, String, Double)] = []
            func note(_ key: String, _ label: String, _ value: Double) {
                results.append((key, label, value))
                if !json { console.out("\(label): \(format(value))\n") }
            }

            // End to end through a real `voiceplug match` process.
            let hits = data.hitPhrases(count, shortcuts: registry.index)
            let misses = data.missPhrases(count)
            for (name, phrases) in [("hits", hits), ("misses", misses)] {
                let (seconds, lines) = try matchProcess(phrases, config: configPath, db: store.path, folder: folder)
                guard lines == phrases.count else {
                    throw UsageError(message: "voiceplug match answered \(lines) of \(phrases.count) lines", command: spec.name)
                }
                note("match_\(name)_per_second", "match end to end, \(name), phrases/s", Double(phrases.count) / seconds)
            }

            // The matcher alone.
            let matcher = PhraseMatcher(devices: data.devices)
            let index = registry.index
            for (name, phrases) in [("hits", hits), ("misses", misses)] {
                var recognized = 0
                let seconds = measure {
                    for phrase in phrases where matcher.match(phrase, shortcuts: index).intent != nil { recognized += 1 }
                }
                note("matcher_\(name)_per_second", "matcher in process, \(name), phrases/s", Double(phrases.count) / seconds)
                note(
                    "matcher_\(name)_recognized_share", "matcher in process, \(name), share recognized",
                    Double(recognized) / Double(phrases.count))
            }

            // Adding 100,000 shortcuts.
            let many = data.shortcuts(100_000)
            let bulkStore = try SQLiteShortcutStore(path: folder.appendingPathComponent("bulk.db").path)
            let bulkRegistry = try VoiceShortcutCenter(store: bulkStore)
            note(
                "add_100k_bulk_seconds", "add 100,000 shortcuts in one transaction (registry.add(contentsOf:)), s",
                try measureThrowing { try bulkRegistry.add(contentsOf: many) })
            let singleRegistry = try VoiceShortcutCenter(store: SQLiteShortcutStore(path: folder.appendingPathComponent("single.db").path))
            note(
                "add_100k_one_by_one_seconds", "add 100,000 shortcuts one by one (registry.add), s",
                try measureThrowing {
                    for shortcut in many { try singleRegistry.add(shortcut.intent, phrase: shortcut.invocationPhrase) }
                })

            // Lookups at two sizes.
            let small = ShortcutIndex(many.prefix(100))
            let large = singleRegistry.index
            // The same 100 keys in both, so only the index size differs.
            let keys = many.prefix(100).map(\.intent.key)
            for (name, index) in [("100", small), ("100k", large)] {
                var found = 0
                let rounds = 1_000_000
                let seconds = measure {
                    for i in 0..<rounds where index.voiceShortcut(for: keys[i % keys.count]) != nil { found += 1 }
                }
                note("lookup_\(name)_ns", "lookup by (device, state) with \(name) shortcuts, ns", seconds / Double(rounds) * 1e9)
            }
            if json {
                console.out("{" + results.map { "\(JSON.string($0.0)):\($0.2)" }.joined(separator: ",") + "}\n")
            }
            return .ok
        } catch {
            return report(error, command: spec.name, console: console)
        }
    }

    private static func format(_ value: Double) -> String {
        value >= 1000 ? String(format: "%.0f", value) : String(format: "%.3f", value)
    }

    private static func measure(_ body: () -> Void) -> Double {
        let start = ContinuousClock.now
        body()
        return (ContinuousClock.now - start).timeInterval
    }

    private static func measureThrowing(_ body: () throws -> Void) throws -> Double {
        var failure: Error?
        let seconds = measure { do { try body() } catch { failure = error } }
        if let failure { throw failure }
        return seconds
    }

    /// Runs `voiceplug match < phrases > answers` as a child process, as a
    /// user would; returns the wall time and the number of answers.
    private static func matchProcess(_ phrases: [String], config: String, db: String, folder: URL) throws -> (Double, Int) {
        let inputURL = folder.appendingPathComponent("phrases.txt")
        let outputURL = folder.appendingPathComponent("answers.jsonl")
        try Data((phrases.joined(separator: "\n") + "\n").utf8).write(to: inputURL)
        let start = ContinuousClock.now
        let process = try SpawnedProcess(
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0],
            ["match", "--config", config, "--db", db], standardInput: inputURL.path, standardOutput: outputURL.path)
        process.reap(within: 3600)
        let elapsed = ContinuousClock.now - start
        let lines = try Data(contentsOf: outputURL).reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        return (elapsed.timeInterval, lines)
    }
}

/// Generated devices, shortcuts and phrases for `bench`.
struct BenchData {
    let devices: [Device]

    private static let qualifiers = ["desk", "floor", "reading", "bedside", "wall", "corner", "garden", "porch", "patio", "window"]
    private static let things = ["lamp", "heater", "fan", "radio", "speaker", "kettle", "charger", "humidifier", "projector", "fountain"]
    private static let areas = ["kitchen", "office", "bedroom", "living room", "garage", "attic", "cellar", "hallway", "nursery", "studio"]

    init() {
        var devices: [Device] = []
        for (q, qualifier) in Self.qualifiers.enumerated() {
            for (t, thing) in Self.things.enumerated() {
                let name = "\(qualifier) \(thing)"
                devices.append(Device(id: "\(qualifier)-\(thing)", name: name, area: Self.areas[(q + t) % Self.areas.count]))
            }
        }
        self.devices = devices
    }

    func configurationJSON() -> String {
        let items = devices.map { "{\"id\":\"\($0.id)\",\"name\":\"\($0.name)\",\"area\":\"\($0.area ?? "")\"}" }
        return "{\"devices\":[\n" + items.joined(separator: ",\n") + "\n]}\n"
    }

    /// `count` shortcuts: the configured devices first, then devices known only by id.
    func shortcuts(_ count: Int) -> [VoiceShortcut] {
        (0..<count).map { index in
            let pair = index / 2
            let device = pair < devices.count ? devices[pair].id : "bench-device-\(pair)"
            let state: PowerState = index % 2 == 0 ? .on : .off
            return VoiceShortcut(
                invocationPhrase: "scene number \(index) go", shortcut: Shortcut(intent: ToggleStateIntent(deviceID: device, state: state)))
        }
    }

    /// Phrases that switch something: generic forms, areas, typos and shortcut phrases.
    func hitPhrases(_ count: Int, shortcuts: ShortcutIndex) -> [String] {
        let forms = [
            "turn on the %@", "switch %@ off", "please turn off my %@", "%@ on", "bring the %@ to off",
            "activate our %@", "deactivate the %@", "change on the %@", "turn the %@ on in the %A",
        ]
        return (0..<count).map { index in
            if index % 10 == 9 { return "Scene Number \(index % 10_000) go!" }
            let device = devices[index % devices.count]
            var name = device.name
            if index % 10 == 8 { name.insert("x", at: name.index(name.startIndex, offsetBy: 3)) }
            return forms[index % forms.count].replacingOccurrences(of: "%@", with: name)
                .replacingOccurrences(of: "%A", with: device.area ?? "")
        }
    }

    /// Phrases that switch nothing: unknown devices, questions, negations, chatter.
    func missPhrases(_ count: Int) -> [String] {
        let forms = [
            "turn on the %@ machine", "is the %@ on", "don't switch off the %@", "what is the weather in the %@",
            "switch the blue %@ off", "when did the %@ turn on", "turn it off", "play some music in the %@",
        ]
        return (0..<count).map { index in
            forms[index % forms.count].replacingOccurrences(of: "%@", with: Self.things[index % Self.things.count])
        }
    }
}
