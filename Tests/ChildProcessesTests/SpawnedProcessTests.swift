import ChildProcesses
import Foundation
import Testing

@Suite("Processes started with posix_spawn")
struct SpawnedProcessTests {
    @Test("a spawned process keeps none of this process's descriptors but its standard input, output and error")
    func noInheritedDescriptors() throws {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("voiceplug-spawn-\(UUID().uuidString.prefix(8)).log")
        defer { try? FileManager.default.removeItem(at: log) }
        // A socket pair that is not close-on-exec, as Foundation's `Process` gives each child, moved out of the way of
        // the shell's own descriptors.
        var pair: [Int32] = [-1, -1]
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0)
        let held = [fcntl(pair[0], F_DUPFD, 200), fcntl(pair[1], F_DUPFD, 200)]
        defer { (pair + held).forEach { close($0) } }
        try #require(held.allSatisfy { $0 >= 200 })
        let child = try SpawnedProcess("/bin/sh", ["-c", "for f in /proc/$$/fd/*; do echo ${f##*/}; done"], log: log.path)
        #expect(child.reap(within: 10))
        let listed = Set(try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map(String.init))
        #expect(listed.isSuperset(of: ["0", "1", "2"]), "\(listed)")
        #expect(listed.isDisjoint(with: (pair + held).map(String.init)), "\(listed)")
    }

    @Test("run passes each argument as it is, never through a shell, and returns the output and exit code")
    func runWithoutShell() throws {
        let hostile = "kettle'; touch /tmp/voiceplug-pwned; echo '$(id) `id` \"quoted\"\nnext line"
        let echoed = try SpawnedProcess.run("printf", ["%s", hostile])
        #expect(echoed.status == 0 && echoed.text == hostile)
        #expect(!FileManager.default.fileExists(atPath: "/tmp/voiceplug-pwned"))
        #expect(try SpawnedProcess.run("false", []).status == 1)
        #expect(try SpawnedProcess.run("/bin/sh", ["-c", "kill -TERM $$"]).status == 128 + SIGTERM)
        #expect(throws: POSIXError.self) { try SpawnedProcess.run("voiceplug-no-such-program", []) }
    }

    @Test("run's output leaves standard error out, or takes it in when asked")
    func errorsMerged() throws {
        let script = ["-c", "echo out; echo err >&2"]
        #expect(try SpawnedProcess.run("/bin/sh", script).text == "out\n")
        let merged = try SpawnedProcess.run("/bin/sh", script, mergingErrors: true).text
        #expect(merged.contains("out\n") && merged.contains("err\n"), "\(merged)")
    }
}
