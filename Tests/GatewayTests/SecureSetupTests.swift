import Foundation
import LocalBroker
import MQTT
import TestSupport
import Testing

@Suite("voiceplug and plugsim against a broker with passwords and TLS")
struct SecureSetupTests {
    @Test("passwordFile, VOICEPLUG_PASSWORD and caFile work through both programs; no password, no access, and it is never shown")
    func passwordsAndTLS() async throws {
        let certificates = try TestCertificates()
        defer { certificates.remove() }
        let secret = "pl4g-\(UUID().uuidString.prefix(6))"
        let broker = try PrivateBroker.start(.init(passwords: ["home": secret], tls: certificates.brokerFiles))
        defer { broker.stop() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("voiceplug-secure-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = "mqtts://home@127.0.0.1:\(try #require(broker.tlsPort))"
        try "\(secret)\n".write(to: folder.appendingPathComponent("password"), atomically: true, encoding: .utf8)
        try """
        {"broker":"\(url)","passwordFile":"password","caFile":"\(certificates.caFile)","confirmTimeoutMs":2000,
         "devices":[{"id":"lamp","name":"desk lamp"}]}
        """.write(to: folder.appendingPathComponent("voiceplug.json"), atomically: true, encoding: .utf8)

        // plugsim with the password from the environment, the gateway with the configuration's file.
        let plugsim = try ChildProcess(
            "plugsim", ["--config", "voiceplug.json", "--no-tui"], environment: ["VOICEPLUG_PASSWORD": secret], directory: folder)
        defer { plugsim.kill(SIGKILL) }
        try await eventually("plugsim to start", timeout: .seconds(20)) { plugsim.standardError.contains("plugs (") || !plugsim.isRunning }
        let gateway = try ChildProcess("voiceplug", ["run", "--no-speech"], directory: folder)
        defer { gateway.kill(SIGKILL) }
        try await eventually("the gateway online", timeout: .seconds(20)) {
            gateway.standardError.contains("gateway online") || !gateway.isRunning
        }
        #expect(plugsim.isRunning && gateway.isRunning, "\(plugsim.standardError)\n\(gateway.standardError)")

        // The CLI with VOICEPLUG_PASSWORD over TLS: the phrase goes all the way to the plug.
        let say = try ChildProcess(
            "voiceplug", ["say", "turn on the desk lamp", "--config", "voiceplug.json"],
            environment: ["VOICEPLUG_PASSWORD": secret], directory: folder)
        #expect(try await say.wait(timeout: .seconds(20)) == 0, "\(say.standardError)")
        #expect(say.standardOutput.hasPrefix("desk lamp → on"), "\(say.standardOutput)")

        // A wrong password: refused (exit 3), and the password is nowhere in what was said.
        let wrong = try ChildProcess(
            "voiceplug", ["say", "turn off the desk lamp", "--config", "voiceplug.json"],
            environment: ["VOICEPLUG_PASSWORD": "guess"], directory: folder)
        #expect(try await wrong.wait(timeout: .seconds(20)) == 3, "\(wrong.standardError)")
        // No credentials at all, plain TCP: plugsim cannot connect either.
        let anonymous = try ChildProcess("plugsim", ["--plugs", "x", "--no-tui", "--broker", broker.url], directory: folder)
        #expect(try await anonymous.wait(timeout: .seconds(20)) == 3, "\(anonymous.standardError)")
        for output in [plugsim.standardError, gateway.standardError, say.standardError, wrong.standardError, anonymous.standardError] {
            #expect(!output.contains(secret))
        }
    }
}

@Suite("The example secure broker set-up: examples/mosquitto.acl over TLS with passwords")
struct ExampleACLTests {
    static let acl = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("examples/mosquitto.acl")

    @Test("the gateway and people's clients work; a person cannot command a plug, a plug cannot send a phrase, anonymous is refused")
    func exampleACL() async throws {
        let certificates = try TestCertificates()
        defer { certificates.remove() }
        // plugsim stands for every plug at once: a user of its own with every plug's rights (real plugs log in as
        // their topics and get the ACL's patterns).
        let acl =
            try String(contentsOf: Self.acl, encoding: .utf8) + """

                user plugsim
                topic readwrite cmnd/#
                topic readwrite stat/#
                topic readwrite tele/#
                topic readwrite shellies/#
                topic readwrite zigbee2mqtt/#
                topic read plugsim/control

                """
        let passwords = ["voiceplug": "gw-\(UUID().uuidString.prefix(6))", "household": "hh-1", "plugsim": "ps-1", "kitchen-lamp": "kl-1"]
        let broker = try PrivateBroker.start(.init(passwords: passwords, acl: acl, tls: certificates.brokerFiles))
        defer { broker.stop() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("voiceplug-acl-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let port = try #require(broker.tlsPort)
        func config(_ user: String) -> String {
            #"{"broker":"mqtts://\#(user)@127.0.0.1:\#(port)","caFile":"\#(certificates.caFile)","devices":[{"id":"kitchen-lamp","name":"kitchen lamp"}]}"#
        }
        for user in ["voiceplug", "household", "plugsim"] {
            try config(user).write(to: folder.appendingPathComponent("\(user).json"), atomically: true, encoding: .utf8)
        }
        let plugsim = try ChildProcess(
            "plugsim", ["--config", "plugsim.json", "--no-tui"], environment: ["VOICEPLUG_PASSWORD": passwords["plugsim"]!],
            directory: folder)
        defer { plugsim.kill(SIGKILL) }
        let gateway = try ChildProcess(
            "voiceplug", ["run", "--no-speech", "--config", "voiceplug.json"], environment: ["VOICEPLUG_PASSWORD": passwords["voiceplug"]!],
            directory: folder)
        defer { gateway.kill(SIGKILL) }
        try await eventually("plugsim and the gateway up", timeout: .seconds(20)) {
            plugsim.standardError.contains("plugs (") && gateway.standardError.contains("gateway online")
        }

        // A person says a phrase: switched.
        let say = try ChildProcess(
            "voiceplug", ["say", "kitchen lamp on", "--config", "household.json"], environment: ["VOICEPLUG_PASSWORD": "hh-1"],
            directory: folder)
        #expect(try await say.wait(timeout: .seconds(20)) == 0, "\(say.standardError) \(gateway.standardError)")

        var tls = MQTTConfiguration(host: "127.0.0.1", port: port, connectTimeout: .seconds(5))
        tls.tls = .init(caFile: certificates.caFile)
        var watcherConfig = tls
        watcherConfig.credentials = .init(username: "voiceplug", password: passwords["voiceplug"]!)
        try await MQTTClient.withClient(watcherConfig) { watcher in
            let inbox = MessageCollector(watcher)
            try await watcher.subscribe("stat/#")
            try await watcher.subscribe("voiceplug/result")
            // A person cannot command a plug directly.
            var household = tls
            household.credentials = .init(username: "household", password: "hh-1")
            try await MQTTClient.withClient(household) { person in
                try? await person.publish("cmnd/kitchen-lamp/POWER", "OFF", qos: .atLeastOnce)
            }
            // A plug cannot send a phrase.
            var plug = tls
            plug.credentials = .init(username: "kitchen-lamp", password: "kl-1")
            try await MQTTClient.withClient(plug) { lamp in
                try? await lamp.publish("voiceplug/phrase", "kitchen lamp off", qos: .atLeastOnce)
            }
            try await Task.sleep(for: .milliseconds(700))
            let messages = await inbox.messages
            #expect(!messages.contains { $0.topic == "stat/kitchen-lamp/POWER" && $0.string == "OFF" }, "the plug was switched")
            #expect(!messages.contains { $0.topic == "voiceplug/result" }, "a plug's phrase was acted on")
        }
        // Nobody without a password gets in.
        await #expect(throws: MQTTError.self) { try await MQTTClient.withClient(tls) { _ in } }
        for output in [plugsim.standardError, gateway.standardError, say.standardError] {
            #expect(!output.contains(passwords["voiceplug"]!))
        }
    }
}
