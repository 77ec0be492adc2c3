import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// One kept-alive HTTP/1.1 connection to the web console, for `bench --gateway`: a phrase posted, its answer
/// read. Plain sockets, as little between the measurement and the gateway as the MQTT client has.
final class ConsoleBenchClient {
    private let socket: Int32
    private let header: String
    private var buffer: [UInt8] = []

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Connects to the console at `address` (`http://127.0.0.1:PORT/#token=…`, as `run --http` prints it).
    init(address: String) throws {
        guard let match = address.firstMatch(of: /^http:\/\/127\.0\.0\.1:(\d+)\/#token=([0-9a-f]+)$/), let port = UInt16(match.output.1)
        else { throw Failure(description: "not a console address on 127.0.0.1: \(address)") }
        header = "Host: 127.0.0.1:\(port)\r\nAuthorization: Bearer \(match.output.2)\r\nContent-Type: application/json\r\n"
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var target = sockaddr_in()
        target.sin_family = sa_family_t(AF_INET)
        target.sin_port = port.bigEndian
        target.sin_addr.s_addr = inet_addr("127.0.0.1")
        var one: Int32 = 1
        setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        var wait = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        let connected = withUnsafePointer(to: &target) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(socket)
            throw Failure(description: "cannot connect to the console on port \(port)")
        }
    }

    deinit { close(socket) }

    /// POSTs `body` (JSON) to `path` and returns the answer's body.
    func post(_ path: String, _ body: String) throws -> [UInt8] {
        let request = Array("POST \(path) HTTP/1.1\r\n\(header)Content-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8)
        guard request.withUnsafeBytes({ send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == request.count else {
            throw Failure(description: "cannot send to the console")
        }
        let end = Array("\r\n\r\n".utf8)
        while true {
            if let headEnd = buffer.indices.dropLast(3).first(where: { buffer[$0..<($0 + 4)].elementsEqual(end) }) {
                let head = String(decoding: buffer[..<headEnd], as: UTF8.self).lowercased()
                guard let length = head.firstMatch(of: /content-length: *(\d+)/).flatMap({ Int($0.output.1) }) else {
                    throw Failure(description: "an answer without Content-Length")
                }
                while buffer.count < headEnd + 4 + length { try fill() }
                let answer = Array(buffer[(headEnd + 4)..<(headEnd + 4 + length)])
                buffer.removeFirst(headEnd + 4 + length)
                return answer
            }
            try fill()
        }
    }

    private func fill() throws {
        var chunk = [UInt8](repeating: 0, count: 16 << 10)
        let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { throw Failure(description: "the console closed the connection") }
        buffer += chunk.prefix(count)
    }
}
