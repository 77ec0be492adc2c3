import Foundation
import TestSupport
import Testing

/// Plugs that misbehave (plugsim's faults): never `ok` without the plug's confirmation, `timeout` or
/// `device_offline` as fits, and the message names the topics.
@Suite("Plugs that misbehave")
struct MisbehavingPlugTests {
    func control(_ fixture: GatewayFixture, _ json: String) async throws {
        try await fixture.client.publish("plugsim/control", json, qos: .atLeastOnce)
        try await Task.sleep(for: .milliseconds(300))  // plugsim takes it before the next command
    }

    @Test("a stuck relay reporting the state it stays in: timeout, never ok, naming the topics")
    func stuck() async throws {
        try await withGateway { fixture in
            try await control(fixture, #"{"plug":"porch","stuck":true}"#)
            let result = try await fixture.say("turn on the porch light")
            #expect(result["ok"] as? Bool == false && result["error"] as? String == "timeout", "\(result)")
            let message = result["message"] as? String ?? ""
            #expect(message.contains("cmnd/porch/POWER") && message.contains("stat/porch/"), "\(message)")
            try await control(fixture, #"{"plug":"porch","stuck":false}"#)
            #expect(try await fixture.say("turn on the porch light")["ok"] as? Bool == true)
        }
    }

    @Test("a late plug: timeout; its late report does not confirm the next command, which is confirmed by its own")
    func late() async throws {
        try await withGateway { fixture in
            #expect(try await fixture.say("turn off the christmas tree")["ok"] as? Bool == true)
            try await control(fixture, #"{"plug":"tree","latencyMs":1600}"#)
            let late = try await fixture.say("turn on the christmas tree")
            #expect(
                late["error"] as? String == "timeout" && (late["message"] as? String)?.contains("zigbee2mqtt/xmas_tree/set") == true,
                "\(late)")
            try await control(fixture, #"{"plug":"tree","latencyMs":0}"#)
            // Sent while the late "on" is still on its way: only an "off" report confirms it.
            let next = try await fixture.say("turn off the christmas tree")
            #expect(next["ok"] as? Bool == true && next["state"] as? String == "off", "\(next)")
            try await eventually("the tree to end off", timeout: .seconds(5)) {
                let (_, out, _) = try await fixture.voiceplug(["plugs", "--json"])
                let list = try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [[String: Any]] ?? []
                return list.first { $0["id"] as? String == "tree" }?["state"] as? String == "off"
            }
        }
    }

    @Test("a plug that goes offline mid-command: device_offline naming the topics; then offline refuses at once")
    func offlineMidCommand() async throws {
        try await withGateway { fixture in
            try await control(fixture, #"{"plug":"desk-fan","offlineOnCommand":true}"#)
            let result = try await fixture.say("turn on the desk fan")
            #expect(result["error"] as? String == "device_offline", "\(result)")
            let message = result["message"] as? String ?? ""
            #expect(message.contains("went offline") && message.contains("shellies/shelly1-desk/online"), "\(message)")
            // Refused at once: nothing sent, so no confirmation waited for (no clock decides; the message says so).
            let again = try await fixture.say("turn on the desk fan")
            #expect(again["error"] as? String == "device_offline" && (again["message"] as? String)?.contains("nothing was sent") == true)
        }
    }

    @Test("a flapping plug that never confirms: every answer is timeout or device_offline, none ok")
    func flapping() async throws {
        try await withGateway { fixture in
            try await control(fixture, #"{"plug":"kitchen-lamp","drop":1}"#)
            try await control(fixture, #"{"plug":"kitchen-lamp","flapMs":150}"#)
            var errors: [String] = []
            // Always "on": the lamp is off and drops every command, so no report can confirm it. ("off" could be
            // confirmed, rightly, by the "off" the plug reports each time it comes back.)
            for round in 0..<8 {
                let result = try await fixture.say("turn on the kitchen lamp")
                #expect(result["ok"] as? Bool == false, "round \(round): \(result)")
                errors.append(result["error"] as? String ?? "?")
            }
            #expect(Set(errors).isSubset(of: ["timeout", "device_offline"]), "\(errors)")
            try await control(fixture, #"{"plug":"kitchen-lamp","flapMs":0,"drop":0}"#)
            try await eventually("the lamp to answer again", timeout: .seconds(10)) {
                try await fixture.say("turn on the kitchen lamp")["ok"] as? Bool == true
            }
            #expect(fixture.gateway.isRunning)
        }
    }
}
