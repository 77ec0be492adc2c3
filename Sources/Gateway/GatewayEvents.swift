import Synchronization

/// What the gateway tells those watching it (the web console's event stream): each as the JSON it publishes.
public enum GatewayEvent: Sendable, Equatable {
    /// A plug's state or availability changed: the retained `voiceplug/plugs/<id>` payload.
    case plug(json: String)
    /// A phrase was answered, from any source: the `voiceplug/result` payload.
    case result(json: String)
    /// The voice shortcuts changed (the console's, the CLI's or another gateway's change): the store's change number.
    case shortcuts(version: Int64)
    /// The configured devices changed (the configuration file was edited).
    case devices
}

/// Hands each event to every watcher. A watcher that falls behind loses its oldest events, never the gateway's time.
final class GatewayEvents: Sendable {
    private let watchers = Mutex<[Int: AsyncStream<GatewayEvent>.Continuation]>([:])
    private let counter = Mutex(0)

    /// How many events wait for a slow watcher before the oldest are dropped.
    static let backlog = 1024

    func watch() -> AsyncStream<GatewayEvent> {
        let (stream, continuation) = AsyncStream<GatewayEvent>.makeStream(bufferingPolicy: .bufferingNewest(Self.backlog))
        let key = counter.withLock { count in
            count += 1
            return count
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.watchers.withLock { $0.removeValue(forKey: key) }
        }
        watchers.withLock { $0[key] = continuation }
        return stream
    }

    func send(_ event: GatewayEvent) {
        for continuation in watchers.withLock({ Array($0.values) }) { continuation.yield(event) }
    }

    /// Ends every watcher's stream (the gateway stopped).
    func finish() {
        for continuation in watchers.withLock({ Array($0.values) }) { continuation.finish() }
    }
}
