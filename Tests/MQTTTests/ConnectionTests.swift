import Foundation
import LocalBroker
import MQTT
import TestSupport
import Testing

@Suite("Connecting, losing and restoring connections")
struct ConnectionTests {
    @Test("connecting to a port where no broker listens fails at once with libmosquitto's message")
    func connectToClosedPortFails() async throws {
        let port = try freeLoopbackPort()
        let client = try MQTTClient(MQTTConfiguration(host: "127.0.0.1", port: port))
        let start = ContinuousClock.now
        do {
            try await client.connect()
            Issue.record("connect succeeded without a broker")
        } catch let error as MQTTError {
            guard case .library(let code, _) = error else { Issue.record("unexpected \(error)"); return }
            #expect(code == .errno)
            #expect("\(error)".contains("Connection refused"))
        }
        // The error type shows it was refused, not timed out (the connect timeout is
        // 5 s); the bound only guards against retrying for long. 4 s was too tight:
        // under load (two speech corpus runs on both cores) a refusal took 5.2 s.
        #expect(ContinuousClock.now - start < .seconds(30))
        #expect(client.connectionState == .disconnected)
    }

    @Test("a last will is published when the client process is killed with SIGKILL")
    func lastWillOnSIGKILL() async throws {
        try await withBroker { broker in
            try await MQTTClient.withClient(broker.configuration()) { watcher in
                let inbox = MessageCollector(watcher)
                try await watcher.subscribe("probe/will")
                let holder = try ChildProcess(
                    "mqtt-probe",
                    [
                        "hold", "--broker", broker.url,
                        "--will-topic", "probe/will", "--will-payload", "gone",
                    ])
                try await holder.waitForOutput("connected")
                try await Task.sleep(for: .milliseconds(50))
                #expect(await inbox.messages.isEmpty)
                holder.kill(SIGKILL)
                let will = try await inbox.first(on: "probe/will", timeout: .seconds(5))
                #expect(will.string == "gone")
            }
        }
    }

    @Test("a clean disconnect does not publish the will")
    func cleanDisconnectKeepsWillUnpublished() async throws {
        try await withBroker { broker in
            try await MQTTClient.withClient(broker.configuration()) { watcher in
                let inbox = MessageCollector(watcher)
                try await watcher.subscribe("probe/will")
                var config = broker.configuration()
                config.will = .init(topic: "probe/will", payload: "gone")
                try await MQTTClient.withClient(config) { _ in }
                try await Task.sleep(for: .milliseconds(200))
                #expect(await inbox.messages.isEmpty)
                // The watcher does hear the topic: a message published there arrives, and it is the only one.
                try await watcher.publish("probe/will", "marker", qos: .atLeastOnce)
                #expect(try await inbox.first(on: "probe/will").string == "marker")
            }
        }
    }

    @Test("after a broker restart the client reconnects within the backoff cap and its subscriptions work again")
    func reconnectsAfterBrokerRestart() async throws {
        try await withBroker { broker in
            var config = broker.configuration()
            // A cap well below the bound the test can hold on a loaded machine (CI once measured 2.75 s against a 2 s
            // cap and a 2.5 s bound; a fresh clone's make test, its speech tests decoding beside it, 2.56 s with this
            // cap), and an outage long enough that without the cap the next attempt would come 5.7 s after the
            // restart: 50 ms doubling, attempts 6.35 s and 12.75 s after the loss.
            config.reconnect = .init(initialDelay: .milliseconds(50), maximumDelay: .milliseconds(500))
            try await MQTTClient.withClient(config) { client in
                let inbox = MessageCollector(client)
                let states = StateRecorder(client)
                try await client.subscribe("restart/topic", qos: .atLeastOnce)
                broker.kill9()
                try await eventually("the client to notice the loss") { client.connectionState != .connected }
                try await Task.sleep(for: .milliseconds(7000))
                try broker.restart()
                let restarted = ContinuousClock.now
                try await eventually("reconnection", timeout: .seconds(10)) { client.connectionState == .connected }
                #expect(ContinuousClock.now - restarted < .milliseconds(4000))
                try await MQTTClient.withClient(broker.configuration()) { sender in
                    try await sender.publish("restart/topic", "after", qos: .atLeastOnce)
                }
                #expect(try await inbox.first(on: "restart/topic").string == "after")
                let seen = await states.states
                #expect(seen.first == .connected)
                #expect(seen.contains(.reconnecting(attempt: 1)))
                #expect(seen.last == .connected)
            }
        }
    }

