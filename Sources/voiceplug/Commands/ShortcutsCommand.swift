import CommandLineSupport
import Foundation
import JSONText
import VoiceShortcuts

/// `voiceplug shortcuts add|edit|delete|list|status|suggest`.
enum ShortcutsCommand {
    static let common = ["config", "db"]
    static let fileHelp = """
        --config FILE   the configuration (default: voiceplug.json in the current folder)
        --db FILE       the shortcut store (default: voiceplug.db beside the configuration, else here)
        """

    static let add = CommandSpec(
        name: "shortcuts add", summary: "Adds a voice shortcut: a phrase that switches a device on or off.",
        usage: "shortcuts add --device ID --state on|off --phrase TEXT [--config FILE] [--db FILE]",
        options: ["device", "state", "phrase"] + common,
        details: """
            --device ID     a device id from the configuration
            --state on|off  what the phrase does
            --phrase TEXT   what to say, in any language; unique across the store
            \(fileHelp)

            A (device, state) pair has at most one voice shortcut: to change its
            phrase, use `voiceplug shortcuts edit`.
            """)
    static let edit = CommandSpec(
        name: "shortcuts edit", summary: "Changes the phrase of a voice shortcut.",
        usage: "shortcuts edit SHORTCUT_ID --phrase TEXT [--config FILE] [--db FILE]",
        options: ["phrase"] + common, positionals: 1...1,
        details: "SHORTCUT_ID is the id `shortcuts list` shows (or its first characters, when unique).\n\(fileHelp)")
    static let delete = CommandSpec(
        name: "shortcuts delete", summary: "Removes a voice shortcut.",
        usage: "shortcuts delete SHORTCUT_ID [--config FILE] [--db FILE]",
        options: common, positionals: 1...1,
        details: "SHORTCUT_ID is the id `shortcuts list` shows (or its first characters, when unique).\n\(fileHelp)")
    static let list = CommandSpec(
        name: "shortcuts list", summary: "Lists the voice shortcuts.",
        usage: "shortcuts list [--json] [--config FILE] [--db FILE]",
        options: common, flags: ["json"],
        details: "--json          a JSON list of {\"id\", \"phrase\", \"device\", \"state\"}\n\(fileHelp)")
    static let status = CommandSpec(
        name: "shortcuts status",
        summary: "Says whether a (device, state) pair has a voice shortcut: the \"Add to Siri\" button's add or edit.",
        usage: "shortcuts status --device ID --state on|off [--json] [--config FILE] [--db FILE]",
        options: ["device", "state"] + common, flags: ["json"],
        details: """
            Prints `add` when there is none, else `edit <id> <phrase>`.
            --json          {"action":"add"} or {"action":"edit","id":…,"phrase":…}
            \(fileHelp)
            """)
    static let suggest = CommandSpec(
        name: "shortcuts suggest",
        summary: "Suggests voice shortcuts: pairs switched by phrase at least twice that have none, most used first.",
        usage: "shortcuts suggest [--json] [--config FILE] [--db FILE]",
        options: common, flags: ["json"],
        details: "--json          a JSON list of {\"device\", \"state\", \"count\", \"phrase\"}\n\(fileHelp)")

    static let importing = CommandSpec(
        name: "shortcuts import", summary: "Adds many voice shortcuts at once, all or none.",
        usage: "shortcuts import FILE [--config FILE] [--db FILE]",
        options: common, positionals: 1...1,
        details: """
            FILE (or - for standard input) holds a JSON list of {"device", "state", "phrase"}
            objects, and optionally "id": what `shortcuts list --json` prints, so an export
            can be restored. The same rules as `add` apply; one refusal adds nothing.
            \(fileHelp)
            """)

    static let subcommands = [add, edit, delete, list, status, suggest, importing]

    static let overview = CommandSpec(
        name: "shortcuts", summary: "Manages voice shortcuts.",
        usage: "shortcuts add|edit|delete|list|status|suggest|import …",
        details: subcommands.map { "  " + $0.usage + "\n      " + $0.summary }
            .joined(separator: "\n") + "\n\nEach prints its own --help.")

    static func run(_ arguments: [String], console: Console) async -> ExitCode {
        let name: String, spec: CommandSpec
        switch chooseSubcommand(arguments, of: "shortcuts", among: subcommands, overview: overview, console: console) {
        case .chosen(let chosen, let chosenSpec): (name, spec) = (chosen, chosenSpec)
        case .done(let code): return code
        }
        do {
            guard let parsed = try spec.parse(Array(arguments.dropFirst()), console: console) else { return .ok }
            let context = try Context(parsed, console: console)
            let changed: ExitCode
            switch name {
            case "add": changed = try runAdd(parsed, context)
            case "edit": changed = try runEdit(parsed, context)
            case "delete": changed = try runDelete(parsed, context)
            case "import": changed = try runImport(parsed, context)
            case "list": return try runList(parsed, context)
            case "status": return try runStatus(parsed, context)
            default: return try runSuggest(parsed, context)
            }
            await waitForGateway(parsed, context, command: spec.name)
            return changed
        } catch {
            return report(error, command: spec.name, console: console)
        }
    }

