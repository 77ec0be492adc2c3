import HTTPServer

/// The page: static HTML, CSS and JavaScript built into the program (nothing fetched from elsewhere, no build
/// step). It needs no token to load; it reads the token from the address's `#token=…` and sends it with each
/// API request.
enum Page {
    static func response(for request: HTTPRequest) -> HTTPResponse {
        let file: (bytes: [UInt8], type: String)? =
            switch request.path {
            case "/", "/index.html": (PackageResources.index_html, "text/html; charset=utf-8")
            case "/console.js": (PackageResources.console_js, "text/javascript; charset=utf-8")
            case "/console.css": (PackageResources.console_css, "text/css; charset=utf-8")
            case "/icon.svg": (PackageResources.icon_svg, "image/svg+xml")
            default: nil
            }
        guard let file else { return APIReply.notFound(request.path) }
        guard request.method == "GET" || request.method == "HEAD" else {
            return APIReply.methodNotAllowed(request.method, request.path, allowed: ["GET", "HEAD"])
        }
        return HTTPResponse(
            status: 200, contentType: file.type, body: request.method == "HEAD" ? [] : file.bytes,
            headers: APIReply.common + [("Content-Security-Policy", contentSecurityPolicy)])
    }

    /// Only the page's own files run, and it talks only to its own server; the microphone's audio stays in the page.
    static let contentSecurityPolicy =
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
        + "media-src 'self' blob: mediastream:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
}
