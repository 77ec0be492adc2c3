import Foundation
import LocalBroker
import MQTT

/// Runs `body` with a private broker that is stopped afterwards by PID, also
/// when `body` throws (and, as a last resort, when the broker object is freed).
public func withBroker<Result>(
    _ options: PrivateBroker.Options = .init(),
    _ body: (PrivateBroker) async throws -> Result
) async throws -> Result {
    let broker = try PrivateBroker.start(options)
    defer { broker.stop() }
    return try await body(broker)
}

extension PrivateBroker {
    /// A client configuration for this broker's plain listener.
    public func configuration(clientID: String? = nil) -> MQTTConfiguration {
        MQTTConfiguration(host: host, port: port, clientID: clientID, connectTimeout: .seconds(5))
    }
}

/// Thrown when something a test waits for does not happen in time.
public struct TimedOut: Error, CustomStringConvertible {
    public let what: String
    public var description: String { "timed out waiting for \(what)" }
}

/// Runs `operation`, throwing `TimedOut` when it takes longer than `timeout`.
public func withTimeout<Result: Sendable>(
    _ timeout: Duration,
    _ what: String,
    _ operation: @escaping @Sendable () async throws -> Result
) async throws -> Result {
    try await withThrowingTaskGroup(of: Result.self) { group in
        group.addTask { try await operation() }
        group.addTask {
            try await Task.sleep(for: timeout)
            throw TimedOut(what: what)
        }
        defer { group.cancelAll() }
        return try await group.next()!
    }
}

/// Polls `condition` until it holds, or throws `TimedOut` when it still
/// does not once `timeout` has passed. It is asked once more after the sleep
/// that crossed the deadline: on a busy machine that sleep can outlast the
/// whole timeout (both of Swift's cooperative threads taken by other tests),
/// and a condition that held by then failed the test unasked ("a
/// disconnected client is freed", once in a fresh clone's `make test`).
public func eventually(
    _ what: String,
    timeout: Duration = .seconds(5),
    _ condition: @Sendable () async throws -> Bool
) async throws {
    let deadline = ContinuousClock.now + timeout
    while true {
        if try await condition() { return }
        guard ContinuousClock.now < deadline else { throw TimedOut(what: what) }
        try await Task.sleep(for: .milliseconds(10))
    }
}

/// Runs blocking work (child processes, decoding) on a thread of its own, so
/// that it does not hold one of Swift's few cooperative threads.
public func blocking<Result: Sendable>(_ work: @escaping @Sendable () throws -> Result) async throws -> Result {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Swift.Result { try work() }) }.start()
    }
}
