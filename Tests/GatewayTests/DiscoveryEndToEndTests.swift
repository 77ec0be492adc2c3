import Foundation
import LocalBroker
import MQTT
import PlugProtocols
import TestSupport
import Testing
import VoiceShortcuts

/// A household of plugs that announce themselves: a private broker, plugsim with its devices, and a gateway with
/// no devices of its own, all real processes. Everything is stopped afterwards.
final class DiscoveryHousehold: @unchecked Sendable {
    let broker: PrivateBroker
    let folder: URL
    let plugsim: ChildProcess
    var gateway: ChildProcess
    let client: MQTTClient
    let inbox: MessageCollector
    let runArguments: [String]

    /// plugsim simulates `plugs` (configuration device objects); the gateway runs with `gatewayConfiguration` as
    /// its voiceplug.json (nil: none, only `--broker` and `--db`).
    init(plugs: [String], gatewayConfiguration: String?, speech: Bool = false) async throws {
        broker = try PrivateBroker.start()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("voiceplug-discovery-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "{\"devices\":[\(plugs.joined(separator: ","))]}".write(
            to: folder.appendingPathComponent("plugsim.json"), atomically: true, encoding: .utf8)
        if let gatewayConfiguration {
            try gatewayConfiguration.replacingOccurrences(of: "BROKER", with: broker.url)
                .write(to: folder.appendingPathComponent("voiceplug.json"), atomically: true, encoding: .utf8)
        }
        client = try MQTTClient(broker.configuration())
        try await client.connect()
        inbox = MessageCollector(client)
        try await client.subscribe("voiceplug/#", qos: .atLeastOnce)
        plugsim = try ChildProcess(
            "plugsim", ["--config", "plugsim.json", "--broker", broker.url, "--no-tui", "--tele-period", "0"], directory: folder)
        try await eventually("plugsim to start", timeout: .seconds(20)) { [plugsim] in plugsim.standardError.contains("plugs (") }
        runArguments =
            ["run", "--broker", broker.url, "--db", folder.appendingPathComponent("voiceplug.db").path, "--log-level", "debug"]
            + (speech ? [] : ["--no-speech"])
        gateway = try Self.startGateway(runArguments, in: folder)
        try await eventually("the gateway to come online", timeout: .seconds(20)) { [gateway] in
            gateway.standardError.contains("gateway online") || !gateway.isRunning
        }
        guard gateway.isRunning else { throw GatewayFixture.GatewayFailed(log: gateway.standardError) }
    }

    private static func startGateway(_ arguments: [String], in folder: URL) throws -> ChildProcess {
        try ChildProcess("voiceplug", arguments, directory: folder)
    }

    /// Stops the gateway with SIGTERM and starts it again with the same store.
    func restartGateway() async throws {
        gateway.kill(SIGTERM)
        _ = try await gateway.wait(timeout: .seconds(20))
        gateway = try Self.startGateway(runArguments, in: folder)
        try await eventually("the gateway to come online again", timeout: .seconds(20)) { [gateway] in
            gateway.standardError.contains("gateway online") || !gateway.isRunning
        }
    }

    func stop() async {
        gateway.kill(SIGKILL)
        plugsim.kill(SIGKILL)
        await client.disconnect()
        broker.stop()
        try? FileManager.default.removeItem(at: folder)
    }

    func say(_ text: String) async throws -> [String: Any] {
        let id = UUID().uuidString
        try await client.publish(
            "voiceplug/phrase", Array(try JSONSerialization.data(withJSONObject: ["text": text, "id": id])), qos: .atLeastOnce)
        let message = try await inbox.wait(
            timeout: .seconds(15), where: { $0.topic == "voiceplug/result" && (GatewayFixture.object($0)?["id"] as? String) == id })[0]
        return GatewayFixture.object(message) ?? [:]
    }

    /// Says `text` until it switches a device (announcements take a moment), within `timeout`; the device switched.
    func eventuallySwitches(_ text: String, timeout: Duration = .seconds(10)) async throws -> String {
        let found = Found()
        try await eventually("'\(text)' to switch a plug", timeout: timeout) { [self] in
            let result = try await say(text)
            guard result["ok"] as? Bool == true, let device = result["device"] as? String else { return false }
            found.set(device)
            return true
        }
        return found.value ?? ""
    }

    /// Runs `voiceplug` with `arguments` (and this household's store and broker) in the folder.
    func voiceplug(_ arguments: [String]) async throws -> (Int32, String, String) {
        let process = try ChildProcess(
            "voiceplug", arguments + ["--db", folder.appendingPathComponent("voiceplug.db").path, "--broker", broker.url], directory: folder
        )
        let status = try await process.wait(timeout: .seconds(20))
        return (status, process.standardOutput, process.standardError)
    }

    func control(_ json: String) async throws { try await client.publish("plugsim/control", json, qos: .atLeastOnce) }

    /// Publishes `wav` on voiceplug/audio and returns its spoken result.
    func speak(_ wav: Data) async throws -> [String: Any] {
        let before = await inbox.messages.filter(GatewayFixture.isSpokenResult).count
        try await client.publish("voiceplug/audio", Array(wav), qos: .atLeastOnce)
        let answers = try await inbox.wait(for: before + 1, timeout: .seconds(30), where: GatewayFixture.isSpokenResult)
        return GatewayFixture.object(answers.last!) ?? [:]
    }
}

/// A value set by a closure that must be `@Sendable`.
private final class Found: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: String?
    var value: String? { lock.withLock { stored } }
    func set(_ value: String) { lock.withLock { stored = value } }
}

func withHousehold<R>(
    plugs: [String], gatewayConfiguration: String?, speech: Bool = false, _ body: (DiscoveryHousehold) async throws -> R
) async throws -> R {
    let household = try await DiscoveryHousehold(plugs: plugs, gatewayConfiguration: gatewayConfiguration, speech: speech)
    do {
        let result = try await body(household)
        await household.stop()
        return result
    } catch {
        await household.stop()
        throw error
    }
}

@Suite("Discovery end to end: plugs that announce themselves control a gateway with no devices of its own", .serialized)
struct DiscoveryEndToEndTests {
    static let plugs = [
        #"{"id":"reading","name":"reading lamp","protocol":"tasmota","topic":"reading"}"#,
        #"{"id":"porch-lamp","name":"porch lamp","protocol":"tasmota","topic":"porch","relay":1}"#,
        #"{"id":"porch-fan","name":"porch fan","protocol":"tasmota","topic":"porch","relay":2}"#,
        #"{"id":"gen1","name":"kettle","protocol":"shelly","topic":"shellyplug-s-7a2b1c"}"#,
        #"{"id":"gen2","name":"coffee machine","protocol":"shelly2","topic":"shellyplusplugs-e86bea"}"#,
        #"{"id":"floor","name":"floor lamp","protocol":"zigbee2mqtt","topic":"floor_lamp","baseTopic":"home/z2m"}"#,
        #"{"id":"fan","name":"desk fan","protocol":"mqtt","topic":"desk-fan"}"#,
    ]

