import Foundation
import Synchronization

/// An HTTP/1.1 server on libmicrohttpd, as a service: `run()` listens until the task running it is cancelled.
///
/// Each connection has a thread of libmicrohttpd's; the handler runs in Swift's task pool, so a slow answer (a
/// plug that takes its time to confirm) holds only its own connection. Streams (`HTTPResponse.Body.stream`)
/// are ended when the server stops.
public final class HTTPServer: Sendable {
    public struct Settings: Sendable {
        /// An IPv4 or IPv6 literal.
        public var address: String
        /// 0: the system picks a free port (`port` tells which, once started).
        public var port: UInt16
        /// The most connections served at once; more wait in the listen queue.
        public var connectionLimit = 256
        /// The largest request body read; a larger one is answered 413 without being read whole.
        public var bodyLimit = 4 << 20
        /// Seconds a connection may stay idle before it is closed.
        public var idleTimeout = 120

        public init(address: String, port: UInt16) {
            self.address = address
            self.port = port
        }
    }

    public let settings: Settings
    private let daemon: MicroHTTPD
    private let boundPort = Mutex<UInt16?>(nil)

    public init(_ settings: Settings, handler: @escaping @Sendable (HTTPRequest) async -> HTTPResponse) {
        self.settings = settings
        daemon = MicroHTTPD(bodyLimit: settings.bodyLimit, handler: handler)
    }

    /// Starts listening; returns the port. Throws `HTTPServerError` when the address is no IP literal or cannot
    /// be listened on.
    @discardableResult
    public func start() throws(HTTPServerError) -> UInt16 {
        let port = try daemon.start(
            address: settings.address, port: settings.port, connectionLimit: settings.connectionLimit, idleTimeout: settings.idleTimeout)
        boundPort.withLock { $0 = port }
        return port
    }

    /// The port listened on, once started.
    public var port: UInt16? { boundPort.withLock { $0 } }

    /// Stops listening, ends the streams, and waits for the connections to finish their answers.
    public func stop() async {
        let daemon = daemon
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            // libmicrohttpd joins its threads: a blocking call, kept off the task pool.
            Thread.detachNewThread {
                daemon.stop()
                done.resume()
            }
        }
    }

    /// Starts (unless started), serves until the calling task is cancelled, then stops.
    public func run() async throws {
        if port == nil { try start() }
        while !Task.isCancelled {
            try? await Task.sleep(for: .seconds(3600))
        }
        await stop()
    }
}
