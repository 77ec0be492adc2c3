/// A request as the server read it: the whole body is in memory (bounded by `HTTPServer.Settings.bodyLimit`).
public struct HTTPRequest: Sendable {
    /// `GET`, `POST`, … as the client sent it.
    public var method: String
    /// The path, percent-decoded, without the query string.
    public var path: String
    /// The query string's arguments, decoded.
    public var query: [String: String]
    /// The header fields, by lower-case name (a repeated field keeps its last value).
    public var headers: [String: String]
    public var body: [UInt8]

    public init(method: String, path: String, query: [String: String] = [:], headers: [String: String] = [:], body: [UInt8] = []) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { _, last in last })
        self.body = body
    }

    /// The header field `name` (any case).
    public func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// A response: a status, header fields, and a body that is complete or that is written over time.
public struct HTTPResponse: Sendable {
    public enum Body: Sendable {
        case bytes([UInt8])
        /// Written by its owner while the client reads; ends when the stream is closed.
        case stream(HTTPStream)
    }

    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: Body

    public init(status: Int, headers: [(name: String, value: String)] = [], body: Body = .bytes([])) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    public init(status: Int, contentType: String, body: [UInt8], headers: [(name: String, value: String)] = []) {
        self.init(status: status, headers: [("Content-Type", contentType)] + headers, body: .bytes(body))
    }
}
