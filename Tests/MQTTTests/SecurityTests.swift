import Foundation
import LocalBroker
import MQTT
import TestSupport
import Testing

@Suite("Passwords, ACLs and TLS")
struct SecurityTests {
    @Test("a wrong password gives the typed not-authorised error at once, the right one connects")
    func wrongPasswordIsNotAuthorized() async throws {
        try await withBroker(.init(passwords: ["lamp": "s3cret"])) { broker in
            for version in [MQTTConfiguration.ProtocolVersion.v311, .v5] {
                var config = broker.configuration()
                config.protocolVersion = version
                config.credentials = .init(username: "lamp", password: "wrong")
                let client = try MQTTClient(config)
                let start = ContinuousClock.now
                do {
                    try await client.connect()
                    Issue.record("a wrong password was accepted")
                } catch MQTTError.connectionRefused(let refusal) {
                    #expect(refusal.isNotAuthorized)
                    #expect("\(refusal)".lowercased().contains("not authori"))
                }
                // Refused, not timed out (5 s): the error above shows it; the bound only guards against
                // retrying for long (4 s was too tight under load: 5.3 s).
                #expect(ContinuousClock.now - start < .seconds(30))
                #expect(client.connectionState == .disconnected)

                config.credentials = .init(username: "lamp", password: "s3cret")
                try await MQTTClient.withClient(config) { client in
                    #expect(client.connectionState == .connected)
                }
            }
        }
    }

    @Test("anonymous clients are refused when the broker wants a password")
    func anonymousIsRefused() async throws {
        try await withBroker(.init(passwords: ["lamp": "s3cret"])) { broker in
            await #expect(throws: MQTTError.self) {
                try await MQTTClient.withClient(broker.configuration()) { _ in }
            }
            return ()
        }
    }

    @Test("the broker's ACL keeps messages on forbidden topics from a client")
    func aclFiltersDelivery() async throws {
        // mosquitto 2.0 grants every SUBSCRIBE and applies the ACL on delivery.
        let acl = """
            user lamp
            topic readwrite stat/#
            user admin
            topic readwrite #
            """
        try await withBroker(.init(passwords: ["lamp": "pw", "admin": "root"], acl: acl)) { broker in
            var lampConfig = broker.configuration()
            lampConfig.credentials = .init(username: "lamp", password: "pw")
            var adminConfig = broker.configuration()
            adminConfig.credentials = .init(username: "admin", password: "root")
            try await MQTTClient.withClient(lampConfig) { lamp in
                let inbox = MessageCollector(lamp)
                try await lamp.subscribe("#")
                try await MQTTClient.withClient(adminConfig) { admin in
                    try await admin.publish("secret/code", "1234", qos: .atLeastOnce)
                    try await admin.publish("stat/lamp/POWER", "ON", qos: .atLeastOnce)
                }
                #expect(try await inbox.first(on: "stat/lamp/POWER").string == "ON")
                try await Task.sleep(for: .milliseconds(100))
                // QoS 1 may deliver the allowed message twice (after a reconnect on a loaded machine); never the other.
                let topics = await inbox.messages.map(\.topic)
                #expect(!topics.isEmpty && topics.allSatisfy { $0 == "stat/lamp/POWER" }, "\(topics)")
            }
        }
    }

    @Test("TLS with the CA connects and round-trips; without it the handshake fails with a clear error")
    func tlsNeedsTheRightCA() async throws {
        let certificates = try TestCertificates()
        defer { certificates.remove() }
        try await withBroker(.init(tls: certificates.brokerFiles)) { broker in
            let port = try #require(broker.tlsPort)
            var config = MQTTConfiguration(host: "127.0.0.1", port: port, connectTimeout: .seconds(5))
            config.tls = .init(caFile: certificates.caFile)
            try await MQTTClient.withClient(config) { client in
                let inbox = MessageCollector(client)
                try await client.subscribe("tls/topic")
                try await client.publish("tls/topic", "secret", qos: .atLeastOnce)
                #expect(try await inbox.first(on: "tls/topic").string == "secret")
            }

            // The system's certificates do not include the throw-away CA.
            config.tls = .init()
            let start = ContinuousClock.now
            do {
                try await MQTTClient.withClient(config) { _ in }
                Issue.record("TLS without the CA connected")
            } catch let error as MQTTError {
                #expect("\(error)".contains("TLS") || "\(error)".lowercased().contains("certificate"), "\(error)")
            }
            #expect(ContinuousClock.now - start < .seconds(30))  // a TLS error, not a timeout: the bound only guards against retrying
        }
    }

    @Test("the server name is checked: a certificate from the right CA for another name is refused")
    func serverNameChecked() async throws {
        let certificates = try TestCertificates(subjectAltName: "DNS:plugs.example")
        defer { certificates.remove() }
        try await withBroker(.init(tls: certificates.brokerFiles)) { broker in
            var config = MQTTConfiguration(host: "127.0.0.1", port: try #require(broker.tlsPort), connectTimeout: .seconds(5))
            config.tls = .init(caFile: certificates.caFile)
            // The broker listens and its certificate chains to the CA given: only the name is wrong.
            let error = await #expect(throws: MQTTError.self) { try await MQTTClient.withClient(config) { _ in } }
            let text = error.map { "\($0)".lowercased() } ?? ""
            #expect(text.contains("tls") || text.contains("certificate"), "\(text)")
        }
    }
}
