import Gateway
import HTTPServer
import JSONText
import Synchronization

/// `/api/events`: Server-Sent Events of plug changes, results and shortcut changes.
extension ConsoleRoutes {
    /// The most event streams open at once; more are refused (503) rather than each cost a thread.
    static let streamLimit = 100

    func events() -> HTTPResponse {
        let admitted = openStreams.withLock { count in
            guard count < Self.streamLimit else { return false }
            count += 1
            return true
        }
        guard admitted else { return APIReply.error(503, "too_many_streams", "\(Self.streamLimit) event streams are open already") }
        let watcher = Watcher()
        let stream = HTTPStream { [self] in
            watcher.task.withLock { $0?.cancel() }
            openStreams.withLock { $0 -= 1 }
        }
        let events = gateway.watch()
        // The first event says the stream is live and which shortcuts it starts from: after a reconnect the page
        // reads the state afresh.
        stream.write(Self.event("hello", "{\"version\":\(gateway.voiceShortcuts.version)}", retry: 2000))
        let task = Task {
            for await event in events {
                let bytes: [UInt8] =
                    switch event {
                    case .plug(let json): Self.event("plug", json)
                    case .result(let json): Self.event("result", json)
                    case .shortcuts(let version): Self.event("shortcuts", "{\"version\":\(version)}")
                    case .devices: Self.event("devices", "{}")
                    }
                guard stream.write(bytes) else { break }
            }
            stream.close()
        }
        watcher.task.withLock { $0 = task }
        if stream.isClosed { task.cancel() }
        return HTTPResponse(
            status: 200, headers: APIReply.common + [("Content-Type", "text/event-stream"), ("X-Accel-Buffering", "no")],
            body: .stream(stream))
    }

    /// One event in the text/event-stream format (its data is one line of JSON).
    static func event(_ name: String, _ data: String, retry: Int? = nil) -> [UInt8] {
        Array(((retry.map { "retry: \($0)\n" } ?? "") + "event: \(name)\ndata: \(data)\n\n").utf8)
    }
}

/// The task that copies a stream's events, cancelled when the stream ends.
private final class Watcher: Sendable {
    let task = Mutex<Task<Void, Never>?>(nil)
}
