import CommandLineSupport
import Foundation
import Gateway
import JSONText
import PlugProtocols
import Storage
import VoiceShortcuts

/// `voiceplug devices list|rename|alias|area|forget`: the configured devices and the ones the plugs announced, and
/// the person's names for the announced ones.
enum DevicesCommand {
    static let common = ["config", "db", "broker"]
    static let fileHelp = """
        --config FILE   the configuration (default: voiceplug.json in the current folder, when it is there)
        --db FILE       the store (default: voiceplug.db beside the configuration, else here)
        --broker URL    where a running gateway is told of the change (default: the configuration's broker,
                        else mqtt://127.0.0.1:1883)
        """

    static let list = CommandSpec(
        name: "devices list", summary: "Lists the devices: the configuration's and the ones the plugs announced.",
        usage: "devices list [--json] [--config FILE] [--db FILE]", options: common, flags: ["json"],
        details: """
            Each device with the names it answers to, its area, protocol and topic, and where it comes from:
            "config" (the configuration file, which wins where it names a device), "announced" or "gone"
            (announced once, no longer: kept with its names until it comes back or is forgotten).
            --json          a JSON list of {"id","name","aliases","area","protocol","topic","relay","source",
                            "announcedName"}
            \(fileHelp)
            """)
    static let rename = CommandSpec(
        name: "devices rename", summary: "Gives an announced device the name you call it by (\"\" for its own again).",
        usage: "devices rename ID NAME [--config FILE] [--db FILE]", options: common, positionals: 2...2, details: fileHelp)
    static let alias = CommandSpec(
        name: "devices alias", summary: "Adds or removes another name an announced device answers to.",
        usage: "devices alias ID add|remove NAME [--config FILE] [--db FILE]", options: common, positionals: 3...3, details: fileHelp)
    static let area = CommandSpec(
        name: "devices area", summary: "Puts an announced device in an area (\"\" for none): \"everything in the kitchen\".",
        usage: "devices area ID AREA [--config FILE] [--db FILE]", options: common, positionals: 2...2, details: fileHelp)
    static let forget = CommandSpec(
        name: "devices forget", summary: "Forgets an announced device and your names for it (it comes back if it announces again).",
        usage: "devices forget ID [--config FILE] [--db FILE]", options: common, positionals: 1...1, details: fileHelp)

    static let subcommands = [list, rename, alias, area, forget]
    static let overview = CommandSpec(
        name: "devices", summary: "Shows the devices and names the ones the plugs announced.",
        usage: "devices list|rename|alias|area|forget …",
        details: subcommands.map { "  " + $0.usage + "\n      " + $0.summary }.joined(separator: "\n")
            + "\n\nA running gateway uses a change within a second; each prints its own --help.")

    static func run(_ arguments: [String], console: Console) async -> ExitCode {
        let name: String, spec: CommandSpec
        switch chooseSubcommand(arguments, of: "devices", among: subcommands, overview: overview, console: console) {
        case .chosen(let chosen, let chosenSpec): (name, spec) = (chosen, chosenSpec)
        case .done(let code): return code
        }
        do {
            guard let parsed = try spec.parse(Array(arguments.dropFirst()), console: console) else { return .ok }
            let context = try Context(parsed, console: console)
            let store = try context.store()
            let directory = DeviceDirectory(configured: context.configuration?.devices ?? [], store: store)
            if name == "list" { return try runList(parsed, directory, console) }
            let id = parsed.positionals[0]
            let configured = context.configuration?.devices ?? []
            guard !configured.contains(where: { $0.id == id }) else {
                throw Refusal("\(id) is named in \(context.configuration?.path ?? "the configuration"): change it there")
            }
            guard let known = try directory.known().first(where: { $0.announced.id == id }) else {
                throw Refusal("no announced device has the id '\(id)' (see `voiceplug devices list`)")
            }
            switch name {
            case "rename":
                let text = parsed.positionals[1]
                let newName = try text.isEmpty ? nil : sayable(text, what: "name")
                try store.updateKnownDevice(id: id, name: .some(newName))
                console.out("\(id) answers to '\(newName ?? known.announced.name)'\n")
            case "alias":
                let action = parsed.positionals[1], alias = try sayable(parsed.positionals[2], what: "alias")
                var aliases = known.aliases ?? known.announced.aliases
                switch action {
                case "add" where !aliases.contains(alias): aliases.append(alias)
                case "add": break
                case "remove":
                    guard aliases.contains(alias) else { throw Refusal("\(id) has no alias '\(alias)'") }
                    aliases.removeAll { $0 == alias }
                default: throw UsageError(message: "say add or remove, not '\(action)'", command: spec.name)
                }
                try store.updateKnownDevice(id: id, aliases: aliases)
                console.out("\(id) also answers to: \(aliases.isEmpty ? "(nothing else)" : aliases.joined(separator: ", "))\n")
            case "area":
                let text = parsed.positionals[1]
                let newArea = try text.isEmpty ? nil : sayable(text, what: "area")
                try store.updateKnownDevice(id: id, area: .some(newArea))
                console.out(newArea.map { "\(id) is in \($0)\n" } ?? "\(id) is in no area\n")
            default:
                try store.forgetKnownDevice(id: id)
                console.out("\(id) forgotten\n")
            }
            await waitForGateway(parsed, context, store: store, command: spec.name)
            return .ok
        } catch let refusal as Refusal {
            console.err("voiceplug devices \(name): \(refusal.message)\n")
            return .failed
        } catch {
            return report(error, command: "devices \(name)", console: console)
        }
    }

