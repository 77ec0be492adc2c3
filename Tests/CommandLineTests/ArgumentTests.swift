import CommandLineSupport
import Testing

@testable import voiceplug

@Suite("Argument parsing")
struct ArgumentTests {
    let spec = CommandSpec(
        name: "shortcuts edit", summary: "", usage: "shortcuts edit ID --phrase TEXT",
        options: ["phrase", "db"], flags: ["json"], positionals: 1...1)

    @Test("options stand before or after positionals, with a space or =")
    func optionPlacement() throws {
        for arguments in [
            ["ABC", "--phrase", "lights out"], ["--phrase", "lights out", "ABC"], ["--phrase=lights out", "ABC"],
            ["ABC", "--phrase=lights out"],
        ] {
            let parsed = try Arguments(arguments, spec: spec)
            #expect(parsed.positionals == ["ABC"])
            #expect(parsed.options["phrase"] == "lights out")
        }
    }

    @Test("-- ends the options: a positional may start with a dash")
    func doubleDash() throws {
        let parsed = try Arguments(["--phrase", "x", "--", "--weird-id"], spec: spec)
        #expect(parsed.positionals == ["--weird-id"])
    }

    @Test("a value may start with a dash or be empty when given with =")
    func valuesWithDashes() throws {
        #expect(try Arguments(["ID", "--phrase", "-x-"], spec: spec).options["phrase"] == "-x-")
        #expect(try Arguments(["ID", "--phrase="], spec: spec).options["phrase"] == "")
    }

    @Test("flags take no value")
    func flags() throws {
        #expect(try Arguments(["ID", "--json"], spec: spec).flags == ["json"])
        #expect(throws: UsageError.self) { try Arguments(["ID", "--json=yes"], spec: spec) }
    }

    @Test("usage errors say what is wrong")
    func usageErrors() {
        func message(_ arguments: [String]) -> String {
            do {
                _ = try Arguments(arguments, spec: spec)
                return "no error"
            } catch {
                return error.description
            }
        }
        #expect(message(["ID", "--phrse", "x"]).contains("did you mean --phrase?"))
        #expect(message(["ID", "--phrase"]).contains("--phrase needs a value"))
        #expect(message([]).contains("missing argument"))
        #expect(message(["A", "B"]).contains("unexpected argument 'B'"))
        #expect(message(["ID", "-x"]).contains("unknown option '-x'"))
        #expect(message(["ID", "--phrase", "a", "--phrase", "b"]).contains("given twice"))
    }

    @Test("--help wins over missing arguments")
    func help() throws {
        #expect(try Arguments(["--help"], spec: spec).wantsHelp)
        #expect(try Arguments(["-h", "--phrase"], spec: spec).wantsHelp)
        #expect(try Arguments(["--bogus", "--help"], spec: spec).wantsHelp)
        #expect(try Arguments(["--phrase", "x", "--", "--help"], spec: spec).positionals == ["--help"])
    }

    @Test("--http takes a port (loopback), ADDRESS:PORT or [IPv6]:PORT")
    func consoleAddress() throws {
        #expect(try RunCommand.consoleAddress("8080") == ("127.0.0.1", 8080))
        #expect(try RunCommand.consoleAddress("0.0.0.0:80") == ("0.0.0.0", 80))
        #expect(try RunCommand.consoleAddress("localhost:9000") == ("127.0.0.1", 9000))
        #expect(try RunCommand.consoleAddress("[::1]:8443") == ("::1", 8443))
        for bad in ["", "kitchen", "8080:", "127.0.0.1:99999", "[::1]"] {
            #expect(throws: UsageError.self, "\(bad)") { try RunCommand.consoleAddress(bad) }
        }
    }
}
