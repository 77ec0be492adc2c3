import VoiceShortcuts

/// What a command accepts on the command line.
public struct CommandSpec: Sendable {
    /// "shortcuts add".
    public var name: String
    /// One line: what the command does.
    public var summary: String
    /// The usage line after `voiceplug`.
    public var usage: String
    /// Options that take a value, without `--`.
    public var options: [String] = []
    /// Options without a value, without `--`.
    public var flags: [String] = []
    /// How many positional arguments, at least and at most.
    public var positionals: ClosedRange<Int> = 0...0
    /// The rest of the help text.
    public var details: String = ""
    /// The program the command belongs to: "voiceplug", or "plugsim" (whose spec has no name of its own).
    public var program: String = "voiceplug"

    public init(
        name: String, summary: String, usage: String, options: [String] = [], flags: [String] = [],
        positionals: ClosedRange<Int> = 0...0, details: String = "", program: String = "voiceplug"
    ) {
        self.program = program
        self.name = name
        self.summary = summary
        self.usage = usage
        self.options = options
        self.flags = flags
        self.positionals = positionals
        self.details = details
    }

    /// The text `--help` prints.
    public var help: String {
        var text = "usage: \(program) \(usage)\n\n\(summary)\n"
        if !details.isEmpty { text += "\n\(details)\n" }
        return text
    }
}

extension CommandSpec {
    /// Parses `arguments`; when they ask for `--help`, prints it and returns
    /// nil (the command then exits 0).
    public func parse(_ arguments: [String], console: Console) throws(UsageError) -> Arguments? {
        let parsed = try Arguments(arguments, spec: self)
        guard !parsed.wantsHelp else {
            console.out(help)
            return nil
        }
        return parsed
    }
}

/// A command line that does not fit the command: exit code 2.
public struct UsageError: Error, Sendable, CustomStringConvertible {
    public var message: String
    /// The command after the program's name ("shortcuts add"); empty for the program itself.
    public var command: String
    public var program: String

    public init(message: String, command: String, program: String = "voiceplug") {
        self.message = message
        self.command = command
        self.program = program
    }

    public var description: String { "\(message) (see `\([program, command].filter { !$0.isEmpty }.joined(separator: " ")) --help`)" }
}

/// The parsed arguments of one command.
public struct Arguments {
    public var positionals: [String] = []
    public var options: [String: String] = [:]
    public var flags: Set<String> = []
    public var wantsHelp = false

    /// Parses `arguments` for `spec`. Options may stand before or after
    /// positional arguments; `--name value` and `--name=value` both work; `--`
    /// ends the options.
    public init(_ arguments: [String], spec: CommandSpec) throws(UsageError) {
        // --help anywhere before `--` shows the help, whatever else is wrong.
        let beforeEnd = arguments.prefix { $0 != "--" }
        if beforeEnd.contains("--help") || beforeEnd.contains("-h") {
            wantsHelp = true
            return
        }
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            if argument == "-h" || argument == "--help" {
                wantsHelp = true
                continue
            }
            guard argument.hasPrefix("--") else {
                throw UsageError(message: "unknown option '\(argument)'", command: spec.name, program: spec.program)
            }
            var name = String(argument.dropFirst(2))
            var value: String?
            if let equals = name.firstIndex(of: "=") {
                value = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            if spec.flags.contains(name) {
                guard value == nil else { throw UsageError(message: "--\(name) takes no value", command: spec.name, program: spec.program) }
                flags.insert(name)
            } else if spec.options.contains(name) {
                if value == nil {
                    guard index < arguments.count else {
                        throw UsageError(message: "--\(name) needs a value", command: spec.name, program: spec.program)
                    }
                    value = arguments[index]
                    index += 1
                }
                if options[name] != nil, options[name] != value {
                    throw UsageError(message: "--\(name) is given twice", command: spec.name, program: spec.program)
                }
                options[name] = value
            } else {
                let known = spec.options + spec.flags
                let hint = nearestName(to: name, among: known).map { " — did you mean --\($0)?" } ?? ""
                throw UsageError(message: "unknown option '--\(name)'\(hint)", command: spec.name, program: spec.program)
            }
        }
        if wantsHelp { return }
        if positionals.count < spec.positionals.lowerBound {
            throw UsageError(message: "missing argument: \(spec.usage)", command: spec.name, program: spec.program)
        }
        if positionals.count > spec.positionals.upperBound {
            throw UsageError(
                message: "unexpected argument '\(positionals[spec.positionals.upperBound])'", command: spec.name, program: spec.program)
        }
    }

    /// The value of a required option.
    /// The value of a required option: missing or blank is a usage error (exit 2), as every malformed command line is.
    public func required(_ name: String, _ spec: CommandSpec) throws(UsageError) -> String {
        guard let value = options[name] else {
            throw UsageError(message: "--\(name) is required", command: spec.name, program: spec.program)
        }
        guard !value.allSatisfy(\.isWhitespace) else {
            throw UsageError(message: "--\(name) is empty", command: spec.name, program: spec.program)
        }
        return value
    }
}
