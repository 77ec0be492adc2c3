import ChildProcesses
import Foundation
import MQTT

#if canImport(Glibc)
    import Glibc
#endif

/// A private mosquitto broker on a free loopback port, with a configuration
/// written to a temporary folder. Used by the tests and by `voiceplug demo`.
///
/// `start` returns once the broker accepts connections; `stop` ends it by PID
/// (SIGTERM, then SIGKILL) and removes the folder. A broker that is still
/// running when the object goes away is stopped then.
public final class PrivateBroker: @unchecked Sendable {
    /// Optional parts of the broker's configuration.
    public struct Options: Sendable {
        /// User name → password; when set, anonymous clients are refused.
        public var passwords: [String: String]
        /// The text of an ACL file (mosquitto's `acl_file` syntax).
        public var acl: String?
        /// A TLS listener in addition to the plain one.
        public var tls: TLSFiles?
        /// Keeps sessions and retained messages across a restart (`persistence true`).
        public var persistence: Bool
        /// Extra configuration lines, appended as given.
        public var extraLines: [String]

        public init(
            passwords: [String: String] = [:], acl: String? = nil, tls: TLSFiles? = nil,
            persistence: Bool = false, extraLines: [String] = []
        ) {
            self.passwords = passwords
            self.acl = acl
            self.tls = tls
            self.persistence = persistence
            self.extraLines = extraLines
        }
    }

    /// PEM files of a TLS listener.
    public struct TLSFiles: Sendable {
        public var caFile: String
        public var certificateFile: String
        public var keyFile: String
        public init(caFile: String, certificateFile: String, keyFile: String) {
            self.caFile = caFile
            self.certificateFile = certificateFile
            self.keyFile = keyFile
        }
    }

    /// Why the broker could not be started.
    public enum StartError: Error, CustomStringConvertible {
        /// The `mosquitto` program is not installed.
        case notInstalled
        /// The broker exited or did not accept connections; its log is attached.
        case failed(String)

        public var description: String {
            switch self {
            case .notInstalled:
                return "the mosquitto broker is not installed (run `make deps`)"
            case .failed(let log):
                return "the private mosquitto broker did not start: \(log)"
            }
        }
    }

    public let host = "127.0.0.1"
    /// The plain MQTT port.
    public private(set) var port: Int
    /// The TLS port, when `options.tls` was given.
    public private(set) var tlsPort: Int?
    /// The folder holding the configuration, password file and log.
    public let directory: URL
    public let options: Options
    private var child: SpawnedProcess?

    /// `mqtt://127.0.0.1:<port>`.
    public var url: String { "mqtt://\(host):\(port)" }

    /// The broker's process id while it runs.
    public var pid: Int32? { child?.pid }

    private init(options: Options, directory: URL) {
        self.options = options
        self.directory = directory
        self.port = 0
    }

    deinit { stop() }

