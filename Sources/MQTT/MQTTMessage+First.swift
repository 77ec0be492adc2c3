extension AsyncStream where Element == MQTTMessage {
    /// The first value `pick` makes of the messages as they come, or nil when none does within `limit`. The
    /// stream ends with it (an `AsyncStream` iterated in a task that is cancelled finishes).
    public func first<Value: Sendable>(within limit: Duration, _ pick: @escaping @Sendable (MQTTMessage) -> Value?) async -> Value? {
        await withTaskGroup(of: Value?.self) { group in
            group.addTask {
                for await message in self {
                    if let value = pick(message) { return value }
                }
                return nil
            }
            group.addTask {
                try? await Task.sleep(for: limit)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }
}
