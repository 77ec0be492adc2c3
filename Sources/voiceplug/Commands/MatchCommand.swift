import CommandLineSupport
import JSONText
import VoiceShortcuts

/// `voiceplug match`: phrases on standard input, one JSON answer per line.
enum MatchCommand {
    static let spec = CommandSpec(
        name: "match", summary: "Matches phrases offline: one phrase per line on standard input, one JSON object per line out.",
        usage: "match [--config FILE] [--db FILE]",
        options: ["config", "db"],
        details: """
            Each line is answered, in order, with
              {"text":…,"device":"kitchen-lamp","state":"off","shortcut":"<id>"|null}
            or, for several devices, a toggle or a question (which switches nothing),
              {"text":…,"device":null,"state":null,"request":{"kind":"group"|"toggle"|"query","devices":[…],"state":…}}
            or, when the phrase says none of these,
              {"text":…,"device":null,"state":null,"error":"not_recognized"}
            ("invalid_input" for a line that is not UTF-8 or longer than \(maximumLineBytes) bytes).
            "shortcut" is the voice shortcut registered for that device and state.

            --config FILE   the devices (default: voiceplug.json in the current folder)
            --db FILE       the shortcut store (default: voiceplug.db beside the configuration, else here)
            """)

    /// Longer lines are answered `invalid_input` without matching.
    static let maximumLineBytes = 4096

    static func run(_ arguments: [String], console: Console) -> ExitCode {
        do {
            guard let parsed = try spec.parse(arguments, console: console) else { return .ok }
            let context = try Context(parsed, console: console)
            let index = try context.registryForReading().index
            let matcher = PhraseMatcher(devices: context.devices)
            answerLines(console: console) { line, output in
                answer(line, matcher: matcher, index: index, into: &output)
            }
            return .ok
        } catch {
            return report(error, command: spec.name, console: console)
        }
    }

    /// Reads standard input line by line (LF or CRLF) and writes what
    /// `body` appends, in large blocks. Lines are handed over without copying.
    static func answerLines(console: Console, _ body: (UnsafeBufferPointer<UInt8>, inout [UInt8]) -> Void) {
        var output: [UInt8] = []
        output.reserveCapacity(1 << 17)
        var pending: [UInt8] = []
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 8)
        defer { chunk.deallocate() }
        func emit(_ line: UnsafeBufferPointer<UInt8>) {
            let trimmed = line.last == 0x0D ? UnsafeBufferPointer(rebasing: line.dropLast()) : line
            body(trimmed, &output)
            if output.count >= 1 << 16 {
                console.outBytes(output)
                output.removeAll(keepingCapacity: true)
            }
        }
        while true {
            let count = console.read(into: chunk)
            if count == 0 { break }
            let bytes = UnsafeRawBufferPointer(rebasing: chunk[..<count]).bindMemory(to: UInt8.self)
            var start = 0
            while let newline = bytes[start...].firstIndex(of: 0x0A) {
                if pending.isEmpty {
                    emit(UnsafeBufferPointer(rebasing: bytes[start..<newline]))
                } else {
                    pending.append(contentsOf: bytes[start..<newline])
                    pending.withUnsafeBufferPointer { emit($0) }
                    pending.removeAll(keepingCapacity: true)
                }
                start = newline + 1
            }
            pending.append(contentsOf: bytes[start...])
        }
        if !pending.isEmpty { pending.withUnsafeBufferPointer { emit($0) } }
        if !output.isEmpty { console.outBytes(output) }
    }

    static func answer(_ line: UnsafeBufferPointer<UInt8>, matcher: PhraseMatcher, index: ShortcutIndex, into output: inout [UInt8]) {
        JSON.appendRaw("{\"text\":", to: &output)
        guard line.count <= maximumLineBytes, let text = String(validating: line, as: UTF8.self) else {
            JSON.appendString(String(decoding: line.prefix(maximumLineBytes), as: UTF8.self), to: &output)
            JSON.appendRaw(",\"device\":null,\"state\":null,\"error\":\"invalid_input\"}\n", to: &output)
            return
        }
        JSON.appendString(text, to: &output)
        let (matched, request) = matcher.matchOrRequest(text, shortcuts: index)
        switch matched {
        case .recognized(let intent, _):
            JSON.appendRaw(",\"device\":", to: &output)
            JSON.appendString(intent.deviceID, to: &output)
            JSON.appendRaw(intent.state == .on ? ",\"state\":\"on\",\"shortcut\":" : ",\"state\":\"off\",\"shortcut\":", to: &output)
            if let shortcut = index.voiceShortcut(for: intent.key) {
                JSON.appendUUID(shortcut.id, to: &output)
                JSON.appendRaw("}\n", to: &output)
            } else {
                JSON.appendRaw("null}\n", to: &output)
            }
        case .notRecognized:
            guard case .success(let request)? = request else {
                JSON.appendRaw(",\"device\":null,\"state\":null,\"error\":\"not_recognized\"}\n", to: &output)
                return
            }
            JSON.appendRaw(",\"device\":null,\"state\":null,\"request\":", to: &output)
            appendRequest(request, to: &output)
            JSON.appendRaw("}\n", to: &output)
        }
    }

    /// `{"kind":"group"|"toggle"|"query","devices":[…],"state":"on"|"off"|null}`: what a phrase for several
    /// devices, a toggle or a question would do, in the gateway's words (`kind` as its result's).
    static func appendRequest(_ request: DeviceRequest, to output: inout [UInt8]) {
        let (kind, ids, state): (String, [String], PowerState?) =
            switch request {
            case .group(let ids, let state): ("group", ids, state)
            case .toggle(let id): ("toggle", [id], nil)
            case .question(let id, let asked): ("query", [id], asked)
            case .groupQuestion(let ids, let asked): ("query", ids, asked)
            }
        JSON.appendRaw("{\"kind\":", to: &output)
        JSON.appendString(kind, to: &output)
        JSON.appendRaw(",\"devices\":[", to: &output)
        for (index, id) in ids.enumerated() {
            if index > 0 { JSON.appendRaw(",", to: &output) }
            JSON.appendString(id, to: &output)
        }
        JSON.appendRaw("],\"state\":", to: &output)
        if let state { JSON.appendString(state.rawValue, to: &output) } else { JSON.appendRaw("null", to: &output) }
        JSON.appendRaw("}", to: &output)
    }
}
