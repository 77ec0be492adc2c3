import MQTT
import Testing

@Suite("Broker URLs")
struct ConfigurationTests {
    @Test("mqtt:// and mqtts:// URLs with user and port")
    func parsesURLs() throws {
        let plain = try MQTTConfiguration(url: "mqtt://127.0.0.1:1884")
        #expect(plain.host == "127.0.0.1" && plain.port == 1884 && plain.tls == nil && plain.credentials == nil)

        let defaults = try MQTTConfiguration(url: "mqtt://broker.local")
        #expect(defaults.port == 1883)

        let secure = try MQTTConfiguration(url: "mqtts://ha@broker.local")
        #expect(secure.port == 8883 && secure.tls != nil && secure.credentials?.username == "ha")
        #expect(secure.credentials?.password == nil)

        let v6 = try MQTTConfiguration(url: "mqtt://[::1]:1999/")
        #expect(v6.host == "::1" && v6.port == 1999)
    }

    @Test(
        "bad URLs are refused with a reason",
        arguments: [
            "http://host", "mqtt://", "mqtt://host:port", "mqtt://host:0", "mqtt://host:70000",
            "mqtt://user:secret@host", "mqtt://host/path", "127.0.0.1:1883",
        ])
    func refusesBadURLs(url: String) {
        #expect(throws: MQTTError.self) { try MQTTConfiguration(url: url) }
    }

    @Test("a password in the URL is refused with a pointer to the right place")
    func passwordInURLExplainsWhereItGoes() {
        do {
            _ = try MQTTConfiguration(url: "mqtt://user:secret@host")
            Issue.record("accepted a password in the URL")
        } catch {
            #expect("\(error)".contains("VOICEPLUG_PASSWORD"))
        }
    }
}
