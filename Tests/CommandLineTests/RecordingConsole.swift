import CommandLineSupport
import Foundation

@testable import voiceplug

/// A console that records what a command writes and feeds it input.
final class RecordingConsole: Console, @unchecked Sendable {
    private(set) var output = ""
    private(set) var errors = ""
    private var input: [UInt8]
    private let directory: String

    init(input: [UInt8] = [], directory: String) {
        self.input = input
        self.directory = directory
    }

    override func out(_ text: String) { output += text }
    override func err(_ text: String) { errors += text }
    override func outBytes(_ bytes: [UInt8]) { output += String(decoding: bytes, as: UTF8.self) }
    override var currentDirectory: String { directory }
    override var isTerminal: Bool { false }
    override func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        let count = min(buffer.count, input.count, 7)  // small reads: lines cross block boundaries
        buffer.copyBytes(from: input.prefix(count))
        input.removeFirst(count)
        return count
    }
}

/// A folder with a configuration, removed afterwards.
final class Workspace {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("voiceplug-cli-\(UUID().uuidString.prefix(8))")
    var path: String { url.path }

    /// Its broker is a port where nothing listens (9, discard): a change waits for no gateway, whatever runs on
    /// this machine's 1883.
    static let configuration = """
        {
          "broker": "mqtt://127.0.0.1:9",
          "devices": [
            {"id": "kitchen-lamp", "name": "kitchen lamp", "aliases": ["kitchen light"], "area": "kitchen"},
            {"id": "desk-fan", "name": "desk fan", "protocol": "shelly", "topic": "shelly1-desk"},
            {"id": "tree", "name": "christmas tree", "protocol": "zigbee2mqtt", "topic": "xmas_tree"}
          ]
        }
        """

    init(configuration: String? = Workspace.configuration) throws {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        if let configuration {
            try configuration.write(to: url.appendingPathComponent("voiceplug.json"), atomically: true, encoding: .utf8)
        }
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Runs `voiceplug` in-process in this folder.
    func run(_ arguments: String..., input: String = "") async -> (code: ExitCode, out: String, err: String) {
        await run(arguments, bytes: Array(input.utf8))
    }

    /// Runs `voiceplug` in-process with `bytes` on standard input, which may be any bytes at all.
    func run(_ arguments: [String], bytes: [UInt8]) async -> (code: ExitCode, out: String, err: String) {
        let console = RecordingConsole(input: bytes, directory: path)
        let code = await VoicePlugCommand.run(arguments, console: console)
        return (code, console.output, console.errors)
    }
}
