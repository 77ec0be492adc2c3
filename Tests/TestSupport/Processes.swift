import ChildProcesses
import Foundation

/// The folder with the package's built programs (beside the test binary).
public let productsDirectory: URL = {
    let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    var folder = URL(fileURLWithPath: executable).deletingLastPathComponent()
    while folder.pathExtension == "xctest" || folder.lastPathComponent == "MacOS" {
        folder = folder.deletingLastPathComponent()
    }
    return folder
}()

/// A program of the package started as a real process, with its output
/// collected. It is killed when the object is freed if still running.
public final class ChildProcess: @unchecked Sendable {
    public let process = Process()
    private let output = Pipe()
    private let errors = Pipe()
    private let lock = NSLock()
    private var stdoutText = ""
    private var stderrText = ""

    /// Starts `name` from `productsDirectory` (or an absolute path) with
    /// `arguments`; `input`, when given, is its standard input.
    public init(
        _ name: String, _ arguments: [String], environment: [String: String]? = nil,
        input: Data? = nil, directory: URL? = nil
    ) throws {
        process.executableURL = name.hasPrefix("/") ? URL(fileURLWithPath: name) : productsDirectory.appendingPathComponent(name)
        process.arguments = arguments
        if let environment { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        let inputPipe = input.map { _ in Pipe() }
        process.standardInput = inputPipe ?? FileHandle.nullDevice
        if let directory { process.currentDirectoryURL = directory }
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Each pipe read to its end on a thread of its own, not with a `readabilityHandler`: their libdispatch read
        // sources, set up and torn down by many tests at once, crashed the test process in the manager thread's
        // `_dispatch_event_loop_drain` (a fresh clone's `make test`; swift-corelibs-libdispatch issue 949).
        Self.read(output.fileHandleForReading) { [weak self] text in self?.lock.withLock { self?.stdoutText += text } }
        Self.read(errors.fileHandleForReading) { [weak self] text in self?.lock.withLock { self?.stderrText += text } }
        if let inputPipe, let input {
            let writer = inputPipe.fileHandleForWriting
            Thread {
                writer.write(input)
                try? writer.close()
            }.start()
        }
    }

    deinit { kill(SIGKILL) }

    /// Reads `handle` until its end, giving each piece read to `append`.
    private static func read(_ handle: FileHandle, _ append: @escaping @Sendable (String) -> Void) {
        Thread {
            while case let data = handle.availableData, !data.isEmpty { append(String(decoding: data, as: UTF8.self)) }
        }.start()
    }

    public var standardOutput: String { lock.withLock { stdoutText } }
    public var standardError: String { lock.withLock { stderrText } }
    public var pid: Int32 { process.processIdentifier }
    public var isRunning: Bool { process.isRunning }

    /// Sends `signal` if the process still runs.
    public func kill(_ signal: Int32) {
        if process.isRunning { Foundation.kill(process.processIdentifier, signal) }
    }

    /// Waits for the process to end and returns its exit status.
    public func wait(timeout: Duration = .seconds(10)) async throws -> Int32 {
        let deadline = ContinuousClock.now + timeout
        var ended: Int32?
        while process.isRunning {
            ended = endedStatus()
            if ended != nil { break }
            guard ContinuousClock.now < deadline else {
                kill(SIGKILL)
                throw TimedOut(what: "\(process.executableURL?.lastPathComponent ?? "process") to exit")
            }
            try await Task.sleep(for: .milliseconds(10))
        }
        // Let the pipes drain.
        try await Task.sleep(for: .milliseconds(20))
        return ended ?? process.terminationStatus
    }

    /// The status of a child that has ended, asked of the kernel without
    /// reaping it (Foundation still does): Foundation learns of the end only
    /// when a socket it gave the child closes, and a process started
    /// meanwhile by another test may hold a copy of it
    /// (swift-corelibs-foundation issue 4795). Nil while it runs.
    private func endedStatus() -> Int32? {
        var info = siginfo_t()
        guard waitid(P_PID, id_t(process.processIdentifier), &info, WEXITED | WNOHANG | WNOWAIT) == 0,
            info._sifields._sigchld.si_pid == process.processIdentifier
        else { return nil }
        return info._sifields._sigchld.si_status
    }

    /// Waits until standard output contains `text`.
    public func waitForOutput(_ text: String, timeout: Duration = .seconds(10)) async throws {
        try await eventually("'\(text)' on standard output", timeout: timeout) { [self] in
            standardOutput.contains(text)
        }
    }
}

/// Runs a command to completion and returns its exit status and output (standard error included).
///
/// Through `SpawnedProcess` (posix_spawn), as the product starts programs: Foundation's `Process.run` crashed once
/// in a memcpy when the speech suites synthesized many utterances at once. Only with a working `directory` (the
/// certificates' openssl, at set-up) is it Foundation's `Process`.
@discardableResult
public func runCommand(_ executable: String, _ arguments: [String], in directory: URL? = nil) throws -> (status: Int32, output: String) {
    guard let directory else {
        let finished = try SpawnedProcess.run(executable, arguments, mergingErrors: true)
        return (finished.status, finished.text)
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [executable] + arguments
    process.currentDirectoryURL = directory
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}