    /// After a change: waits until a running gateway uses it, or says that none will until it starts.
    private static func waitForGateway(_ arguments: Arguments, _ context: Context, command: String) async {
        guard let version = try? context.registryForReading().version,
            let broker = try? BrokerSettings(arguments, configuration: context.configuration, console: context.console, command: command)
        else { return }
        switch await GatewaySync.waitForGateway(toUse: version, of: context.storePath, broker: broker) {
        case .inUse:
            break
        case .noGateway(let why):
            context.console.err("voiceplug \(command): note: no gateway uses it yet (\(why)); one that starts will\n")
        case .notConfirmed:
            context.console.err(
                "voiceplug \(command): warning: the gateway on \(broker.url) did not say within 2 s that it uses the change\n")
        }
    }

    private static func state(_ arguments: Arguments, _ spec: CommandSpec) throws -> PowerState {
        let text = try arguments.required("state", spec)
        guard let state = PowerState(rawValue: text.lowercased()) else {
            throw UsageError(message: "--state must be on or off, not '\(text)'", command: spec.name)
        }
        return state
    }

    private static func runAdd(_ arguments: Arguments, _ context: Context) throws -> ExitCode {
        let device = try arguments.required("device", add)
        let state = try state(arguments, add)
        let phrase = try arguments.required("phrase", add)
        try context.checkDevice(device)
        let shortcut = try context.registry().add(ToggleStateIntent(deviceID: device, state: state), phrase: phrase)
        context.console.out("added \(shortcut.id.uuidString) \"\(shortcut.invocationPhrase)\" → \(device) \(state)\n")
        return .ok
    }

    private static func runEdit(_ arguments: Arguments, _ context: Context) throws -> ExitCode {
        let phrase = try arguments.required("phrase", edit)
        let registry = try context.registry()
        let id = try resolve(arguments.positionals[0], in: registry)
        let shortcut = try registry.edit(id: id, phrase: phrase)
        context.console.out(
            "edited \(shortcut.id.uuidString) \"\(shortcut.invocationPhrase)\" → \(shortcut.intent.deviceID) \(shortcut.intent.state)\n")
        return .ok
    }

    private static func runDelete(_ arguments: Arguments, _ context: Context) throws -> ExitCode {
        let registry = try context.registry()
        let removed = try registry.delete(id: resolve(arguments.positionals[0], in: registry))
        context.console.out(
            "deleted \(removed.id.uuidString) \"\(removed.invocationPhrase)\" → \(removed.intent.deviceID) \(removed.intent.state)\n")
        return .ok
    }

    private static func runList(_ arguments: Arguments, _ context: Context) throws -> ExitCode {
        let shortcuts = try context.registryForReading().allVoiceShortcuts()
        // Shortcuts whose phrase a device added or renamed since also gives another meaning: the shortcut wins.
        let shadows = Dictionary(
            (context.configuration.map { PhraseMatcher(devices: $0.devices).shadowedMeanings(of: shortcuts) } ?? []).map {
                ($0.shortcut.id, $0.alsoMeans)
            }, uniquingKeysWith: { first, _ in first })
        if arguments.flags.contains("json") {
            let items = shortcuts.map {
                "{\"id\":\(JSON.string($0.id.uuidString)),\"phrase\":\(JSON.string($0.invocationPhrase)),"
                    + "\"device\":\(JSON.string($0.intent.deviceID)),\"state\":\(JSON.string($0.intent.state.rawValue))"
                    + (shadows[$0.id].map { ",\"alsoMeans\":\(JSON.string($0))" } ?? "") + "}"
            }
            context.console.out("[" + items.joined(separator: ",") + "]\n")
            return .ok
        }
        guard !shortcuts.isEmpty else {
            context.console.err("no voice shortcuts yet; add one with `voiceplug shortcuts add --device ID --state on|off --phrase TEXT`\n")
            return .ok
        }
        let width = max(6, shortcuts.map(\.intent.deviceID.count).max() ?? 0)
        var text =
            "ID                                    " + "DEVICE".padding(toLength: width, withPad: " ", startingAt: 0) + "  STATE  PHRASE\n"
        for shortcut in shortcuts {
            text +=
                shortcut.id.uuidString + "  " + shortcut.intent.deviceID.padding(toLength: width, withPad: " ", startingAt: 0)
                + "  " + shortcut.intent.state.rawValue.padding(toLength: 5, withPad: " ", startingAt: 0) + "  " + shortcut.invocationPhrase
                + "\n"
        }
        context.console.out(text)
        for shortcut in shortcuts {
            guard let other = shadows[shortcut.id] else { continue }
            context.console.err(
                "voiceplug shortcuts list: note: '\(shortcut.invocationPhrase)' also means \(other) as a command; the shortcut "
                    + "wins — edit or delete it to say the command\n")
        }
        return .ok
    }

