import CommandLineSupport
import Foundation
import Testing

@testable import voiceplug

@Suite("Commands, run in-process")
struct CommandTests {
    @Test("add, status, list, edit, delete: the button's add then edit")
    func shortcutLifecycle() async throws {
        let workspace = try Workspace()
        #expect(await workspace.run("shortcuts", "status", "--device", "kitchen-lamp", "--state", "off").out == "add\n")
        #expect(
            await workspace.run("shortcuts", "status", "--device", "kitchen-lamp", "--state", "off", "--json").out
                == "{\"action\":\"add\"}\n")

        let added = await workspace.run("shortcuts", "add", "--device", "kitchen-lamp", "--state", "off", "--phrase", "Lights out")
        #expect(added.code == .ok)
        let id = try #require(added.out.split(separator: " ").dropFirst().first.map(String.init))
        #expect(UUID(uuidString: id) != nil)

        #expect(await workspace.run("shortcuts", "status", "--device=kitchen-lamp", "--state=off").out == "edit \(id) Lights out\n")
        let json = await workspace.run("shortcuts", "status", "--json", "--device", "kitchen-lamp", "--state", "off").out
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: String]
        #expect(object == ["action": "edit", "id": id, "phrase": "Lights out"])

        let listed = await workspace.run("shortcuts", "list", "--json").out
        let items = try JSONSerialization.jsonObject(with: Data(listed.utf8)) as? [[String: String]]
        #expect(items == [["id": id, "phrase": "Lights out", "device": "kitchen-lamp", "state": "off"]])

        #expect(await workspace.run("shortcuts", "edit", String(id.prefix(8)), "--phrase", "good night").code == .ok)
        #expect(await workspace.run("shortcuts", "status", "--device", "kitchen-lamp", "--state", "off").out == "edit \(id) good night\n")
        #expect(await workspace.run("shortcuts", "delete", id).code == .ok)
        #expect(await workspace.run("shortcuts", "status", "--device", "kitchen-lamp", "--state", "off").out == "add\n")
        #expect(await workspace.run("shortcuts", "delete", id).code == .failed)
    }

    @Test("an export restores with import; a refused import adds nothing")
    func importExport() async throws {
        let workspace = try Workspace()
        #expect(await workspace.run("shortcuts", "add", "--device", "tree", "--state", "on", "--phrase", "Licht an").code == .ok)
        #expect(await workspace.run("shortcuts", "add", "--device", "desk-fan", "--state", "off", "--phrase", "quiet").code == .ok)
        let exported = await workspace.run("shortcuts", "list", "--json").out
        let other = try Workspace()
        let imported = await other.run("shortcuts", "import", "-", input: exported)
        #expect(imported.code == .ok && imported.out == "imported 2 voice shortcuts\n")
        #expect(await other.run("shortcuts", "list", "--json").out == exported)

        let clash = #"[{"device":"kitchen-lamp","state":"on","phrase":"lamp on"},{"device":"tree","state":"off","phrase":"QUIET"}]"#
        let refused = await workspace.run("shortcuts", "import", "-", input: clash)
        #expect(refused.code == .failed)
        #expect(refused.err.contains("already runs desk-fan → off"))
        #expect(await workspace.run("shortcuts", "status", "--device", "kitchen-lamp", "--state", "on").out == "add\n")
        #expect(await workspace.run("shortcuts", "import", "-", input: "{not json").code == .usage)
    }

    @Test("refusals exit 1 and say what to do instead")
    func refusals() async throws {
        let workspace = try Workspace()
        let first = await workspace.run("shortcuts", "add", "--device", "kitchen-lamp", "--state", "off", "--phrase", "lights out")
        let id = String(first.out.split(separator: " ")[1])

        let samePhrase = await workspace.run("shortcuts", "add", "--device", "desk-fan", "--state", "off", "--phrase", "LIGHTS OUT!")
        #expect(samePhrase.code == .failed)
        #expect(samePhrase.err.contains("already runs kitchen-lamp → off"))
        #expect(samePhrase.err.contains("voiceplug shortcuts edit \(id)"))

        let samePair = await workspace.run("shortcuts", "add", "--device", "kitchen-lamp", "--state", "off", "--phrase", "darkness")
        #expect(samePair.code == .failed)
        #expect(samePair.err.contains("use `voiceplug shortcuts edit \(id) --phrase …`"))

        let unknown = await workspace.run("shortcuts", "add", "--device", "kichen-lamp", "--state", "on", "--phrase", "hello")
        #expect(unknown.code == .failed)
        #expect(unknown.err.contains("no device 'kichen-lamp' — did you mean 'kitchen-lamp'?"))

        #expect(await workspace.run("shortcuts", "edit", "00000000-0000-0000-0000-000000000000", "--phrase", "x").code == .failed)
    }

    @Test("usage errors exit 2")
    func usageErrors() async throws {
        let workspace = try Workspace()
        #expect(await workspace.run("shortcuts", "add", "--device", "kitchen-lamp", "--state", "dim", "--phrase", "x").code == .usage)
        #expect(await workspace.run("shortcuts", "add", "--device", "kitchen-lamp", "--phrase", "x").code == .usage)
        #expect(await workspace.run("shortcuts", "nope").code == .usage)
        #expect(await workspace.run("nope").code == .usage)
        #expect(await workspace.run().code == .usage)
        #expect(await workspace.run("adapt").code == .usage)
        #expect(await workspace.run("adapt", "--prompts", "a.wav").code == .usage)
        // A missing or blank value is the command line's fault (2); a phrase the registry refuses is a refusal (1).
        let blank = await workspace.run("shortcuts", "add", "--device", "kitchen-lamp", "--state", "on", "--phrase", " ")
        #expect(blank.code == .usage && blank.err.contains("--phrase is empty"), "\(blank.err)")
        #expect(await workspace.run("shortcuts", "add", "--device", "kitchen-lamp", "--state", "on", "--phrase", "!!").code == .failed)
        // The gateway reads the speaker adaptation before it connects: a bad one stops it at once.
        try Data("not a transform".utf8).write(to: workspace.url.appendingPathComponent("voiceplug.adaptation"))
        let run = await workspace.run("run", "--broker", "mqtt://127.0.0.1:9")
        #expect(run.code == .usage && run.err.contains("voiceplug.adaptation' is not a speaker adaptation"), "\(run.err)")
    }

    @Test(
        "every command prints --help and exits 0",
        arguments: [
            ["--help"], ["shortcuts", "--help"], ["shortcuts", "add", "--help"], ["shortcuts", "edit", "--help"],
            ["shortcuts", "delete", "--help"], ["shortcuts", "list", "--help"], ["shortcuts", "status", "--help"],
            ["shortcuts", "suggest", "--help"], ["shortcuts", "import", "--help"], ["match", "--help"], ["demo", "--help"],
            ["bench", "--help"], ["hear", "--help"], ["adapt", "--help"], ["run", "--help"],
            ["say", "--help"], ["plugs", "--help"], ["listen", "--help"], ["devices", "--help"], ["devices", "list", "--help"],
            ["devices", "rename", "--help"],
        ])
    func help(arguments: [String]) async throws {
        let workspace = try Workspace()
        let console = RecordingConsole(directory: workspace.path)
        #expect(await VoicePlugCommand.run(arguments, console: console) == .ok)
        #expect(console.output.contains("usage: voiceplug"))
        #expect(!FileManager.default.fileExists(atPath: workspace.url.appendingPathComponent("voiceplug.db").path))
    }

    @Test("shortcuts add of another device's command exits 1 and says what it means now; a backup imports as no change")
    func shortcutSafety() async throws {
        let workspace = try Workspace()
        let taken = await workspace.run("shortcuts", "add", "--device", "desk-fan", "--state", "on", "--phrase", "turn on the kitchen lamp")
        #expect(taken.code == .failed && taken.err.contains("already means kitchen-lamp → on"), "\(taken.err)")
        #expect(await workspace.run("shortcuts", "add", "--device", "kitchen-lamp", "--state", "off", "--phrase", "good night").code == .ok)
        let exported = await workspace.run("shortcuts", "list", "--json").out
        let again = await workspace.run("shortcuts", "import", "-", input: exported)
        #expect(again.code == .ok, "\(again.err)")
        #expect(await workspace.run("shortcuts", "list", "--json").out == exported)
    }

    @Test("commands that only read create no store: shortcuts list, status, suggest and match")
    func readingCreatesNothing() async throws {
        let workspace = try Workspace()
        for arguments in [
            ["shortcuts", "list"], ["shortcuts", "list", "--json"], ["shortcuts", "status", "--device", "tree", "--state", "on"],
            ["shortcuts", "suggest"],
        ] {
            #expect(await workspace.run(arguments, bytes: []).code == .ok, "\(arguments)")
        }
        #expect(await workspace.run("match", input: "turn on the christmas tree\n").out.contains("\"tree\""))
        let made = try FileManager.default.contentsOfDirectory(atPath: workspace.path)
        #expect(made == ["voiceplug.json"], "\(made)")
    }

    @Test("--version prints the version and exits 0")
    func version() async throws {
        let result = await (try Workspace()).run("--version")
        #expect(result.code == .ok && result.out.hasPrefix("voiceplug ") && result.out.contains("."), "\(result.out)")
    }

    @Test("a file that cannot be read is named, with why: none there, a folder, or too large")
    func unreadableFiles() async throws {
        let workspace = try Workspace()
        let missing = await workspace.run("hear", "nowhere.wav")
        #expect(missing.code == .usage && missing.err.contains("cannot read 'nowhere.wav': there is no such file"), "\(missing.err)")
        let folder = await workspace.run("shortcuts", "import", ".")
        #expect(folder.code == .usage && folder.err.contains("cannot read '.': it is a folder"), "\(folder.err)")
        // A file larger than anything a command reads is refused, not read into memory to its end.
        let big = workspace.url.appendingPathComponent("big.wav")
        #expect(FileManager.default.createFile(atPath: big.path, contents: nil))
        let handle = try FileHandle(forWritingTo: big)
        try handle.truncate(atOffset: UInt64(Console.inputLimit + 1))
        try handle.close()
        let huge = await workspace.run("hear", "big.wav")
        #expect(huge.code == .usage && huge.err.contains("cannot read 'big.wav': it holds more than 64 MiB"), "\(huge.err)")
    }

    @Test("every option and flag a command takes is in its usage line")
    func usageLines() {
        let specs =
            [
                RunCommand.spec, SayCommand.spec, PlugsCommand.spec, HearCommand.spec, AdaptCommand.spec, MatchCommand.spec,
                DemoCommand.spec, BenchCommand.spec,
            ] + ShortcutsCommand.subcommands
        for spec in specs {
            for name in spec.options + spec.flags {
                let words = spec.usage.split(whereSeparator: { " []|".contains($0) })
                #expect(words.contains("--" + name[...]), "\(spec.name): --\(name) is missing from '\(spec.usage)'")
            }
        }
    }

    @Test("the shortcuts overview shows each subcommand's usage line above its summary")
    func shortcutsOverview() async throws {
        let console = RecordingConsole(directory: try Workspace().path)
        #expect(await VoicePlugCommand.run(["shortcuts", "--help"], console: console) == .ok)
        for subcommand in ShortcutsCommand.subcommands {
            #expect(console.output.contains("  " + subcommand.usage + "\n      " + subcommand.summary), "\(console.output)")
        }
        #expect(console.output.contains("  shortcuts add --device ID --state on|off"), "\(console.output)")
    }

    @Test("without a configuration the device id is taken as given, with a warning")
    func noConfiguration() async throws {
        let workspace = try Workspace(configuration: nil)
        let added = await workspace.run("shortcuts", "add", "--device", "anything", "--state", "on", "--phrase", "go")
        #expect(added.code == .ok)
        #expect(added.err.contains("warning: no configuration file"))
    }

    @Test("a broken configuration exits 2 naming the file and the key")
    func brokenConfiguration() async throws {
        let workspace = try Workspace(configuration: #"{"devices": [{"id": "lamp", "protocol": "tasmotta"}]}"#)
        let result = await workspace.run("shortcuts", "list")
        #expect(result.code == .usage)
        #expect(
            result.err.contains("voiceplug.json: devices[0].protocol: 'tasmotta' is not one of tasmota, shelly, shelly2, zigbee2mqtt, mqtt")
        )

        let history = try Workspace(configuration: #"{"historyLimit": 5, "devices": [{"id": "lamp"}]}"#)
        #expect(await history.run("match").err.contains("historyLimit: must be a whole number of executions from 100"))

        let typo = try Workspace(configuration: #"{"devices": [{"id": "lamp", "aera": "kitchen"}]}"#)
        #expect(await typo.run("match").err.contains("devices[0].aera: unknown key (did you mean 'area'?)"))

        let notJSON = try Workspace(configuration: "{devices: oops")
        #expect(await notJSON.run("match").err.contains("voiceplug.json: not valid JSON"))
        // Where it goes wrong: line and column, or where the file ends too soon.
        let doubleComma = try Workspace(configuration: "{\"devices\": [\n  {\"id\": \"lamp\",, }]}\n")
        let located = await doubleComma.run("match")
        #expect(located.err.contains("at line 2, column 17"), "\(located.err)")
        let cut = try Workspace(configuration: "{\"devices\": [\n  {\"id\": \"lamp\",\n")
        #expect(await cut.run("match").err.contains("the file ends before the JSON does, at line 3"))

        let missing = try Workspace()
        let result2 = await missing.run("match", "--config", "nowhere.json")
        #expect(result2.code == .usage)
        #expect(result2.err.contains("nowhere.json: the file does not exist"))
    }

    @Test("match answers every line in order, in SPEC's JSON")
    func match() async throws {
        let workspace = try Workspace()
        let added = await workspace.run("shortcuts", "add", "--device", "tree", "--state", "on", "--phrase", "Licht an")
        let id = String(added.out.split(separator: " ")[1])
        let input = "licht an\r\nturn off the kitchen light\nis the desk fan on\n\nswitch the desk fan on please"
        let result = await workspace.run("match", input: input)
        #expect(result.code == .ok)
        let lines = result.out.split(separator: "\n").map { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(lines.count == 5)
        #expect(lines[0]?["device"] as? String == "tree" && lines[0]?["state"] as? String == "on" && lines[0]?["shortcut"] as? String == id)
        #expect(
            lines[1]?["device"] as? String == "kitchen-lamp" && lines[1]?["state"] as? String == "off" && lines[1]?["shortcut"] is NSNull)
        // A question switches nothing: no device and state, the question it asks.
        let question = lines[2]?["request"] as? [String: Any]
        #expect(lines[2]?["error"] == nil && lines[2]?["device"] is NSNull && lines[2]?["state"] is NSNull)
        #expect(
            question?["kind"] as? String == "query" && question?["devices"] as? [String] == ["desk-fan"]
                && question?["state"] as? String == "on")
        #expect(lines[3]?["error"] as? String == "not_recognized")
        #expect(lines[4]?["device"] as? String == "desk-fan" && lines[4]?["text"] as? String == "switch the desk fan on please")
        // The shortcut of the pair is reported for generic commands too.
        #expect(await workspace.run("match", input: "turn on the christmas tree\n").out.contains(id))
    }

    @Test("match survives odd input: quotes, control characters, huge lines, invalid UTF-8")
    func matchOddInput() async throws {
        let workspace = try Workspace()
        let huge = String(repeating: "turn on ", count: 2000)
        let input = Array("say \"hi\"\t\\ \u{1}\n\(huge)\n".utf8) + [0x74, 0x75, 0xFF, 0xFE, 0x0A] + Array("turn on the desk fan".utf8)
        let result = await workspace.run(["match"], bytes: input)
        let lines = result.out.split(separator: "\n")
        #expect(lines.count == 4)
        for line in lines { #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil, "\(line.prefix(80))") }
        #expect(lines[1].contains("invalid_input"))
        #expect(lines.count > 2 && lines[2].contains("invalid_input"), "invalid UTF-8: \(lines.dropFirst(2).first ?? "")")
        #expect(lines.last?.contains("desk-fan") == true)
    }
}
