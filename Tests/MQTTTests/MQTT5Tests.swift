import Foundation
import MQTT
import TestSupport
import Testing

@Suite("MQTT 5 request/response and shared subscriptions")
struct MQTT5Tests {
    @Test("response topic and correlation data survive a round trip")
    func responseTopicAndCorrelationDataSurvive() async throws {
        try await withBroker { broker in
            try await MQTTClient.withClient(broker.configuration()) { client in
                let inbox = MessageCollector(client)
                try await client.subscribe("request/topic")
                let correlation: [UInt8] = [0, 1, 2, 0xFF, 0x80, 42]
                let properties = PublishProperties(
                    responseTopic: "reply/here/🙂", correlationData: correlation,
                    contentType: "application/json")
                try await client.publish("request/topic", "{}", qos: .atLeastOnce, properties: properties)
                let message = try await inbox.first(on: "request/topic")
                #expect(message.properties == properties)
            }
        }
    }

    @Test("with MQTT 3.1.1 a message carries no properties")
    func v311HasNoProperties() async throws {
        try await withBroker { broker in
            var config = broker.configuration()
            config.protocolVersion = .v311
            try await MQTTClient.withClient(config) { client in
                let inbox = MessageCollector(client)
                try await client.subscribe("plain/topic")
                try await client.publish("plain/topic", "x", qos: .atLeastOnce)
                #expect(try await inbox.first(on: "plain/topic").properties == PublishProperties())
            }
        }
    }

    @Test("two clients in one $share group each get a part of 100 messages and together exactly all")
    func sharedSubscriptionSplitsMessages() async throws {
        try await withBroker { broker in
            let first = try MQTTClient(broker.configuration())
            let second = try MQTTClient(broker.configuration())
            try await first.connect()
            try await second.connect()
            let inboxes = [MessageCollector(first), MessageCollector(second)]
            try await first.subscribe("$share/gateways/voiceplug/phrase")
            try await second.subscribe("$share/gateways/voiceplug/phrase")
            try await MQTTClient.withClient(broker.configuration()) { sender in
                for index in 0..<100 { try await sender.publish("voiceplug/phrase", "\(index)", qos: .atLeastOnce) }
            }
            try await eventually("all 100 messages") {
                var total = 0
                for inbox in inboxes { total += await inbox.messages.count }
                return total >= 100
            }
            try await Task.sleep(for: .milliseconds(100))
            let parts = [await inboxes[0].messages, await inboxes[1].messages].map { $0.compactMap(\.string) }
            #expect(parts[0].count > 0 && parts[1].count > 0)
            #expect((parts[0] + parts[1]).sorted() == (0..<100).map(String.init).sorted())
            await first.disconnect()
            await second.disconnect()
        }
    }
}
