import Foundation
import LocalBroker
import MQTT
import TestSupport

/// A private broker, plugsim as a real process, and an observing client
/// subscribed to everything. Everything is stopped afterwards.
struct SimulatorFixture {
    let broker: PrivateBroker
    let plugsim: ChildProcess
    let observer: MQTTClient
    let inbox: MessageCollector

    /// Publishes as a Home Assistant or Tasmota user would with mosquitto_pub.
    func send(_ topic: String, _ payload: String, retain: Bool = false) async throws {
        try await observer.publish(topic, payload, qos: .atLeastOnce, retain: retain)
    }

    /// The first message on `topic` that arrives after `since` messages.
    func next(on topic: String, after since: Int, timeout: Duration = .seconds(5)) async throws -> MQTTMessage {
        try await inbox.wait(for: since + 1, timeout: timeout, where: { $0.topic == topic }).last!
    }

    func count(on topic: String) async -> Int { await inbox.messages.filter { $0.topic == topic }.count }

    /// Whether `topic` holds a retained message, as a new subscriber sees it.
    func retained(on topic: String) async throws -> MQTTMessage {
        try await MQTTClient.withClient(broker.configuration()) { late in
            let inbox = MessageCollector(late)
            try await late.subscribe(topic)
            return try await inbox.first(on: topic)
        }
    }
}

/// Runs `body` with plugsim started with `arguments` (plus --broker and --no-tui).
func withPlugsim<Result>(
    _ arguments: [String],
    brokerOptions: PrivateBroker.Options = .init(),
    waitForOnline: Bool = true,
    _ body: (SimulatorFixture) async throws -> Result
) async throws -> Result {
    try await withBroker(brokerOptions) { broker in
        let observer = try MQTTClient(broker.configuration())
        try await observer.connect()
        let inbox = MessageCollector(observer)
        try await observer.subscribe("#", qos: .atLeastOnce)
        let plugsim = try ChildProcess("plugsim", ["--broker", broker.url, "--no-tui"] + arguments)
        defer { plugsim.kill(SIGKILL) }
        if waitForOnline {
            try await eventually("plugsim to report its plugs online", timeout: .seconds(20)) {
                plugsim.standardError.contains("plugs (") || !plugsim.isRunning
            }
            // A simulator that died at start would pass every "nothing arrived" check.
            guard plugsim.isRunning else { throw PlugsimDied(output: plugsim.standardError) }
        }
        let fixture = SimulatorFixture(broker: broker, plugsim: plugsim, observer: observer, inbox: inbox)
        do {
            let result = try await body(fixture)
            await observer.disconnect()
            return result
        } catch {
            await observer.disconnect()
            throw error
        }
    }
}

/// plugsim exited while the fixture waited for it to start.
struct PlugsimDied: Error, CustomStringConvertible {
    let output: String
    var description: String { "plugsim exited at start: \(output)" }
}
