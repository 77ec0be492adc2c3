import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A child process started with `posix_spawn` and reaped with `waitpid`.
///
/// Foundation's `Process` on Linux learns that a child ended when a socket
/// it gave the child closes, which any process holding a copy delays
/// (swift-corelibs-foundation issue 4795); `waitpid` cannot miss it. The
/// child starts with no blocked signals and default handlers, so SIGTERM and
/// SIGINT reach it whatever the spawning thread had blocked, and with no
/// descriptor of this process but its standard input, output and error.
public final class SpawnedProcess: Sendable {
    public let pid: pid_t
    /// The wait status, once `waitpid` has reaped it.
    private let status = Mutex<Int32?>(nil)

    /// Starts `executable` with `arguments`, standard input from /dev/null,
    /// standard output and error appended to `log` (or /dev/null). It runs in
    /// this process's folder: give it absolute paths.
    /// With `ownProcessGroup`, a Ctrl-C in the terminal does not reach it:
    /// whoever started it stops it, in order.
    public convenience init(_ executable: String, _ arguments: [String], log: String? = nil, ownProcessGroup: Bool = false) throws {
        try self.init(executable, arguments, output: .log(log ?? "/dev/null"), ownProcessGroup: ownProcessGroup)
    }

    /// Starts `executable` with standard input read from the file `standardInput` and standard output written
    /// to the file `standardOutput` (created or emptied); standard error is discarded.
    public convenience init(_ executable: String, _ arguments: [String], standardInput: String, standardOutput: String) throws {
        try self.init(executable, arguments, input: standardInput, output: .file(standardOutput))
    }

    /// Where the child's standard output goes.
    enum Output {
        /// Appended to a file, standard error too.
        case log(String)
        /// Written to a file, created or emptied; standard error to /dev/null.
        case file(String)
        /// Into this descriptor (a pipe's write end); standard error there too when `errors`, else to /dev/null.
        case descriptor(Int32, errors: Bool = false)
    }

    /// Starts `executable`, an absolute path or a name looked up in `PATH`, with `arguments` as they are: no shell.
    init(_ executable: String, _ arguments: [String], input: String = "/dev/null", output: Output, ownProcessGroup: Bool = false) throws {
        guard let path = Self.resolve(executable) else { throw POSIXError(.ENOENT) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, input, O_RDONLY, 0)
        switch output {
        case .log(let file):
            posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, file, O_WRONLY | O_CREAT | O_APPEND, 0o644)
            posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO)
        case .file(let file):
            posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, file, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
        case .descriptor(let descriptor, let errors):
            posix_spawn_file_actions_adddup2(&actions, descriptor, STDOUT_FILENO)
            if errors {
                posix_spawn_file_actions_adddup2(&actions, descriptor, STDERR_FILENO)
            } else {
                posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
            }
        }
        // Nothing else of this process's: a broker that kept a copy of another child's descriptor (Foundation's
        // `Process` learns that its child ended when the socket it gave it closes) held that child's end back.
        _ = Self.closeFrom?(&actions, 3)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        var allSignals = sigset_t()
        sigemptyset(&noSignals)
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
        if ownProcessGroup {
            posix_spawnattr_setpgroup(&attributes, 0)
            flags |= POSIX_SPAWN_SETPGROUP
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))

        var argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, path, &actions, &attributes, &argv, environ)
        guard rc == 0 else { throw POSIXError(POSIXErrorCode(rawValue: rc) ?? .EINVAL) }
        self.pid = pid
    }

    /// `executable` itself when it names a path, else the first executable of that name in `PATH`.
    static func resolve(_ executable: String) -> String? {
        if executable.contains("/") { return executable }
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return folders.map { "\($0)/\(executable)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which Swift's Glibc module does not
    /// declare; nil without it (the child then keeps what this process did not mark close-on-exec).
    private static let closeFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
    }()

    deinit {
        if isRunning { kill(pid, SIGKILL) }
        _ = reap(within: 1)
    }

    /// Whether the process still runs (reaping it when it has ended).
    public var isRunning: Bool { exitStatus == nil }

    /// The wait status once it has ended.
    public var exitStatus: Int32? {
        status.withLock { status in
            if status == nil {
                var raw: Int32 = 0
                let result = waitpid(pid, &raw, WNOHANG)
                if result == pid {
                    status = raw
                } else if result < 0 && errno == ECHILD {
                    status = 0
                }
            }
            return status
        }
    }

    /// Sends `signal` if the process still runs.
    public func signal(_ number: Int32) {
        if isRunning { kill(pid, number) }
    }

    /// Waits for the process to end; false if it still runs after `seconds`.
    @discardableResult
    public func reap(within seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while isRunning {
            guard Date() < deadline else { return false }
            usleep(2_000)
        }
        return true
    }

    /// SIGTERM (or `signal`), then SIGKILL if it has not ended within `grace` seconds.
    public func stop(signal number: Int32 = SIGTERM, grace: Double = 5) {
        guard isRunning else { return }
        kill(pid, number)
        if !reap(within: grace) {
            kill(pid, SIGKILL)
            reap(within: 5)
        }
    }
}
