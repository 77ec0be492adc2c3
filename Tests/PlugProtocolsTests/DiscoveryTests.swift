import Foundation
import PlugProtocols
import Testing
import VoiceShortcuts

@Suite("Discovery: the plugs' own announcements read into devices")
struct DiscoveryTests {
    /// A fixture's bytes (see Fixtures/ORIGINS.md for where each one's shape comes from).
    func fixture(_ name: String) throws -> [UInt8] {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
        return Array(try Data(contentsOf: folder.appendingPathComponent(name)))
    }

    func devices(_ result: DiscoveryResult?) -> [Device] {
        if case .announced(_, let devices, _)? = result { return devices }
        return []
    }

    @Test("Tasmota: one device per relay of kind 1, named by its friendly name, topics as Tasmota derives them")
    func tasmota() throws {
        let discovery = Discovery()
        let basic = devices(discovery.read(topic: "tasmota/discovery/DC4F22AABBCC/config", payload: try fixture("tasmota-basic.json")))
        #expect(basic.count == 1)
        #expect(basic.first?.name == "Kitchen Kettle" && basic.first?.id == "tasmota-dc4f22aabbcc")
        #expect(basic.first.map { $0.channel.commandMessage(relay: $0.relay, state: .on).topic } == "cmnd/kettle/POWER")
        let result = discovery.read(topic: "tasmota/discovery/A4CF12DD0011/config", payload: try fixture("tasmota-dual-light.json"))
        let dual = devices(result)
        #expect(dual.map(\.name) == ["Porch Lamp", "Porch Fan"], "the light (rl 2) is no plug")
        #expect(dual.map(\.relay) == [1, 2])
        #expect(
            dual.map { $0.channel.commandMessage(relay: $0.relay, state: .off).topic } == [
                "home/porch/cmnd/POWER1", "home/porch/cmnd/POWER2",
            ])
        if case .announced(_, _, let skipped)? = result { #expect(skipped.count == 1 && skipped[0].contains("relay 3")) }
        // The retained announcement cleared: the device left.
        #expect(
            discovery.read(topic: "tasmota/discovery/A4CF12DD0011/config", payload: [])
                == .announced(source: "tasmota/a4cf12dd0011", devices: [], skipped: []))
    }

    @Test("Zigbee2MQTT: every settable state of a switch, endpoints one device each; the coordinator and sensors are not plugs")
    func zigbee() throws {
        let found = devices(Discovery().read(topic: "zigbee2mqtt/bridge/devices", payload: try fixture("z2m-bridge-devices.json")))
        #expect(found.map(\.name) == ["living room floor lamp", "hall switch 1", "hall switch 2"])
        #expect(found.map(\.topic) == ["living_room/floor_lamp", "hall switch", "hall switch"])
        #expect(found.map(\.relay) == [nil, 1, 2])
        #expect(found[1].channel.commandMessage(relay: 1, state: .on).text == "{\"state_l1\":\"ON\"}")
        // Another base topic: read there, and the devices' topics are under it.
        let other = Discovery(zigbeeBase: "home/z2m")
        let moved = devices(other.read(topic: "home/z2m/bridge/devices", payload: try fixture("z2m-bridge-devices.json")))
        #expect(moved.first?.channel.commandMessage(relay: nil, state: .on).topic == "home/z2m/living_room/floor_lamp/set")
        #expect(other.read(topic: "zigbee2mqtt/bridge/devices", payload: try fixture("z2m-bridge-devices.json")) == nil)
    }

    @Test("Shelly Gen1: the announced id is the name; Shelly Gen2: asked, then named by Shelly.GetDeviceInfo")
    func shelly() throws {
        let discovery = Discovery()
        let gen1 = devices(discovery.read(topic: "shellies/announce", payload: try fixture("shelly-announce.json")))
        #expect(gen1.map(\.name) == ["shellyplug s 7A2B1C"] && gen1.first?.topic == "shellyplug-s-7A2B1C")
        guard case .ask(let requests)? = discovery.read(topic: "shellyplusplugs-e86beaf2b3c4/online", payload: Array("true".utf8)) else {
            Issue.record("a Gen2 coming online is asked who it is")
            return
        }
        #expect(requests.map(\.topic) == ["shellyplusplugs-e86beaf2b3c4/rpc", "shellyplusplugs-e86beaf2b3c4/rpc"])
        #expect(requests[0].text.contains("\"method\":\"Shelly.GetDeviceInfo\""))
        #expect(devices(discovery.read(topic: "voiceplug/rpc", payload: try fixture("shelly2-deviceinfo.json"))).isEmpty)
        let gen2 = devices(discovery.read(topic: "voiceplug/rpc", payload: try fixture("shelly2-status.json")))
        #expect(gen2.map(\.name) == ["Coffee Machine"] && gen2.first?.protocol == .shelly2 && gen2.first?.relay == nil)
        // An answer nobody asked for is no device.
        #expect(devices(discovery.read(topic: "voiceplug/rpc", payload: try fixture("shelly2-status.json"))).isEmpty)
    }

    @Test("Home Assistant discovery: the ~ base, abbreviated keys, the device's name before the entity's; templates only plain")
    func homeAssistant() throws {
        let discovery = Discovery()
        let garden = devices(discovery.read(topic: "homeassistant/switch/irrigation/config", payload: try fixture("ha-irrigation.json")))
        #expect(garden.first?.name == "garden")
        #expect(garden.first?.mqtt?.commandTopic == "homeassistant/switch/irrigation/set")
        #expect(garden.first?.mqtt?.stateTopic == "homeassistant/switch/irrigation/state")
        let relay = devices(discovery.read(topic: "homeassistant/switch/desk-fan/relay/config", payload: try fixture("esphome-relay.json")))
        #expect(relay.first?.name == "desk-fan Relay" && relay.first?.mqtt?.availabilityTopic == "desk-fan/status")
        let template = #"{"name":"pump","cmd_t":"p/set","stat_t":"p/json","val_tpl":"{{ value_json.POWER }}"}"#
        #expect(
            devices(discovery.read(topic: "homeassistant/switch/pump/config", payload: Array(template.utf8))).first?.mqtt?.stateKey
                == "POWER")
        let other = #"{"name":"pump","cmd_t":"p/set","stat_t":"p/json","val_tpl":"{{ value_json.a if value_json.b else 'OFF' }}"}"#
        guard
            case .announced(_, let none, let skipped)? = discovery.read(
                topic: "homeassistant/switch/pump/config", payload: Array(other.utf8))
        else {
            Issue.record("read")
            return
        }
        #expect(none.isEmpty && skipped.count == 1 && skipped[0].contains("value_json.KEY"))
        let optimistic = #"{"name":"pump","cmd_t":"p/set"}"#
        #expect(devices(discovery.read(topic: "homeassistant/switch/pump/config", payload: Array(optimistic.utf8))).isEmpty)
    }

    @Test("hostile announcements: huge, wrong types, control characters, long and emoji names, unsayable names")
    func hostile() {
        let discovery = Discovery()
        #expect(discovery.read(topic: "tasmota/discovery/X/config", payload: [UInt8](repeating: 0x20, count: 1 << 20)) != nil)
        #expect(devices(discovery.read(topic: "tasmota/discovery/X/config", payload: Array("{\"t\":5,\"rl\":\"x\"}".utf8))).isEmpty)
        #expect(devices(discovery.read(topic: "zigbee2mqtt/bridge/devices", payload: Array("{\"a\":1}".utf8))).isEmpty)
        #expect(devices(discovery.read(topic: "shellies/announce", payload: Array("[1,2]".utf8))).isEmpty)
        let weird = "{\"t\":\"lamp\",\"rl\":[1],\"dn\":\"Lamp\\u0007\\n\\\"quoted\\\" 🎄 " + String(repeating: "very ", count: 2000) + "\"}"
        let named = devices(discovery.read(topic: "tasmota/discovery/AA/config", payload: Array(weird.utf8)))
        #expect(named.count == 1)
        let name = named.first?.name ?? ""
        #expect(name.count <= AnnouncedName.maximumLength && !name.contains("\n") && !name.unicodeScalars.contains { $0.value < 0x20 })
        #expect(AnnouncedName.clean("🎄🎄") == nil && AnnouncedName.clean("  \u{0}\u{1b}\t  ") == nil)
        #expect(AnnouncedName.clean("red\u{1b}[31mlamp\r\n") == "red [31mlamp", "the escape is gone, the rest is only text")
        #expect(AnnouncedName.id(String(repeating: "A", count: 500)).count <= 64)
        #expect(AnnouncedName.id(String(repeating: "A", count: 500)) != AnnouncedName.id(String(repeating: "A", count: 499)))
        #expect(Device.isValidID(AnnouncedName.id("tasmota", "AA:BB:CC", "💥")))
    }
}
