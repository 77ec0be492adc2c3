import Foundation
import TestSupport
import Testing

@Suite("voiceplug as a real process")
struct ProcessTests {
    func voiceplug(_ arguments: [String], in workspace: Workspace, input: Data? = nil) async throws -> (Int32, String, String) {
        let process = try ChildProcess("voiceplug", arguments, input: input, directory: workspace.url)
        let status = try await process.wait(timeout: .seconds(30))
        return (status, process.standardOutput, process.standardError)
    }

    @Test("exit codes and output of the real binary")
    func exitCodes() async throws {
        let workspace = try Workspace()
        #expect(
            try await voiceplug(["shortcuts", "add", "--device", "desk-fan", "--state", "on", "--phrase", "fan time"], in: workspace).0 == 0
        )
        #expect(
            try await voiceplug(["shortcuts", "add", "--device", "tree", "--state", "on", "--phrase", "fan time"], in: workspace).0 == 1)
        #expect(try await voiceplug(["shortcuts", "add", "--device", "tree"], in: workspace).0 == 2)
        let (status, out, _) = try await voiceplug(["match"], in: workspace, input: Data("fan time\nturn on the fan\n".utf8))
        #expect(status == 0)
        #expect(out.split(separator: "\n").count == 2)
        #expect(out.contains("\"device\":\"desk-fan\""))
    }

    @Test("hear: a file that is not WAV exits 2, silence exits 1 with nothing heard")
    func hearExitCodes() async throws {
        let workspace = try Workspace()
        try Data("not audio".utf8).write(to: workspace.url.appendingPathComponent("notes.wav"))
        let (bad, _, badError) = try await voiceplug(["hear", "notes.wav"], in: workspace)
        #expect(bad == 2 && badError.contains("not a WAV file"))
        // One second of 16 kHz 16-bit silence as raw PCM on standard input.
        let (silent, out, err) = try await voiceplug(["hear", "-", "--json"], in: workspace, input: Data(count: 32000))
        #expect(silent == 1, "\(err)")
        #expect(out.contains("\"text\":null"))
    }

    @Test("a file named on the command line may be a pipe (/dev/stdin); standard input over the limit is refused")
    func pipesAndLimits() async throws {
        let workspace = try Workspace()
        let spoken = try await blocking { try synthesizeWAV("turn off the desk fan", voice: "slt") }
        let (heard, out, err) = try await voiceplug(["hear", "/dev/stdin"], in: workspace, input: spoken)
        #expect(heard == 0 && out == "turn off the desk fan\n", "\(err)")
        let limit = 64 << 20  // Console.inputLimit: the child reads all of it and one byte more, so the writer is never cut off
        let (refused, _, refusedError) = try await voiceplug(["shortcuts", "import", "-"], in: workspace, input: Data(count: limit + 1))
        #expect(refused == 2 && refusedError.contains("standard input holds more than 64 MiB"), "\(refusedError)")
    }

    @Test("hear: several files with one recognizer, one JSON line each naming its file; --send takes one file")
    func hearSeveralFiles() async throws {
        let workspace = try Workspace()
        let spoken = try await blocking { try synthesizeWAV("turn off the desk fan", voice: "slt") }
        try spoken.write(to: workspace.url.appendingPathComponent("fan.wav"))
        try Data(wav(samples: [Int16](repeating: 0, count: 16000))).write(to: workspace.url.appendingPathComponent("quiet.wav"))
        let (status, out, err) = try await voiceplug(["hear", "fan.wav", "quiet.wav", "--json"], in: workspace)
        #expect(status == 1, "one of the two was not recognized: \(err)")
        let lines = out.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines.first?.contains(#""file":"fan.wav","text":"turn off the desk fan""#) == true, "\(out)")
        #expect(lines.last?.contains(#""file":"quiet.wav","text":null"#) == true, "\(out)")
        #expect(err.contains("quiet.wav: nothing known was heard"))
        let (send, _, sendError) = try await voiceplug(["hear", "fan.wav", "quiet.wav", "--send"], in: workspace)
        #expect(send == 2 && sendError.contains("--send takes one file"))
    }

    @Test("hear: a question about a device is heard as one (the gateway answers it); match says it switches nothing")
    func hearQuestion() async throws {
        let workspace = try Workspace()
        let spoken = try await blocking { try synthesizeWAV("is the desk fan on", voice: "slt") }
        try spoken.write(to: workspace.url.appendingPathComponent("question.wav"))
        let (status, out, err) = try await voiceplug(["hear", "question.wav", "--json"], in: workspace)
        #expect(status == 0, "\(out) \(err)")
        #expect(out.contains(#""text":"is the desk fan on""#), "\(out)")
        let matched = try ChildProcess("voiceplug", ["match"], input: Data("is the desk fan on\n".utf8), directory: workspace.url)
        _ = try await matched.wait()
        #expect(matched.standardOutput.contains(#""device":null,"state":null,"request":{"kind":"query""#), "\(matched.standardOutput)")
        // A statement about a device is heard as what it is, and is no command.
        let statement = try await blocking { try synthesizeWAV("was the desk fan on", voice: "slt") }
        try statement.write(to: workspace.url.appendingPathComponent("statement.wav"))
        let (refused, _, why) = try await voiceplug(["hear", "statement.wav"], in: workspace)
        #expect(refused == 1 && why.contains(#"heard "was the desk fan on": "#), "\(why)")
    }

    @Test("a store that is not a VoicePlug store: exit 3, file untouched")
    func foreignStore() async throws {
        let workspace = try Workspace()
        let file = workspace.url.appendingPathComponent("notes.db")
        try Data("these are my notes, not a database\n".utf8).write(to: file)
        let (status, _, err) = try await voiceplug(["shortcuts", "list", "--db", "notes.db"], in: workspace)
        #expect(status == 3)
        #expect(err.contains("is not a VoicePlug shortcut store"))
        #expect(try Data(contentsOf: file) == Data("these are my notes, not a database\n".utf8))
    }

    @Test("adapt: its prompts, a missing transcript and too few recordings refused, then an adaptation hear reads; and the learned one")
    func adapt() async throws {
        let workspace = try Workspace()
        let (listed, prompts, _) = try await voiceplug(["adapt", "--prompts"], in: workspace)
        #expect(listed == 0 && prompts.split(separator: "\n").count == 20)
        for (index, prompt) in prompts.split(separator: "\n").prefix(6).enumerated() {
            let spoken = try await blocking { try synthesizeWAV(String(prompt), voice: "slt") }
            try spoken.write(to: workspace.url.appendingPathComponent("p\(index).wav"))
            if index < 5 {
                try (prompt + "\n").write(to: workspace.url.appendingPathComponent("p\(index).txt"), atomically: true, encoding: .utf8)
            }
        }
        let files = (0..<5).map { "p\($0).wav" }
        let (missing, _, missingError) = try await voiceplug(["adapt"] + files + ["p5.wav"], in: workspace)
        #expect(missing == 2 && missingError.contains("no transcript for 'p5.wav': put what was said in 'p5.txt'"), "\(missingError)")
        let (few, _, fewError) = try await voiceplug(["adapt"] + files.prefix(4), in: workspace)
        #expect(few == 2 && fewError.contains("too few"), "\(fewError)")
        let (unwritable, _, unwritableError) = try await voiceplug(["adapt"] + files + ["--adaptation", "no/such/folder/x"], in: workspace)
        #expect(unwritable == 1 && unwritableError.contains("no/such/folder is missing or not writable"), "\(unwritableError)")
        let adaptation = workspace.url.appendingPathComponent("voiceplug.adaptation")
        #expect(!FileManager.default.fileExists(atPath: adaptation.path))

        try "completely different words here today\n".write(
            to: workspace.url.appendingPathComponent("p5.txt"), atomically: true, encoding: .utf8)
        let (made, out, err) = try await voiceplug(["adapt"] + files + ["p5.wav"], in: workspace)
        #expect(made == 0 && out.contains("written to") && out.contains("from 5 of 6 recordings"), "\(out) \(err)")
        #expect(err.contains("p5.wav was left out: its audio did not match its text"), "\(err)")
        #expect(FileManager.default.fileExists(atPath: adaptation.path))
        let (heard, text, _) = try await voiceplug(["hear", "p0.wav"], in: workspace)  // "turn on the kitchen lamp", with it
        #expect(heard == 0 && text == "turn on the kitchen lamp\n")
        // What the gateway learned, where it keeps it: hear uses it when no adaptation of the speaker's is there.
        let hearings = workspace.url.appendingPathComponent("voiceplug.hearings")
        try FileManager.default.createDirectory(at: hearings, withIntermediateDirectories: true)
        let learned = hearings.appendingPathComponent("learned.adaptation")
        try FileManager.default.copyItem(at: adaptation, to: learned)
        try Data("1\n3\n13\n".utf8).write(to: adaptation)
        let (broken, _, brokenError) = try await voiceplug(["hear", "p0.wav"], in: workspace)
        #expect(broken == 2 && brokenError.contains("voiceplug.adaptation' is not a speaker adaptation"), "\(brokenError)")
        let (absent, _, absentError) = try await voiceplug(["hear", "p0.wav", "--adaptation", "none.adaptation"], in: workspace)
        #expect(absent == 2 && absentError.contains("cannot read"), "\(absentError)")
        try FileManager.default.removeItem(at: adaptation)
        let (learnedHeard, learnedText, learnedError) = try await voiceplug(["hear", "p0.wav"], in: workspace)
        #expect(learnedHeard == 0 && learnedText == "turn on the kitchen lamp\n" && learnedError.isEmpty, "\(learnedError)")
        try Data("1\n3\n13\n".utf8).write(to: learned)
        let (unlearned, unlearnedText, unlearnedError) = try await voiceplug(["hear", "p0.wav"], in: workspace)
        #expect(unlearned == 0 && unlearnedText == "turn on the kitchen lamp\n", "\(unlearnedError)")
        #expect(unlearnedError.contains("warning: the learned speaker adaptation is left out"), "\(unlearnedError)")
    }

    @Test("two processes creating one new store at the same moment: both adds succeed (100 rounds)")
    func concurrentCreation() async throws {
        let workspace = try Workspace(configuration: nil)
        // Before the fix, about one round in 25 refused the store being created as "another program's" (measured: 6 of 150).
        let script = """
            failed=0
            for round in $(seq 1 100); do
              rm -f new.db new.db-wal new.db-shm
              "$V" shortcuts add --device a --state on --phrase "a $round" --db new.db >/dev/null 2>>errors.txt & first=$!
              "$V" shortcuts add --device b --state on --phrase "b $round" --db new.db >/dev/null 2>>errors.txt & second=$!
              wait $first || failed=$((failed+1)); wait $second || failed=$((failed+1))
            done
            echo failed=$failed
            grep -v warning errors.txt
            """
        let process = try ChildProcess(
            "/bin/sh", ["-c", script], environment: ["V": productsDirectory.appendingPathComponent("voiceplug").path],
            directory: workspace.url)
        _ = try await process.wait(timeout: .seconds(120))
        #expect(process.standardOutput.hasPrefix("failed=0\n"), "\(process.standardOutput)")
    }

    @Test("two processes adding to one store at once: no lost or doubled shortcut")
    func concurrentWriters() async throws {
        let workspace = try Workspace(configuration: nil)
        // Each process adds 25 shortcuts of its own; both also race for one shared phrase.
        func adder(_ name: String) throws -> ChildProcess {
            let script =
                (0..<25).map {
                    "\"$V\" shortcuts add --device \(name)-\($0) --state on --phrase '\(name) phrase \($0)' --db store.db >/dev/null"
                }
                + ["\"$V\" shortcuts add --device \(name)-shared --state off --phrase 'everyone wants this' --db store.db; echo shared=$?"]
            return try ChildProcess(
                "/bin/sh", ["-c", script.joined(separator: "\n")],
                environment: ["V": productsDirectory.appendingPathComponent("voiceplug").path], directory: workspace.url)
        }
        let first = try adder("a"), second = try adder("b")
        #expect(try await first.wait(timeout: .seconds(120)) == 0)
        #expect(try await second.wait(timeout: .seconds(120)) == 0)
        let outcomes = [first.standardOutput, second.standardOutput].filter { $0.contains("shared=0") }.count
        #expect(outcomes == 1, "exactly one process gets the shared phrase")
        let (_, listed, _) = try await voiceplug(["shortcuts", "list", "--json", "--db", "store.db"], in: workspace)
        let items = try JSONSerialization.jsonObject(with: Data(listed.utf8)) as? [[String: String]] ?? []
        #expect(items.count == 51, "\(first.standardError)\(second.standardError)")
        #expect(Set(items.compactMap { $0["phrase"] }).count == 51)
    }
}
