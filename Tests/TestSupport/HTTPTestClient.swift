import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A plain HTTP/1.1 client on a socket, for tests that must send what a browser would not (a foreign Host, a
/// body in chunks) and read streams as they come. Blocking: call it through `blocking { … }`.
public final class HTTPTestConnection: @unchecked Sendable {
    private let socket: Int32
    private var buffer: [UInt8] = []

    public struct Response: Sendable {
        public var status: Int
        public var headers: [String: String]
        public var body: [UInt8]
        public var text: String { String(decoding: body, as: UTF8.self) }
        public var json: Any? { try? JSONSerialization.jsonObject(with: Data(body)) }
        public var object: [String: Any] { json as? [String: Any] ?? [:] }
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Connects to 127.0.0.1:`port`; reads wait at most `timeout` seconds.
    public init(port: UInt16, timeout: Int = 20) throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Failure(description: "socket: \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var wait = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        var one: Int32 = 1
        setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(socket)
            throw Failure(description: "cannot connect to 127.0.0.1:\(port): errno \(errno)")
        }
    }

    deinit { close(socket) }

    /// Sends bytes as they are.
    public func send(_ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { throw Failure(description: "send failed: errno \(errno)") }
            sent += count
        }
    }

    /// Sends a request; Host is 127.0.0.1:port unless `headers` names another (or `nil` to leave it out).
    public func request(
        _ method: String, _ path: String, host: String?, headers: [String: String] = [:], body: [UInt8] = []
    ) throws -> Response {
        var head = "\(method) \(path) HTTP/1.1\r\n"
        if let host { head += "Host: \(host)\r\n" }
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if !body.isEmpty || method == "POST" || method == "PUT" { head += "Content-Length: \(body.count)\r\n" }
        try send(Array((head + "\r\n").utf8) + body)
        return try readResponse()
    }

    /// Reads a response's status line and header fields, leaving its body to be read.
    public func readHead() throws -> (status: Int, headers: [String: String]) {
        let end = Array("\r\n\r\n".utf8)
        while true {
            if let range = firstRange(of: end) {
                let head = String(decoding: buffer[..<range.lowerBound], as: UTF8.self)
                buffer.removeFirst(range.upperBound)
                var lines = head.components(separatedBy: "\r\n")
                let statusLine = lines.removeFirst().split(separator: " ")
                guard statusLine.count >= 2, let status = Int(statusLine[1]) else { throw Failure(description: "bad status line: \(head)") }
                var headers: [String: String] = [:]
                for line in lines {
                    guard let colon = line.firstIndex(of: ":") else { continue }
                    headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                }
                return (status, headers)
            }
            try fill()
        }
    }

    /// Reads a whole response: its body by Content-Length, chunks, or until the connection closes.
    public func readResponse() throws -> Response {
        let (status, headers) = try readHead()
        var body: [UInt8] = []
        if headers["transfer-encoding"]?.lowercased() == "chunked" {
            while true {
                let line = try readLine()
                guard let size = Int(line.split(separator: ";")[0], radix: 16) else { throw Failure(description: "bad chunk '\(line)'") }
                if size == 0 {
                    _ = try readLine()
                    break
                }
                body += try read(count: size)
                _ = try readLine()
            }
        } else if let length = headers["content-length"].flatMap({ Int($0) }) {
            body = try read(count: length)
        } else {
            while (try? fill()) != nil {}
            body = buffer
            buffer = []
        }
        return Response(status: status, headers: headers, body: body)
    }

    /// Reads a streamed body until all of it read so far holds `text`, for at most `timeout`; returns all of it
    /// (keep-alives do not make it wait forever).
    public func readStream(until text: String, timeout: Duration = .seconds(15)) throws -> String {
        let deadline = ContinuousClock.now + timeout
        while true {
            streamed += String(decoding: buffer, as: UTF8.self)
            buffer = []
            if streamed.contains(text) { return streamed }
            guard ContinuousClock.now < deadline else { throw Failure(description: "no '\(text)' within \(timeout) in: \(streamed)") }
            try fill()
        }
    }

    /// Everything `readStream` has read.
    private var streamed = ""

    /// Whether the server closed the connection within the read timeout.
    public func isClosedByPeer() -> Bool {
        do {
            while true { try fill() }
        } catch let failure as Failure {
            return failure.description == "closed"
        } catch {
            return false
        }
    }

    private func readLine() throws -> String {
        let end = Array("\r\n".utf8)
        while true {
            if let range = firstRange(of: end) {
                let line = String(decoding: buffer[..<range.lowerBound], as: UTF8.self)
                buffer.removeFirst(range.upperBound)
                return line
            }
            try fill()
        }
    }

    private func read(count: Int) throws -> [UInt8] {
        while buffer.count < count { try fill() }
        defer { buffer.removeFirst(count) }
        return Array(buffer.prefix(count))
    }

    private func fill() throws {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
        if count == 0 { throw Failure(description: "closed") }
        guard count > 0 else { throw Failure(description: "read failed or timed out: errno \(errno)") }
        buffer += chunk.prefix(count)
    }

    private func firstRange(of pattern: [UInt8]) -> Range<Int>? {
        guard buffer.count >= pattern.count else { return nil }
        for start in 0...(buffer.count - pattern.count) where buffer[start..<(start + pattern.count)].elementsEqual(pattern) {
            return start..<(start + pattern.count)
        }
        return nil
    }
}
