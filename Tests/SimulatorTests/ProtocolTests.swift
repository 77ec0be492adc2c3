import Foundation
import MQTT
import TestSupport
import Testing

@Suite("plugsim speaks each protocol as the real devices do")
struct ProtocolTests {
    @Test("Tasmota: every payload spelling, answered on stat/RESULT and stat/POWER")
    func tasmotaSpellings() async throws {
        try await withPlugsim(["--plugs", "lamp"]) { sim in
            _ = try await sim.inbox.first(on: "stat/lamp/POWER")  // the state it starts with
            _ = try await sim.inbox.first(on: "stat/lamp/RESULT")
            var state = "OFF"
            for payload in ["ON", "off", "TOGGLE", "1", "0", "2", "on", "OFF", "true", "false", "Toggle", ""] {
                let before = await sim.count(on: "stat/lamp/POWER")
                let beforeResult = await sim.count(on: "stat/lamp/RESULT")
                try await sim.send("cmnd/lamp/POWER", payload)
                switch payload.lowercased() {
                case "on", "1", "true": state = "ON"
                case "off", "0", "false": state = "OFF"
                case "toggle", "2": state = state == "ON" ? "OFF" : "ON"
                default: break
                }
                #expect(try await sim.next(on: "stat/lamp/POWER", after: before).string == state, "payload '\(payload)'")
                #expect(try await sim.next(on: "stat/lamp/RESULT", after: beforeResult).string == "{\"POWER\":\"\(state)\"}")
            }
        }
    }

    @Test("Tasmota: online retained, unknown commands answered, relays independent")
    func tasmotaDetails() async throws {
        let config = try temporaryConfig(
            #"{"devices":[{"id":"strip-1","topic":"strip","relay":1},{"id":"strip-2","topic":"strip","relay":2}]}"#)
        defer { try? FileManager.default.removeItem(atPath: config) }
        try await withPlugsim(["--config", config]) { sim in
            #expect(try await sim.inbox.first(on: "tele/strip/LWT").string == "Online")
            let retained = try await sim.retained(on: "tele/strip/LWT")
            #expect(retained.retain && retained.string == "Online")
            // Each answer is the first on its topic after the command (the start's reports came before).
            let results = await sim.count(on: "stat/strip/RESULT")
            try await sim.send("cmnd/strip/Dimmer", "50")
            #expect(try await sim.next(on: "stat/strip/RESULT", after: results).string == "{\"Command\":\"Unknown\"}")
            let second = await sim.count(on: "stat/strip/POWER2")
            try await sim.send("cmnd/strip/POWER2", "ON")
            #expect(try await sim.next(on: "stat/strip/POWER2", after: second).string == "ON")
            // Relay 1, asked for its state, is still off.
            let first = await sim.count(on: "stat/strip/POWER1")
            try await sim.send("cmnd/strip/POWER1", "")
            #expect(try await sim.next(on: "stat/strip/POWER1", after: first).string == "OFF")
        }
    }

    @Test("Tasmota: periodic tele/STATE and tele/SENSOR with energy while on")
    func tasmotaTelemetry() async throws {
        try await withPlugsim(["--plugs", "heater", "--tele-period", "0.3"]) { sim in
            try await sim.send("cmnd/heater/POWER", "ON")
            _ = try await sim.inbox.wait(where: { $0.topic == "stat/heater/POWER" && $0.string == "ON" })
            await sim.inbox.clear()  // reports sent before the plug was on (a loaded machine may fit several in) do not count
            let sensors = try await sim.inbox.wait(for: 3, timeout: .seconds(5), where: { $0.topic == "tele/heater/SENSOR" })
            let last = try JSONSerialization.jsonObject(with: Data(sensors[2].payload)) as? [String: Any]
            let energy = try #require(last?["ENERGY"] as? [String: Any])
            #expect((energy["Power"] as? NSNumber)?.doubleValue ?? 0 > 1000)
            let state = try await sim.inbox.wait(where: { $0.topic == "tele/heater/STATE" }).last!
            let object = try JSONSerialization.jsonObject(with: Data(state.payload)) as? [String: Any]
            #expect(object?["POWER"] as? String == "ON")
            #expect(object?["Uptime"] is String)
        }
    }

    @Test("Shelly Gen1: relay commands, state and power, online retained, announce")
    func shelly() async throws {
        try await withPlugsim(["--plugs", "shelly1-desk", "--protocol", "shelly"]) { sim in
            #expect(try await sim.inbox.first(on: "shellies/shelly1-desk/online").string == "true")
            #expect(try await sim.retained(on: "shellies/shelly1-desk/online").string == "true")
            _ = try await sim.inbox.first(on: "shellies/shelly1-desk/relay/0")  // the state it starts with
            for (command, expected) in [("on", "on"), ("toggle", "off"), ("toggle", "on"), ("off", "off")] {
                let before = await sim.count(on: "shellies/shelly1-desk/relay/0")
                try await sim.send("shellies/shelly1-desk/relay/0/command", command)
                #expect(try await sim.next(on: "shellies/shelly1-desk/relay/0", after: before).string == expected)
            }
            #expect(try await sim.inbox.first(on: "shellies/shelly1-desk/relay/0/power").string != nil)
            try await sim.send("shellies/command", "announce")
            let announce = try await sim.inbox.first(on: "shellies/announce")
            #expect(announce.string?.contains("\"id\":\"shelly1-desk\"") == true)
        }
    }

    @Test("Zigbee2MQTT: set with JSON and set/state, state JSON, availability retained")
    func zigbee() async throws {
        try await withPlugsim(["--plugs", "xmas_tree", "--protocol", "zigbee2mqtt"]) { sim in
            #expect(try await sim.inbox.first(on: "zigbee2mqtt/xmas_tree/availability").string == "{\"state\":\"online\"}")
            #expect(try await sim.retained(on: "zigbee2mqtt/xmas_tree/availability").retain)
            _ = try await sim.inbox.first(on: "zigbee2mqtt/xmas_tree")  // the state it starts with
            for (topic, payload, expected) in [
                ("zigbee2mqtt/xmas_tree/set", "{\"state\":\"ON\"}", "ON"),
                ("zigbee2mqtt/xmas_tree/set/state", "OFF", "OFF"),
                ("zigbee2mqtt/xmas_tree/set", "{\"state\":\"TOGGLE\"}", "ON"),
            ] {
                let before = await sim.count(on: "zigbee2mqtt/xmas_tree")
                try await sim.send(topic, payload)
                let state = try await sim.next(on: "zigbee2mqtt/xmas_tree", after: before)
                let object = try JSONSerialization.jsonObject(with: Data(state.payload)) as? [String: Any]
                #expect(object?["state"] as? String == expected)
                #expect(object?["linkquality"] is NSNumber && object?["power"] is NSNumber)
            }
        }
    }
}

func temporaryConfig(_ json: String) throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("plugsim-\(UUID().uuidString.prefix(8)).json")
    try json.write(to: url, atomically: true, encoding: .utf8)
    return url.path
}
