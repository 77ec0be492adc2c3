import Foundation
import LocalBroker
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