    /// Starts a broker on a free loopback port and waits until it accepts connections.
    public static func start(_ options: Options = Options()) throws -> PrivateBroker {
        guard let executable = findMosquitto() else { throw StartError.notInstalled }
        raiseOpenFileLimit()  // the broker inherits it: a thousand plugs need a thousand sockets
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("voiceplug-broker-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let broker = PrivateBroker(options: options, directory: directory)
        var lastError: Error = StartError.failed("no attempt was made")
        for _ in 0..<5 {
            do {
                broker.port = try freeLoopbackPort()
                broker.tlsPort = options.tls == nil ? nil : try freeLoopbackPort()
                try broker.writeConfiguration()
                try broker.launch(executable)
                return broker
            } catch {
                lastError = error
                broker.stop(removeFiles: false)
            }
        }
        broker.stop()
        throw lastError
    }

    /// Stops the broker and starts it again on the same ports (with
    /// `persistence`, sessions and retained messages survive).
    public func restart() throws {
        stop(removeFiles: false)
        guard let executable = Self.findMosquitto() else { throw StartError.notInstalled }
        try launch(executable)
    }

    /// Stops the broker by PID. With `persistence` it gets SIGTERM (it then
    /// saves its database; mosquitto needs about a second for that) and
    /// SIGKILL after 5 s; without, there is nothing to save and SIGKILL ends
    /// it at once.
    public func stop() { stop(removeFiles: true) }

    private func stop(removeFiles: Bool) {
        // With persistence the broker must save its database: SIGTERM (mosquitto
        // needs about a second); without, there is nothing to save.
        child?.stop(signal: options.persistence ? SIGTERM : SIGKILL)
        child = nil
        if removeFiles { try? FileManager.default.removeItem(at: directory) }
    }

    /// Stops the broker with SIGKILL at once (no clean shutdown).
    public func kill9() {
        child?.stop(signal: SIGKILL)
        child = nil
    }

    private var configFile: URL { directory.appendingPathComponent("mosquitto.conf") }
    private var logFile: URL { directory.appendingPathComponent("mosquitto.log") }

    private func writeConfiguration() throws {
        var lines = [
            "# written by VoicePlug's PrivateBroker",
            "per_listener_settings false",
            "set_tcp_nodelay true",
            "log_dest file \(logFile.path)",
            "log_type error",
            "log_type warning",
            "log_type notice",
            "max_queued_messages 100000",
            // Started as root, mosquitto would switch to the `mosquitto` user
            // and could not write its log and persistence file here.
            "user \(currentUserName())",
            "listener \(port) \(host)",
        ]
        if let tls = options.tls, let tlsPort {
            lines += [
                "listener \(tlsPort) \(host)",
                "cafile \(tls.caFile)",
                "certfile \(tls.certificateFile)",
                "keyfile \(tls.keyFile)",
            ]
        }
        if options.passwords.isEmpty {
            lines.append("allow_anonymous true")
        } else {
            let passwordFile = directory.appendingPathComponent("passwords")
            try "".write(to: passwordFile, atomically: true, encoding: .utf8)
            for (user, password) in options.passwords.sorted(by: { $0.key < $1.key }) {
                try Self.run("mosquitto_passwd", ["-b", passwordFile.path, user, password])
            }
            lines += ["allow_anonymous false", "password_file \(passwordFile.path)"]
        }
        if let acl = options.acl {
            let aclFile = directory.appendingPathComponent("acl")
            try acl.write(to: aclFile, atomically: true, encoding: .utf8)
            lines.append("acl_file \(aclFile.path)")
        }
        if options.persistence {
            lines += ["persistence true", "persistence_location \(directory.path)/", "autosave_interval 1"]
        }
        lines += options.extraLines
        try (lines.joined(separator: "\n") + "\n").write(to: configFile, atomically: true, encoding: .utf8)
    }

    private func launch(_ executable: String) throws {
        let process = try SpawnedProcess(executable, ["-c", configFile.path], ownProcessGroup: true)
        child = process
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if !process.isRunning {
                child = nil
                break
            }
            if Self.accepts(host: host, port: port) && (tlsPort.map { Self.accepts(host: host, port: $0) } ?? true) {
                return
            }
            usleep(5_000)
        }
        let log = (try? String(contentsOf: logFile, encoding: .utf8)) ?? "(no log)"
        throw StartError.failed(log.split(separator: "\n").suffix(5).joined(separator: " | "))
    }

    private static func findMosquitto() -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let folders = path.split(separator: ":").map(String.init) + ["/usr/sbin", "/usr/local/sbin", "/sbin"]
        return folders.map { "\($0)/mosquitto" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    private static func run(_ tool: String, _ arguments: [String]) throws {
        let finished = try SpawnedProcess.run(tool, arguments)
        guard finished.status == 0 else { throw StartError.failed("\(tool) exited with status \(finished.status)") }
    }

    /// Whether a TCP connection to host:port succeeds.
    static func accepts(host: String, port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = loopbackAddress(host: host, port: port)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }
}

private func currentUserName() -> String {
    guard let entry = getpwuid(getuid()), let name = entry.pointee.pw_name else { return "root" }
    return String(cString: name)
}

/// A TCP port on 127.0.0.1 that is free at the time of the call.
public func freeLoopbackPort() throws -> Int {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw POSIXError(.EMFILE) }
    defer { close(fd) }
    var address = loopbackAddress(host: "127.0.0.1", port: 0)
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
            bind(fd, pointer, length) == 0 && getsockname(fd, pointer, &length) == 0
        }
    }
    guard bound else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EADDRINUSE) }
    return Int(UInt16(bigEndian: address.sin_port))
}

private func loopbackAddress(host: String, port: Int) -> sockaddr_in {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = UInt16(port).bigEndian
    inet_pton(AF_INET, host, &address.sin_addr)
    return address
}
