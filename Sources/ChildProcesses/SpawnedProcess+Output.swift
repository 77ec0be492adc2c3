import Foundation

#if canImport(Glibc)
    import Glibc
#endif

extension SpawnedProcess {
    /// What a finished program wrote and how it ended.
    public struct Finished: Sendable {
        /// Its exit code, or 128 + the signal that ended it.
        public var status: Int32
        /// Its standard output.
        public var output: [UInt8]
        public var text: String { String(decoding: output, as: UTF8.self) }
    }

    /// Runs `executable` (a path, or a name looked up in `PATH`) with `arguments` passed as they are, never through
    /// a shell, and returns its standard output once it has ended. Its standard error is discarded, or with
    /// `mergingErrors` is part of the output.
    /// - Throws: `POSIXError` when it cannot be started (`.ENOENT` when there is no such program).
    public static func run(_ executable: String, _ arguments: [String], mergingErrors: Bool = false) throws -> Finished {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        let (reading, writing) = (ends[0], ends[1])
        let process: SpawnedProcess
        do {
            process = try SpawnedProcess(executable, arguments, output: .descriptor(writing, errors: mergingErrors))
        } catch {
            close(reading)
            close(writing)
            throw error
        }
        close(writing)  // the child holds its own copy: end of file comes when it exits
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(reading, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            output += buffer[..<count]
        }
        close(reading)
        process.reap(within: 10)
        return Finished(status: process.exitCode ?? 0, output: output)
    }

    /// Once it has ended: its exit code, or 128 + the signal that ended it.
    public var exitCode: Int32? {
        exitStatus.map { raw in raw & 0x7F == 0 ? (raw >> 8) & 0xFF : 128 + (raw & 0x7F) }
    }
}
