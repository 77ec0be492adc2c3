import Foundation
import Gateway
import HTTPServer
import Synchronization

/// The web console: the page and its JSON API, served by the gateway's own process (`voiceplug run --http`).
///
/// The API does what the command line and MQTT do, through the same gateway: a phrase typed or spoken here is
/// matched, switched and confirmed as one sent over MQTT, and a shortcut added here is checked by the same
/// registry rules. `/api/events` streams every change, whoever made it.
public final class WebConsole: Sendable {
    public struct Settings: Sendable {
        /// An IPv4 or IPv6 literal; 127.0.0.1 unless the person asks otherwise.
        public var address: String
        /// 0: a free port.
        public var port: UInt16
        /// The token every API request carries (`ConsoleToken`).
        public var token: String

        public init(address: String = "127.0.0.1", port: UInt16, token: String) {
            self.address = address
            self.port = port
            self.token = token
        }

        /// Whether the address is a loopback one: only this machine can reach the console.
        public var isLoopback: Bool { address.hasPrefix("127.") || address == "::1" }
    }

    let routes: ConsoleRoutes
    private let server: HTTPServer

    public init(gateway: Gateway, settings: Settings) {
        let routes = ConsoleRoutes(gateway: gateway, settings: settings)
        self.routes = routes
        var serverSettings = HTTPServer.Settings(address: settings.address, port: settings.port)
        serverSettings.bodyLimit = ConsoleRoutes.audioLimit
        server = HTTPServer(serverSettings) { request in await routes.respond(request) }
    }

    /// Starts listening; returns the page's address with the token (`http://127.0.0.1:8080/#token=…`).
    public func start() throws(HTTPServerError) -> String {
        let port = try server.start()
        let settings = routes.settings
        routes.access.withLock { $0 = ConsoleAccess(token: settings.token, port: port, listensBeyondLoopback: !settings.isLoopback) }
        let host = settings.address.contains(":") ? "[\(settings.address)]" : settings.address
        return "http://\(host):\(port)/#token=\(settings.token)"
    }

    /// Serves until the calling task is cancelled, then stops (event streams end, answers in progress finish).
    public func run() async throws {
        try await server.run()
    }
}

/// The console's requests, checked and answered.
final class ConsoleRoutes: Sendable {
    let gateway: Gateway
    let settings: WebConsole.Settings
    /// Set when the server has started (the rules need its port).
    let access = Mutex<ConsoleAccess?>(nil)
    /// How many event streams are open.
    let openStreams = Mutex(0)

    init(gateway: Gateway, settings: WebConsole.Settings) {
        self.gateway = gateway
        self.settings = settings
    }

    /// The largest WAV accepted on `/api/audio`, as on `voiceplug/audio`.
    static let audioLimit = 2 * 1024 * 1024
    /// The largest JSON body accepted, as on `voiceplug/phrase`.
    static let jsonLimit = 16 * 1024

    func respond(_ request: HTTPRequest) async -> HTTPResponse {
        guard let access = access.withLock({ $0 }) else { return APIReply.error(503, "starting", "the console is starting") }
        if let refusal = access.refusal(path: request.path, headers: { request.header($0) }) {
            switch refusal {
            case .foreignHost:
                return APIReply.error(421, "foreign_host", "this console answers to its own address only")
            case .crossOrigin:
                return APIReply.error(403, "cross_origin", "requests from other sites are refused")
            case .noToken, .wrongToken:
                return APIReply.error(
                    401, "unauthorized", "give the console's token as Authorization: Bearer TOKEN (voiceplug run --http prints it)",
                    headers: [("WWW-Authenticate", "Bearer")])
            }
        }
        if request.path.hasPrefix("/api/") { return await api(request) }
        return Page.response(for: request)
    }
}