    @Test(
        "QoS 1 messages sent to a persistent session while the client was away are delivered",
        arguments: [MQTTConfiguration.ProtocolVersion.v311, .v5])
    func persistentSessionGetsQueuedMessages(version: MQTTConfiguration.ProtocolVersion) async throws {
        try await withBroker(.init(persistence: true)) { broker in
            var config = broker.configuration(clientID: "persistent-\(version)")
            config.cleanSession = false
            config.protocolVersion = version
            try await MQTTClient.withClient(config) { client in
                try await client.subscribe("queue/topic", qos: .atLeastOnce)
            }
            try await MQTTClient.withClient(broker.configuration()) { sender in
                for index in 0..<5 { try await sender.publish("queue/topic", "m\(index)", qos: .atLeastOnce) }
            }
            // The broker keeps the session across its own restart, too.
            try broker.restart()
            let client = try MQTTClient(config)
            let inbox = MessageCollector(client)
            try await client.connect()
            let messages = try await inbox.wait(for: 5)
            #expect(messages.map(\.string) == ["m0", "m1", "m2", "m3", "m4"])
            await client.disconnect()
        }
    }

    /// (MQTT 5 with QoS 2 is left out: libmosquitto 2.0.11 stops sending a QoS 2 stream after a broker restart
    /// there, 673 of 3,000 delivered; the gateway publishes with QoS 1.)
    @Test(
        "a stream published at full speed through a broker restart arrives whole, and only what was in flight twice",
        arguments: [
            (MQTTConfiguration.ProtocolVersion.v311, QoS.atLeastOnce), (.v311, .exactlyOnce), (.v5, .atLeastOnce),
        ])
    func streamThroughRestart(version: MQTTConfiguration.ProtocolVersion, qos: QoS) async throws {
        try await withBroker(.init(persistence: true)) { broker in
            var receiving = broker.configuration(clientID: "restart-receiver")
            receiving.cleanSession = false
            receiving.protocolVersion = version
            receiving.sessionExpiry = 600
            var sending = broker.configuration(clientID: "restart-sender")
            sending.cleanSession = false
            sending.protocolVersion = version
            sending.sessionExpiry = 600
            let receiver = try MQTTClient(receiving)
            let inbox = MessageCollector(receiver)
            try await receiver.connect()
            try await receiver.subscribe("stream/topic", qos: .exactlyOnce)
            let sender = try MQTTClient(sending)
            try await sender.connect()
            // Published without waiting for acknowledgements, some while the broker is away: each must come once.
            for index in 0..<3000 {
                try await sender.publish("stream/topic", "m\(index)", qos: qos, awaitAcknowledgement: false)
                if index % 50 == 0 { try await Task.sleep(for: .milliseconds(20)) }
                if index == 1500 { try broker.restart() }
            }
            try? await eventually("all 3000", timeout: .seconds(30)) { Set(await inbox.messages.compactMap(\.string)).count >= 3000 }
            try await Task.sleep(for: .milliseconds(500))  // one sent twice would come now
            let texts = await inbox.messages.compactMap(\.string)
            #expect(Set(texts).count == 3000, "\(Set(texts).count) distinct of 3000")
            // What was in flight when the broker went may come again: at most a window each way (20 + 20), and only
            // messages published before the restart. At QoS 1 that is the protocol (a PUBACK lost); at QoS 2 it is
            // mosquitto 2.0.11's persistence under load (once in CI: 6 of 3,000 came twice, none in 23 runs here).
            // What was published while the broker was away never comes twice: the client queued those twice once,
            // and 200 came twice (b3af44f).
            var seen = Set<String>()
            let twice = texts.filter { !seen.insert($0).inserted }
            let afterRestart = twice.filter { (Int($0.dropFirst()) ?? 0) > 1500 }
            #expect(twice.count <= 40, "came twice: \(twice)")
            #expect(afterRestart.isEmpty, "published after the restart and came twice: \(afterRestart)")
            await sender.disconnect()
            await receiver.disconnect()
        }
    }

    @Test("a QoS 1 publish made while the connection is down is delivered after reconnecting")
    func publishWhileReconnectingIsDeliveredLater() async throws {
        try await withBroker { broker in
            var config = broker.configuration()
            config.reconnect = .init(initialDelay: .milliseconds(20), maximumDelay: .milliseconds(200))
            try await MQTTClient.withClient(config) { client in
                let inbox = MessageCollector(client)
                try await client.subscribe("later/topic", qos: .atLeastOnce)
                broker.kill9()
                try await eventually("the loss") { client.connectionState != .connected }
                let sent = Task { try await client.publish("later/topic", "queued", qos: .atLeastOnce) }
                try await Task.sleep(for: .milliseconds(200))
                try broker.restart()
                try await withTimeout(.seconds(5), "the queued publish") { try await sent.value }
                #expect(try await inbox.first(on: "later/topic").string == "queued")
            }
        }
    }
}

/// Records a client's connection states.
actor StateRecorder {
    private(set) var states: [ConnectionState] = []

    init(_ client: MQTTClient) {
        let stream = client.states()
        Task { for await state in stream { await self.append(state) } }
    }

    private func append(_ state: ConnectionState) {
        if states.last != state { states.append(state) }
    }
}
