import Dispatch
import Synchronization

/// A response body written over time (Server-Sent Events): the owner writes, the server's connection thread reads
/// and sends. Bounded: a client that reads slower than the owner writes is cut off (it reconnects and starts
/// afresh) rather than have the gateway keep its backlog.
public final class HTTPStream: Sendable {
    private struct State {
        var pending: [UInt8] = []
        var closed = false
    }

    private let state = Mutex(State())
    private let ready = DispatchSemaphore(value: 0)
    private let onClose: @Sendable () -> Void
    private let closedOnce = Mutex(false)
    /// Sent when nothing was written for `keepAliveInterval`, so that a gone client is noticed and proxies keep it.
    let keepAlive: [UInt8]
    let keepAliveInterval: Duration
    /// The most bytes that may wait unsent.
    public let backlogLimit: Int

    /// - Parameters:
    ///   - keepAlive: bytes sent after `keepAliveInterval` of silence (for Server-Sent Events, a comment line).
    ///   - onClose: called once, on any thread, when the stream ends: closed by its owner, by the server stopping,
    ///     by the client going, or cut off for its backlog.
    public init(
        keepAlive: [UInt8] = Array(":\n\n".utf8), keepAliveInterval: Duration = .seconds(15), backlogLimit: Int = 1 << 20,
        onClose: @escaping @Sendable () -> Void = {}
    ) {
        self.keepAlive = keepAlive
        self.keepAliveInterval = keepAliveInterval
        self.backlogLimit = backlogLimit
        self.onClose = onClose
    }

    /// Queues `bytes` to be sent; false when the stream has ended (or ends now, its backlog over the limit).
    @discardableResult
    public func write(_ bytes: [UInt8]) -> Bool {
        let accepted = state.withLock { state -> Bool? in
            guard !state.closed else { return false }
            guard state.pending.count + bytes.count <= backlogLimit else { return nil }
            state.pending += bytes
            return true
        }
        switch accepted {
        case true?:
            ready.signal()
            return true
        case false?:
            return false
        case nil:
            close()
            return false
        }
    }

    /// Ends the stream: what was written is still sent, then the response ends.
    public func close() {
        state.withLock { $0.closed = true }
        ready.signal()
        finish()
    }

    public var isClosed: Bool { state.withLock { $0.closed } }

    /// What the connection thread sends next: at most `limit` bytes, the keep-alive after a silence, or nil when
    /// the stream has ended and everything was sent. Blocks the calling thread (the connection's own).
    func next(atMost limit: Int) -> [UInt8]? {
        let deadline = DispatchTime.now() + .nanoseconds(Int(keepAliveInterval.components.seconds * 1_000_000_000))
        while true {
            let taken = state.withLock { state -> [UInt8]?? in
                if !state.pending.isEmpty {
                    let count = min(limit, state.pending.count)
                    let chunk = Array(state.pending.prefix(count))
                    state.pending.removeFirst(count)
                    return .some(chunk)
                }
                return state.closed ? .some(nil) : .none
            }
            if let taken { return taken }
            if ready.wait(timeout: deadline) == .timedOut { return Array(keepAlive.prefix(limit)) }
        }
    }

    /// The client went or the server stopped: nothing more is sent.
    func abandon() {
        state.withLock {
            $0.closed = true
            $0.pending = []
        }
        ready.signal()
        finish()
    }

    private func finish() {
        let first = closedOnce.withLock { done in
            defer { done = true }
            return !done
        }
        if first { onClose() }
    }
}