    private static func runStatus(_ arguments: Arguments, _ context: Context) throws -> ExitCode {
        let device = try arguments.required("device", status)
        let state = try state(arguments, status)
        if context.configuration != nil { try context.checkDevice(device) }
        let action = try context.registryForReading().buttonAction(for: DeviceStateKey(deviceID: device, state: state))
        let json = arguments.flags.contains("json")
        switch action {
        case .add:
            context.console.out(json ? "{\"action\":\"add\"}\n" : "add\n")
        case .edit(let shortcut):
            context.console.out(
                json
                    ? "{\"action\":\"edit\",\"id\":\(JSON.string(shortcut.id.uuidString)),\"phrase\":\(JSON.string(shortcut.invocationPhrase))}\n"
                    : "edit \(shortcut.id.uuidString) \(shortcut.invocationPhrase)\n")
        }
        return .ok
    }

    private static func runSuggest(_ arguments: Arguments, _ context: Context) throws -> ExitCode {
        let suggestions = try context.registryForReading().store.suggestions(minimumCount: 2)
        if arguments.flags.contains("json") {
            let items = suggestions.map {
                "{\"device\":\(JSON.string($0.intent.deviceID)),\"state\":\(JSON.string($0.intent.state.rawValue)),"
                    + "\"count\":\($0.count),\"phrase\":\(JSON.string($0.commonPhrase))}"
            }
            context.console.out("[" + items.joined(separator: ",") + "]\n")
            return .ok
        }
        guard !suggestions.isEmpty else {
            context.console.err(
                "no suggestions yet: a device and state switched by phrase twice without a voice shortcut will appear here\n")
            return .ok
        }
        for suggestion in suggestions {
            let intent = suggestion.intent
            context.console.out(
                "\(intent.deviceID) \(intent.state)  switched \(suggestion.count) times, most often by \"\(suggestion.commonPhrase)\"\n"
                    + "    voiceplug shortcuts add --device \(intent.deviceID) --state \(intent.state) --phrase \"…\"\n")
        }
        return .ok
    }

    private static func runImport(_ arguments: Arguments, _ context: Context) throws -> ExitCode {
        let source = arguments.positionals[0]
        let data: Data
        if source == "-" {
            data = Data(try readStandardInput(console: context.console, command: importing.name))
        } else {
            data = try readCommandLineFile(source, console: context.console, command: importing.name).data
        }
        struct Item: Decodable {
            var id: String?
            var device: String
            var state: String
            var phrase: String
        }
        let items: [Item]
        do {
            items = try JSONDecoder().decode([Item].self, from: data)
        } catch {
            throw UsageError(
                message: "'\(source)' must hold a JSON list of {\"device\", \"state\", \"phrase\"} objects", command: importing.name)
        }
        var shortcuts: [VoiceShortcut] = []
        for (index, item) in items.enumerated() {
            guard let state = PowerState(rawValue: item.state.lowercased()) else {
                throw UsageError(message: "item \(index): state must be on or off, not '\(item.state)'", command: importing.name)
            }
            var id = UUID()
            if let text = item.id {
                guard let given = UUID(uuidString: text) else {
                    throw UsageError(message: "item \(index): '\(text)' is not a shortcut id", command: importing.name)
                }
                id = given
            }
            if context.configuration != nil { try context.checkDevice(item.device) }
            shortcuts.append(
                VoiceShortcut(
                    id: id, invocationPhrase: item.phrase,
                    shortcut: Shortcut(intent: ToggleStateIntent(deviceID: item.device, state: state))))
        }
        if context.configuration == nil, !shortcuts.isEmpty {
            context.console.err(
                "voiceplug: warning: no configuration file (\(Context.defaultConfigName) or --config), so device ids are taken as given\n")
        }
        try context.registry().add(contentsOf: shortcuts)
        context.console.out("imported \(shortcuts.count) voice shortcut\(shortcuts.count == 1 ? "" : "s")\n")
        return .ok
    }

    /// A full id, or the first characters of exactly one.
    static func resolve(_ text: String, in registry: VoiceShortcutCenter) throws -> UUID {
        if let id = UUID(uuidString: text), registry.voiceShortcut(id: id) != nil { return id }
        let prefix = text.uppercased()
        let matching = prefix.count >= 4 ? registry.allVoiceShortcuts().filter { $0.id.uuidString.hasPrefix(prefix) } : []
        if matching.count == 1 { return matching[0].id }
        if matching.count > 1 {
            throw UsageError(message: "'\(text)' is the start of \(matching.count) shortcut ids; give more of it", command: "shortcuts")
        }
        throw RegistryError.unknownShortcut(text)
    }
}
