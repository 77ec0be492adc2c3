import Foundation
import MQTT
import TestSupport
import Testing

@Suite("Publish and subscribe through a real broker")
struct RoundTripTests {
    @Test("a message comes back at every QoS", arguments: [QoS.atMostOnce, .atLeastOnce, .exactlyOnce])
    func messageRoundTripsAtEveryQoS(qos: QoS) async throws {
        try await withBroker { broker in
            try await MQTTClient.withClient(broker.configuration()) { client in
                let inbox = MessageCollector(client)
                try await client.subscribe("test/qos", qos: qos)
                try await client.publish("test/qos", "hello \(qos)", qos: qos)
                let message = try await inbox.first(on: "test/qos")
                #expect(message.string == "hello \(qos)")
                #expect(message.qos == qos)
                #expect(!message.retain)
            }
        }
    }

    @Test("a 256 KiB payload on a UTF-8 topic arrives intact")
    func largePayloadOnUTF8TopicArrivesIntact() async throws {
        try await withBroker { broker in
            try await MQTTClient.withClient(broker.configuration()) { client in
                let inbox = MessageCollector(client)
                let topic = "zuhause/küche/lampe/💡"
                let payload = (0..<(256 * 1024)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
                try await client.subscribe(topic, qos: .atLeastOnce)
                try await client.publish(topic, payload, qos: .atLeastOnce)
                let message = try await inbox.first(on: topic)
                #expect(message.payload == payload)
            }
        }
    }

    @Test("wildcard subscriptions match by level and by tail")
    func wildcardsMatch() async throws {
        try await withBroker { broker in
            try await MQTTClient.withClient(broker.configuration()) { client in
                let inbox = MessageCollector(client)
                try await client.subscribe("stat/+/POWER")
                try await client.subscribe("tele/#")
                for topic in ["stat/lamp/POWER", "stat/lamp/RESULT", "tele/lamp/LWT", "tele/a/b/c", "other/x"] {
                    try await client.publish(topic, "x", qos: .atLeastOnce)
                }
                let got = try await inbox.wait(for: 3).map(\.topic)
                try await Task.sleep(for: .milliseconds(100))
                #expect(Set(got) == ["stat/lamp/POWER", "tele/lamp/LWT", "tele/a/b/c"])
                #expect(await inbox.messages.count == 3)
            }
        }
    }

    @Test("after unsubscribe no more messages arrive")
    func unsubscribeStopsDelivery() async throws {
        try await withBroker { broker in
            try await MQTTClient.withClient(broker.configuration()) { client in
                let inbox = MessageCollector(client)
                try await client.subscribe("a/b")
                try await client.publish("a/b", "one", qos: .atLeastOnce)
                _ = try await inbox.first(on: "a/b")
                try await client.unsubscribe("a/b")
                try await client.publish("a/b", "two", qos: .atLeastOnce)
                try await Task.sleep(for: .milliseconds(150))
                #expect(await inbox.messages.map(\.string) == ["one"])
            }
        }
    }

    @Test("a retained message reaches a late subscriber and an empty retained payload clears it")
    func retainedMessageReachesLateSubscriberAndEmptyPayloadClearsIt() async throws {
        try await withBroker { broker in
            try await MQTTClient.withClient(broker.configuration()) { publisher in
                try await publisher.publish("tele/lamp/LWT", "Online", qos: .atLeastOnce, retain: true)
            }
            try await MQTTClient.withClient(broker.configuration()) { late in
                let inbox = MessageCollector(late)
                try await late.subscribe("tele/lamp/LWT")
                let message = try await inbox.first(on: "tele/lamp/LWT")
                #expect(message.string == "Online")
                #expect(message.retain)
                try await late.publish("tele/lamp/LWT", [], qos: .atLeastOnce, retain: true)
            }
            try await MQTTClient.withClient(broker.configuration()) { later in
                let inbox = MessageCollector(later)
                try await later.subscribe("tele/lamp/LWT")
                try await Task.sleep(for: .milliseconds(200))
                #expect(await inbox.messages.isEmpty)
                // The subscription works: a new message arrives, and it is the first.
                try await later.publish("tele/lamp/LWT", "Offline", qos: .atLeastOnce)
                #expect(try await inbox.first(on: "tele/lamp/LWT").string == "Offline")
            }
        }
    }

    @Test("many clients in one process share one loop and each gets its message")
    func manyClientsInOneProcess() async throws {
        try await withBroker { broker in
            let clients = try (0..<200).map { _ in try MQTTClient(broker.configuration()) }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for client in clients { group.addTask { try await client.connect() } }
                try await group.waitForAll()
            }
            let inboxes = clients.map { MessageCollector($0) }
            for (index, client) in clients.enumerated() { try await client.subscribe("many/\(index)") }
            try await MQTTClient.withClient(broker.configuration()) { sender in
                for index in clients.indices { try await sender.publish("many/\(index)", "\(index)", qos: .atLeastOnce) }
            }
            for (index, inbox) in inboxes.enumerated() {
                #expect(try await inbox.first(on: "many/\(index)").string == "\(index)")
            }
            for client in clients { await client.disconnect() }
        }
    }

    @Test("publishing after disconnect is refused with notConnected")
    func publishAfterDisconnectIsRefused() async throws {
        try await withBroker { broker in
            let client = try MQTTClient(broker.configuration())
            try await client.connect()
            await client.disconnect()
            #expect(client.connectionState == .disconnected)
            await #expect(throws: MQTTError.self) { try await client.publish("x", "y", qos: .atLeastOnce) }
        }
    }
}