    @Test(
        "five protocols answer to their announced names; two relays are two devices; a rename and an alias are used at once; a removed plug is gone; names survive a restart"
    )
    func fiveProtocols() async throws {
        let configuration = #"{"broker":"BROKER","baseTopics":{"zigbee2mqtt":"home/z2m"}}"#
        try await withHousehold(plugs: Self.plugs, gatewayConfiguration: configuration) { home async throws in
            #expect(try await home.eventuallySwitches("turn on the reading lamp").hasPrefix("tasmota-"))
            let porch = [
                try await home.eventuallySwitches("turn on the porch lamp"), try await home.eventuallySwitches("turn on the porch fan"),
            ]
            #expect(Set(porch).count == 2 && porch.allSatisfy { $0.hasPrefix("tasmota-") }, "\(porch)")
            #expect(try await home.eventuallySwitches("switch on the coffee machine").hasPrefix("shelly2-"))
            #expect(try await home.eventuallySwitches("turn on the floor lamp").hasPrefix("z2m-"), "another Zigbee2MQTT base")
            #expect(try await home.eventuallySwitches("turn on the desk fan").hasPrefix("mqtt-"))
            // Shelly Gen1 announces no name: its id is its name until the person renames it.
            let gen1 = try await home.eventuallySwitches("turn on the shellyplug s 7a2b1c")
            #expect(gen1 == "shelly-shellyplug-s-7a2b1c")
            let (renamed, _, renameErrors) = try await home.voiceplug(["devices", "rename", gen1, "kettle"])
            #expect(renamed == 0, "\(renameErrors)")
            #expect(!renameErrors.contains("did not say"), "the gateway confirmed it uses the change: \(renameErrors)")
            let kettle = try await home.say("turn off the kettle")
            #expect(kettle["ok"] as? Bool == true && kettle["device"] as? String == gen1, "used the moment the command returned: \(kettle)")
            let reading = try await home.eventuallySwitches("turn on the reading lamp")
            let (aliased, _, _) = try await home.voiceplug(["devices", "alias", reading, "add", "book light"])
            #expect(aliased == 0)
            #expect(try await home.say("turn off the book light")["device"] as? String == reading)
            let (listed, list, _) = try await home.voiceplug(["devices", "list", "--json"])
            let rows = (try? JSONSerialization.jsonObject(with: Data(list.utf8))) as? [[String: Any]] ?? []
            #expect(listed == 0 && rows.count == 7, "\(list)")
            #expect(rows.first { $0["id"] as? String == gen1 }?["announcedName"] as? String == "shellyplug s 7a2b1c")
            // Names survive a restart: the devices are in the store.
            try await home.restartGateway()
            #expect(try await home.say("turn on the kettle")["ok"] as? Bool == true)
            #expect(try await home.say("turn on the book light")["ok"] as? Bool == true)
            // A plug taken off the network is gone.
            try await home.control(#"{"plug":"reading","remove":true}"#)
            try await eventually("the removed plug to be gone", timeout: .seconds(10)) {
                try await home.say("turn off the book light")["error"] as? String == "not_recognized"
            }
            let (_, after, _) = try await home.voiceplug(["devices", "list"])
            #expect(after.contains("gone"), "\(after)")
        }
    }

    @Test("a discovered plug is heard by its announced name, and by the name given it once the grammar follows")
    func heardByAnnouncedName() async throws {
        let plugs = [Self.plugs[0], Self.plugs[4]]
        try await withHousehold(plugs: plugs, gatewayConfiguration: nil, speech: true) { home async throws in
            let coffee = try await blocking { try synthesizeWAV("switch on the coffee machine", voice: "slt") }
            let book = try await blocking { try synthesizeWAV("turn off the book light", voice: "slt") }
            let reading = try await home.eventuallySwitches("turn on the reading lamp")
            _ = try await home.eventuallySwitches("turn off the coffee machine")
            try await eventually("the grammar to hold the announced plugs", timeout: .seconds(60)) {
                let log = home.gateway.standardError
                return log.contains("speech grammar rebuilt: 2 devices") || log.contains("speech recognition ready (2 devices")
            }
            let heard = try await home.speak(coffee)
            #expect(heard["ok"] as? Bool == true && (heard["device"] as? String)?.hasPrefix("shelly2-") == true, "\(heard)")
            let (renamed, _, _) = try await home.voiceplug(["devices", "rename", reading, "book light"])
            #expect(renamed == 0)
            let rebuilt = home.gateway.standardError.components(separatedBy: "speech grammar rebuilt").count
            try await eventually("the grammar to follow the rename", timeout: .seconds(30)) {
                home.gateway.standardError.components(separatedBy: "speech grammar rebuilt").count > rebuilt
            }
            let spoken = try await home.speak(book)
            #expect(spoken["ok"] as? Bool == true && spoken["device"] as? String == reading, "\(spoken)")
        }
    }

    @Test("a gateway started with only a broker address and a store controls the plugs that announce themselves")
    func onlyBrokerAndStore() async throws {
        try await withHousehold(plugs: [Self.plugs[0], Self.plugs[3]], gatewayConfiguration: nil) { home async throws in
            #expect(try await home.eventuallySwitches("turn on the reading lamp").hasPrefix("tasmota-"))
            #expect(try await home.eventuallySwitches("turn on the shellyplug s 7a2b1c").hasPrefix("shelly-"))
            #expect(home.gateway.standardError.contains("discovery on"))
        }
    }

    @Test("hostile announcements leave the gateway up and the other plugs working; two plugs of one name are told apart")
    func hostileAnnouncements() async throws {
        try await withHousehold(plugs: [Self.plugs[0]], gatewayConfiguration: nil) { home async throws in
            _ = try await home.eventuallySwitches("turn on the reading lamp")
            let huge = [UInt8](repeating: UInt8(ascii: "["), count: 1 << 20)
            try await home.client.publish("tasmota/discovery/AAAAAAAAAAAA/config", huge, qos: .atLeastOnce)
            try await home.client.publish("zigbee2mqtt/bridge/devices", #"{"not":"a list"}"#, qos: .atLeastOnce)
            try await home.client.publish("shellies/announce", #"{"id":42}"#, qos: .atLeastOnce)
            try await home.client.publish("homeassistant/switch/x/config", #"{"cmd_t":7,"stat_t":["a"]}"#, qos: .atLeastOnce)
            let evil = "Evil \\\"quoted\\\"\\nINJECTED line 🎄 " + String(repeating: "x", count: 10_000)
            let injected = #"{"name":"\#(evil)","cmd_t":"evil/set","stat_t":"evil/state","uniq_id":"evil1"}"#
            try await home.client.publish("homeassistant/switch/evil/config", injected, qos: .atLeastOnce, retain: true)
            for (index, topic) in ["twin-a", "twin-b"].enumerated() {
                let twin = #"{"name":"twin lamp","cmd_t":"\#(topic)/set","stat_t":"\#(topic)/state","uniq_id":"twin\#(index)"}"#
                try await home.client.publish("homeassistant/switch/\(topic)/config", twin, qos: .atLeastOnce, retain: true)
            }
            try await eventually("the twins to be told apart", timeout: .seconds(10)) {
                home.gateway.standardError.contains("two plugs are called 'twin lamp'")
            }
            #expect(home.gateway.isRunning)
            #expect(try await home.say("turn off the reading lamp")["ok"] as? Bool == true, "the other plug still works")
            let (_, list, _) = try await home.voiceplug(["devices", "list", "--json"])
            let rows = (try? JSONSerialization.jsonObject(with: Data(list.utf8))) as? [[String: Any]] ?? []
            let names = rows.compactMap { $0["name"] as? String }
            #expect(names.contains("twin lamp") && names.contains("twin lamp 2"), "\(names)")
            let evilName = rows.first { ($0["id"] as? String)?.hasPrefix("mqtt-evil") == true }?["name"] as? String ?? ""
            #expect(!evilName.isEmpty && evilName.count <= AnnouncedName.maximumLength && !evilName.contains("\n"), "\(evilName)")
            let lines = home.gateway.standardError.split(separator: "\n")
            #expect(!lines.contains { $0.hasPrefix("INJECTED") }, "a name cannot start a log line of its own")
        }
    }

    @Test("plugsim's Tasmota announcements pass Home Assistant's own Tasmota library; the switches it derives are VoicePlug's")
    func hatasmotaJudges() async throws {
        let plugs = [
            Self.plugs[0], Self.plugs[1], Self.plugs[2],
            #"{"id":"attic","name":"attic fan","protocol":"tasmota","topic":"attic","baseTopic":"home/%topic%/%prefix%/"}"#,
        ]
        try await withHousehold(plugs: plugs, gatewayConfiguration: nil) { home async throws in
            try await home.client.subscribe("tasmota/discovery/+/config", qos: .atLeastOnce)
            let announcements = try await home.inbox.wait(
                for: 3, timeout: .seconds(10), where: { $0.topic.hasPrefix("tasmota/discovery/") && !$0.payload.isEmpty })
            let discovery = Discovery()
            var judged = 0
            for message in announcements {
                let file = home.folder.appendingPathComponent("announcement-\(judged).json")
                try Data(message.payload).write(to: file)
                let judge = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                    .appendingPathComponent("Discovery/hatasmota_judge.py").path
                let (status, output) = try await blocking { try runCommand("/usr/bin/python3", [judge, message.topic, file.path]) }
                #expect(status == 0, "hatasmota refused \(message.topic): \(output)")
                let switches = output.split(separator: "\n").compactMap {
                    (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
                }
                guard case .announced(_, let devices, _)? = discovery.read(topic: message.topic, payload: message.payload) else {
                    Issue.record("VoicePlug did not read \(message.topic)")
                    continue
                }
                #expect(switches.count == devices.count, "\(output)")
                for (derived, device) in zip(switches, devices) {
                    let channel = device.channel
                    let ours = channel.commandMessage(relay: device.relay, state: .on).topic
                    #expect(ours.hasPrefix(derived["command_topic"] as? String ?? "?"), "\(ours) vs \(derived)")
                    #expect(channel.availabilityTopic == derived["availability_topic"] as? String)
                    #expect(channel.stateFilters.contains(derived["state_topic"] as? String ?? "?"))
                    let named = derived["friendly_name"] as? String
                    #expect(named == nil || named == device.name, "\(device.name) vs \(derived)")
                }
                judged += 1
            }
            #expect(judged == 3)
        }
    }
}
