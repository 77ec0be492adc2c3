import MQTT

/// Collects a client's messages in the background so a test can wait for
/// the ones it expects, with a timeout.
public actor MessageCollector {
    private var received: [MQTTMessage] = []
    private var consumer: Task<Void, Never>?

    public init(_ client: MQTTClient) {
        let stream = client.messages
        consumer = nil
        Task { await self.start(stream) }
    }

    private func start(_ stream: AsyncStream<MQTTMessage>) {
        consumer = Task {
            for await message in stream { self.append(message) }
        }
    }

    private func append(_ message: MQTTMessage) { received.append(message) }

    /// Everything received so far.
    public var messages: [MQTTMessage] { received }

    /// Forgets what was received so far.
    public func clear() { received.removeAll() }

    /// Waits until `count` messages that satisfy `predicate` have arrived and returns them. The default timeout only
    /// bounds a failure: a message to oneself through the broker once took over 5 s while the speech suites loaded
    /// both cores (the test took 21.7 s in all, in the run of a fresh clone).
    public func wait(
        for count: Int = 1,
        timeout: Duration = .seconds(15),
        where predicate: @Sendable (MQTTMessage) -> Bool = { _ in true }
    ) async throws -> [MQTTMessage] {
        let deadline = ContinuousClock.now + timeout
        while true {
            let matching = received.filter(predicate)
            if matching.count >= count { return Array(matching.prefix(count)) }
            guard ContinuousClock.now < deadline else {
                throw TimedOut(what: "\(count) message(s), got \(matching.count)")
            }
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    /// Waits for the first message on `topic`.
    public func first(on topic: String, timeout: Duration = .seconds(15)) async throws -> MQTTMessage {
        try await wait(for: 1, timeout: timeout, where: { $0.topic == topic })[0]
    }
}
