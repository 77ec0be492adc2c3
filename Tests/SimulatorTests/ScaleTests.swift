import Foundation
import MQTT
import Synchronization
import TestSupport
import Testing

/// Arrival times of the first message on each topic matching a predicate.
final class ArrivalLog: Sendable {
    private let arrivals = Mutex<[String: ContinuousClock.Instant]>([:])

    init(_ client: MQTTClient, where predicate: @escaping @Sendable (MQTTMessage) -> Bool) {
        let stream = client.messages
        Task { [weak self] in
            for await message in stream where predicate(message) { self?.record(message.topic, at: .now) }
        }
    }

    private func record(_ topic: String, at instant: ContinuousClock.Instant) {
        arrivals.withLock { if $0[topic] == nil { $0[topic] = instant } }
    }

    var count: Int { arrivals.withLock { $0.count } }
    var all: [String: ContinuousClock.Instant] { arrivals.withLock { $0 } }
}

@Suite("plugsim at scale")
struct ScaleTests {
    @Test("1,000 plugs in one process come online within 10 s and each answers a burst of 1,000 commands within 1 s")
    func thousandPlugs() async throws {
        let ids = (0..<1000).map { String(format: "p%04d", $0) }
        try await withBroker { broker in
            let online = try MQTTClient(broker.configuration())
            try await online.connect()
            let onlineLog = ArrivalLog(online) { $0.string == "Online" }
            try await online.subscribe("tele/+/LWT")
            let answers = try MQTTClient(broker.configuration())
            try await answers.connect()
            let answerLog = ArrivalLog(answers) { $0.string == "ON" }
            try await answers.subscribe("stat/+/POWER")

            let start = ContinuousClock.now
            let plugsim = try ChildProcess(
                "plugsim", ["--broker", broker.url, "--no-tui", "--tele-period", "0", "--plugs", ids.joined(separator: ",")])
            defer { plugsim.kill(SIGKILL) }
            try await eventually("1,000 plugs online", timeout: .seconds(10)) { onlineLog.count == 1000 }
            let allOnline = (onlineLog.all.values.max() ?? start) - start

            var sent: [String: ContinuousClock.Instant] = [:]
            try await MQTTClient.withClient(broker.configuration()) { commander in
                for id in ids {
                    sent["stat/\(id)/POWER"] = .now
                    try await commander.publish("cmnd/\(id)/POWER", "ON", qos: .atLeastOnce, awaitAcknowledgement: false)
                }
                try await eventually("1,000 answers", timeout: .seconds(10)) { answerLog.count == 1000 }
            }
            let latencies = answerLog.all.compactMap { topic, arrived in sent[topic].map { arrived - $0 } }.sorted()
            let p50 = latencies[latencies.count / 2], p99 = latencies[latencies.count * 99 / 100], worst = latencies.last!
            print("plugsim scale: 1,000 plugs online after \(allOnline); answers p50 \(p50), p99 \(p99), slowest \(worst)")
            // Issue 4's bounds. `make test` runs this suite alone: among the speech suites on two cores the debug build's
            // median went 0.08 s → 0.3–1.1 s (slowest up to 2.9 s), which measured the other tests' load, not plugsim.
            #expect(allOnline < .seconds(10))
            #expect(worst < .seconds(1), "median \(p50)")
            plugsim.kill(SIGTERM)
            #expect(try await plugsim.wait(timeout: .seconds(20)) == 0)
            await online.disconnect()
            await answers.disconnect()
        }
    }
}
