import Foundation

/// Where a command writes and reads. The real one uses the process's
/// standard streams; tests use a recording one.
open class Console: @unchecked Sendable {
    public init() {}

    /// Writes to standard output.
    open func out(_ text: String) { write(1, text) }
    /// Writes to standard error.
    open func err(_ text: String) { write(2, text) }
    /// Writes bytes to standard output.
    open func outBytes(_ bytes: [UInt8]) { writeAll(1, bytes) }
    /// Reads up to `count` bytes of standard input into `buffer`; 0 at its end.
    open func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        while true {
            let got = Glibc.read(0, buffer.baseAddress, buffer.count)
            if got < 0 && errno == EINTR { continue }
            return max(got, 0)
        }
    }
    /// All of standard input, or nil when it holds more than `inputLimit` bytes (the rest is not read: a pipe may never end).
    public func readAll() -> [UInt8]? {
        var bytes: [UInt8] = []
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 8)
        defer { buffer.deallocate() }
        while case let count = read(into: buffer), count > 0 {
            bytes += buffer[..<count]
            if bytes.count > Self.inputLimit { return nil }
        }
        return bytes
    }

    /// The most a command reads from standard input or a file it is given:
    /// 64 MiB, half an hour of 16 kHz audio or a million shortcuts.
    public static let inputLimit = 64 << 20

    /// The environment variables.
    open var environment: [String: String] { ProcessInfo.processInfo.environment }
    /// The folder relative paths are taken from.
    open var currentDirectory: String { FileManager.default.currentDirectoryPath }
    /// Whether standard output is a terminal.
    open var isTerminal: Bool { isatty(1) == 1 }

    private func write(_ fd: Int32, _ text: String) { writeAll(fd, Array(text.utf8)) }

    private func writeAll(_ fd: Int32, _ bytes: [UInt8]) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return  // a closed pipe: nothing more to do
                }
                offset += written
            }
        }
    }
}

/// A command's exit code.
public enum ExitCode: Int32, Sendable {
    /// Done.
    case ok = 0
    /// The request failed (not recognized, refused by the rules, plug offline, no confirmation).
    case failed = 1
    /// Usage or configuration error.
    case usage = 2
    /// The broker or the store cannot be reached.
    case unavailable = 3
}
