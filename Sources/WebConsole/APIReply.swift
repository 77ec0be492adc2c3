import HTTPServer
import JSONText

/// The API's responses: JSON, never cached, never framed, never sniffed.
enum APIReply {
    static let common: [(name: String, value: String)] = [
        ("Cache-Control", "no-store"), ("X-Content-Type-Options", "nosniff"), ("Referrer-Policy", "no-referrer"),
        ("X-Frame-Options", "DENY"),
    ]

    static func json(_ status: Int, _ body: String, headers: [(name: String, value: String)] = []) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "application/json", body: Array(body.utf8), headers: common + headers)
    }

    /// `{"error":CODE,"message":TEXT}`.
    static func error(_ status: Int, _ code: String, _ message: String, headers: [(name: String, value: String)] = []) -> HTTPResponse {
        json(status, "{\"error\":\(JSON.string(code)),\"message\":\(JSON.string(message))}", headers: headers)
    }

    static func notFound(_ path: String) -> HTTPResponse {
        error(404, "not_found", "nothing at \(path); GET /api/openapi.json lists what there is")
    }

    static func methodNotAllowed(_ method: String, _ path: String, allowed: [String]) -> HTTPResponse {
        error(
            405, "method_not_allowed", "\(path) takes \(allowed.joined(separator: ", ")), not \(method)",
            headers: [("Allow", allowed.joined(separator: ", "))])
    }
}