    /// A name a person gave: at most 64 characters, with letters or digits, no control characters.
    private static func sayable(_ text: String, what: String) throws -> String {
        guard let clean = AnnouncedName.clean(text), clean == text.trimmingCharacters(in: .whitespaces) else {
            throw Refusal("the \(what) '\(text.prefix(80))' cannot be said: use up to 64 letters, digits and spaces")
        }
        return clean
    }

    private static func runList(_ parsed: Arguments, _ directory: DeviceDirectory, _ console: Console) throws -> ExitCode {
        let (devices, _) = try directory.devices()
        let known = try directory.known()
        let announced = Dictionary(known.map { ($0.announced.id, $0) }, uniquingKeysWith: { first, _ in first })
        let configured = Set(directory.configuredDevices.map(\.id))
        let gone = known.filter { $0.gone && !configured.contains($0.announced.id) }.map { ($0.device, "gone") }
        let rows = devices.map { ($0, configured.contains($0.id) ? "config" : "announced") } + gone
        if parsed.flags.contains("json") {
            let items = rows.map { device, source -> String in
                let aliases = device.aliases.map(JSON.string).joined(separator: ",")
                let area = device.area.map(JSON.string) ?? "null", relay = device.relay.map(String.init) ?? "null"
                let own = announced[device.id].map { JSON.string($0.announced.name) } ?? "null"
                let fields: [String] = [
                    "\"id\":\(JSON.string(device.id))", "\"name\":\(JSON.string(device.name))", "\"aliases\":[\(aliases)]",
                    "\"area\":\(area)", "\"protocol\":\"\(device.protocol.rawValue)\"", "\"topic\":\(JSON.string(device.topic))",
                    "\"relay\":\(relay)", "\"source\":\"\(source)\"", "\"announcedName\":\(own)",
                ]
                return "{" + fields.joined(separator: ",") + "}"
            }
            console.out("[" + items.joined(separator: ",") + "]\n")
            return .ok
        }
        if rows.isEmpty {
            console.out("no devices: none configured, none announced yet (a running gateway keeps what plugs announce)\n")
            return .ok
        }
        func column(_ text: String, _ width: Int) -> String {
            text.count >= width ? String(text.prefix(width - 1)) + "…" : text.padding(toLength: width, withPad: " ", startingAt: 0)
        }
        console.out(column("ID", 28) + " " + column("NAME", 26) + " " + column("AREA", 14) + " " + column("PROTOCOL", 12) + " SOURCE\n")
        for (device, source) in rows {
            let names = ([device.name] + device.aliases).joined(separator: ", ")
            console.out(
                column(device.id, 28) + " " + column(names, 26) + " " + column(device.area ?? "-", 14) + " "
                    + column(device.protocol.rawValue, 12) + " " + source + "\n")
        }
        return .ok
    }

    /// After a change: waits until a running gateway uses it, or says that none will until it starts.
    private static func waitForGateway(_ arguments: Arguments, _ context: Context, store: SQLiteShortcutStore, command: String) async {
        guard let version = try? store.devicesVersion(),
            let broker = try? BrokerSettings(arguments, configuration: context.configuration, console: context.console, command: command)
        else { return }
        switch await GatewaySync.waitForGateway(toUse: version, of: context.storePath, broker: broker, devices: true) {
        case .inUse:
            break
        case .noGateway(let why):
            context.console.err("voiceplug \(command): note: no gateway uses it yet (\(why)); one that starts will\n")
        case .notConfirmed:
            context.console.err(
                "voiceplug \(command): warning: the gateway on \(broker.url) did not say within 2 s that it uses the change\n")
        }
    }

    /// A change refused (exit 1), with why.
    struct Refusal: Error {
        let message: String
        init(_ message: String) { self.message = message }
    }
}
