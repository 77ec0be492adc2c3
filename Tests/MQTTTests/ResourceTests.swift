import Foundation
import MQTT
import TestSupport
import Testing

@Suite("Nothing is left behind after disconnecting")
struct ResourceTests {
    @Test("after every client disconnects, the loop thread and every socket are gone")
    func noThreadOrSocketOutlivesTheClients() async throws {
        try await withBroker { broker in
            let probe = try ChildProcess("mqtt-probe", ["resources", "--broker", broker.url, "--clients", "50"])
            #expect(try await probe.wait() == 0, "\(probe.standardError)")
            let report = try JSONSerialization.jsonObject(with: Data(probe.standardOutput.utf8)) as? [String: Int] ?? [:]
            #expect(report["loopThreadsBefore"] == 0)
            #expect(report["loopThreadsDuring"] == 1)
            #expect(report["loopThreadsAfter"] == 0)
            #expect((report["filesDuring"] ?? 0) >= (report["filesBefore"] ?? 0) + 50)
            #expect(report["filesAfter"] == report["filesBefore"], "\(report)")
        }
    }

    @Test("a disconnected client is freed")
    func disconnectedClientIsFreed() async throws {
        try await withBroker { broker in
            var client: MQTTClient? = try MQTTClient(broker.configuration())
            weak let watcher = client
            try await client?.connect()
            try await client?.subscribe("free/me")
            try await client?.publish("free/me", "x", qos: .exactlyOnce)
            await client?.disconnect()
            client = nil
            try await eventually("the client to be freed", timeout: .seconds(2)) { watcher == nil }
        }
    }
}
