import Foundation
import Gateway
import LocalBroker
import MQTT
import TestSupport

/// A private broker, plugsim and `voiceplug run` as real processes, and a
/// client that sends phrases and collects every answer. Everything is
/// stopped afterwards.
final class GatewayFixture: @unchecked Sendable {
    let broker: PrivateBroker
    let folder: URL
    let plugsim: ChildProcess
    let gateway: ChildProcess
    let client: MQTTClient
    let inbox: MessageCollector

    static let devices = """
        {"id":"kitchen-lamp","name":"kitchen lamp","aliases":["kitchen light"],"area":"kitchen"},
        {"id":"desk-fan","name":"desk fan","protocol":"shelly","topic":"shelly1-desk"},
        {"id":"tree","name":"christmas tree","protocol":"zigbee2mqtt","topic":"xmas_tree"},
        {"id":"porch","name":"porch light"},
        {"id":"deaf-heater","name":"garage heater","area":"garage"}
        """

    /// Starts everything; `extraDevices` are appended to the configuration's
    /// device list, `plugsimArguments` to plugsim's command line.
    /// `adaptation` is written to voiceplug.adaptation beside the configuration, for the gateway to find.
    init(
        extraDevices: [String] = [], plugsimArguments: [String] = [], confirmTimeoutMs: Int = 1000, speech: Bool = false,
        adaptation: String? = nil, runArguments: [String] = [], brokerOptions: PrivateBroker.Options = .init(),
        logLevel: String = "debug", gatewayEnvironment: [String: String]? = nil
    ) async throws {
        broker = try PrivateBroker.start(brokerOptions)
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("voiceplug-e2e-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let devices = ([Self.devices] + extraDevices).joined(separator: ",\n")
        try "{\"broker\":\"\(broker.url)\",\"confirmTimeoutMs\":\(confirmTimeoutMs),\"devices\":[\n\(devices)\n]}"
            .write(to: folder.appendingPathComponent("voiceplug.json"), atomically: true, encoding: .utf8)
        try adaptation?.write(to: folder.appendingPathComponent("voiceplug.adaptation"), atomically: true, encoding: .utf8)
        client = try MQTTClient(broker.configuration())
        try await client.connect()
        inbox = MessageCollector(client)
        for topic in ["voiceplug/#", "hermes/#"] { try await client.subscribe(topic, qos: .atLeastOnce) }
        plugsim = try ChildProcess(
            "plugsim", ["--config", "voiceplug.json", "--no-tui", "--tele-period", "0"] + plugsimArguments,
            directory: folder)
        try await eventually("plugsim to start", timeout: .seconds(20)) { [plugsim] in plugsim.standardError.contains("plugs (") }
        try await Self.send(client, "plugsim/control", #"{"plug":"deaf-heater","drop":1}"#)
        gateway = try ChildProcess(
            "voiceplug", ["run", "--log-level", logLevel] + (speech ? [] : ["--no-speech"]) + runArguments,
            environment: gatewayEnvironment, directory: folder)
        try await eventually("the gateway to come online", timeout: .seconds(20)) { [gateway] in
            gateway.standardError.contains("gateway online") || !gateway.isRunning
        }
        guard gateway.isRunning else { throw GatewayFailed(log: gateway.standardError) }
    }

    struct GatewayFailed: Error { let log: String }

    /// Stops the processes and the broker.
    func stop() async {
        gateway.kill(SIGKILL)
        plugsim.kill(SIGKILL)
        await client.disconnect()
        broker.stop()
        try? FileManager.default.removeItem(at: folder)
    }

    static func send(_ client: MQTTClient, _ topic: String, _ payload: String) async throws {
        try await client.publish(topic, payload, qos: .atLeastOnce)
    }

    /// Sends a phrase as JSON with an id and waits for its result on voiceplug/result.
    func say(_ text: String, id: String = UUID().uuidString, timeout: Duration = .seconds(15)) async throws -> [String: Any] {
        let request = try JSONSerialization.data(withJSONObject: ["text": text, "id": id])
        try await client.publish("voiceplug/phrase", Array(request), qos: .atLeastOnce)
        return try await result(id: id, timeout: timeout)
    }

    func result(id: String, on topic: String = "voiceplug/result", timeout: Duration = .seconds(15)) async throws -> [String: Any] {
        let message = try await inbox.wait(
            timeout: timeout,
            where: { message in
                message.topic == topic && (GatewayFixture.object(message)?["id"] as? String) == id
            })[0]
        return Self.object(message) ?? [:]
    }

    /// Publishes `wav` on voiceplug/audio once and returns its spoken result. Callers wait first for the log line
    /// that says the recognizer they mean is in place: the result is then the first hearing, not one of several tries.
    func speak(_ wav: Data, timeout: Duration = .seconds(30)) async throws -> [String: Any] {
        let before = await inbox.messages.filter(Self.isSpokenResult).count
        try await client.publish("voiceplug/audio", Array(wav), qos: .atLeastOnce)
        let answers = try await inbox.wait(for: before + 1, timeout: timeout, where: Self.isSpokenResult)
        return Self.object(answers.last!) ?? [:]
    }

    @Sendable static func isSpokenResult(_ message: MQTTMessage) -> Bool {
        message.topic == "voiceplug/result" && object(message)?["source"] as? String == "speech"
    }

    static func object(_ message: MQTTMessage) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(message.payload))) as? [String: Any]
    }

    /// Runs `voiceplug` with `arguments` in the fixture's folder.
    /// A liveness bound, not a speed test: `hear` loads the recognizer, which took more than 20 s while the whole
    /// suite shared this machine's two cores (a fresh clone's `make test`, 2026-12-06).
    func voiceplug(_ arguments: [String]) async throws -> (Int32, String, String) {
        let process = try ChildProcess("voiceplug", arguments, directory: folder)
        let status = try await process.wait(timeout: .seconds(60))
        return (status, process.standardOutput, process.standardError)
    }
}

/// Runs `body` with a fixture that is always stopped.
func withGateway<R>(
    extraDevices: [String] = [], plugsimArguments: [String] = [], confirmTimeoutMs: Int = 1000, speech: Bool = false,
    adaptation: String? = nil, runArguments: [String] = [], brokerOptions: PrivateBroker.Options = .init(),
    logLevel: String = "debug", gatewayEnvironment: [String: String]? = nil, _ body: (GatewayFixture) async throws -> R
) async throws -> R {
    let fixture = try await GatewayFixture(
        extraDevices: extraDevices, plugsimArguments: plugsimArguments, confirmTimeoutMs: confirmTimeoutMs,
        speech: speech, adaptation: adaptation, runArguments: runArguments, brokerOptions: brokerOptions, logLevel: logLevel,
        gatewayEnvironment: gatewayEnvironment)
    do {
        let result = try await body(fixture)
        await fixture.stop()
        return result
    } catch {
        await fixture.stop()
        throw error
    }
}
