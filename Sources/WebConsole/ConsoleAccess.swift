import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Who may use the console: a request whose Host names this server (no DNS rebinding), that comes from no other
/// page (no CORS), and, for the API, that carries the token as `Authorization: Bearer TOKEN`.
struct ConsoleAccess: Sendable {
    let token: String
    let port: UInt16
    /// The machine's own names, accepted in Host when the console listens beyond loopback.
    let ownNames: Set<String>

    init(token: String, port: UInt16, listensBeyondLoopback: Bool) {
        self.token = token
        self.port = port
        var names: Set<String> = ["localhost"]
        if listensBeyondLoopback {
            let host = ProcessInfo.processInfo.hostName.lowercased()
            names.formUnion([host, host + ".local"])
        }
        ownNames = names
    }

    enum Refusal: Error, Equatable {
        case foreignHost, crossOrigin, noToken, wrongToken
    }

    /// Why `request` may not be served, or nil.
    func refusal(path: String, headers: (String) -> String?) -> Refusal? {
        guard let host = headers("host"), isOwn(host: host) else { return .foreignHost }
        // A page of another origin: browsers say so in Origin (and Sec-Fetch-Site); nothing is served to it.
        if let origin = headers("origin"), origin.lowercased() != "http://" + host.lowercased() { return .crossOrigin }
        guard path.hasPrefix("/api/") || path == "/api" else { return nil }
        // Another site's script (a link followed to the page itself is fine).
        if headers("sec-fetch-site")?.lowercased() == "cross-site" { return .crossOrigin }
        guard let authorization = headers("authorization"), authorization.lowercased().hasPrefix("bearer ") else { return .noToken }
        return Self.equalInConstantTime(Array(authorization.dropFirst(7).utf8), Array(token.utf8)) ? nil : .wrongToken
    }

    /// Whether a Host header names this server: an IP literal (immune to DNS rebinding) or one of its own names,
    /// with this server's port.
    func isOwn(host: String) -> Bool {
        let lowered = host.lowercased()
        let name: Substring, portText: Substring?
        if lowered.hasPrefix("[") {
            guard let close = lowered.firstIndex(of: "]") else { return false }
            name = lowered[lowered.index(after: lowered.startIndex)..<close]
            let rest = lowered[lowered.index(after: close)...]
            portText = rest.isEmpty ? nil : rest.hasPrefix(":") ? rest.dropFirst() : "invalid"
            guard Self.isAddress(String(name), family: AF_INET6) else { return false }
        } else {
            let parts = lowered.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            name = parts[0]
            portText = parts.count > 1 ? parts[1] : nil
            guard Self.isAddress(String(name), family: AF_INET) || ownNames.contains(String(name)) else { return false }
        }
        let given = portText.map { UInt16($0) } ?? 80
        return given == port
    }

    private static func isAddress(_ text: String, family: Int32) -> Bool {
        var buffer = in6_addr()
        return inet_pton(family, text, &buffer) == 1
    }

    private static func equalInConstantTime(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for (x, y) in zip(a, b) { difference |= x ^ y }
        return difference == 0
    }
}

/// The console's token: 32 random bytes in hex, made at first start and kept in a file only its owner can read.
public enum ConsoleToken {
    public struct Problem: Error, CustomStringConvertible {
        public let description: String
    }

    /// The token in `path`, made there (mode 0600) when there is none. A file others may read is made private.
    public static func loadOrCreate(at path: String) throws -> String {
        if let existing = FileManager.default.contents(atPath: path) {
            let token = String(decoding: existing, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            guard token.count == 64, token.allSatisfy(\.isHexDigit) else {
                throw Problem(description: "the console's token file \(path) is damaged; delete it and a new token is made")
            }
            var info = stat()
            if stat(path, &info) == 0, info.st_mode & 0o077 != 0 { _ = chmod(path, 0o600) }
            return token
        }
        var generator = SystemRandomNumberGenerator()
        let token = (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw Problem(description: "cannot make the console's token file \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        let bytes = Array((token + "\n").utf8)
        guard write(descriptor, bytes, bytes.count) == bytes.count else {
            throw Problem(description: "cannot write the console's token file \(path): \(String(cString: strerror(errno)))")
        }
        return token
    }
}
