import Foundation
import TestSupport
import Testing

/// Groups, group questions, the everyday verbs and shortcut safety through the real gateway.
@Suite("Group commands and questions through the gateway")
struct GroupCommandTests {
    static let router = #"{"id":"router","name":"router","area":"kitchen","groupCommands":false}"#

    @Test("everything in an area, a list of names, everything: one result listing each device's outcome")
    func groups() async throws {
        try await withGateway(extraDevices: [Self.router]) { fixture in
            let kitchen = try await fixture.say("turn on everything in the kitchen")
            #expect(kitchen["ok"] as? Bool == true && kitchen["kind"] as? String == "group", "\(kitchen)")
            let kitchenDevices = kitchen["devices"] as? [[String: Any]] ?? []
            #expect(kitchenDevices.map { $0["device"] as? String } == ["kitchen-lamp"], "the router opted out: \(kitchen)")

            let list = try await fixture.say("switch on the christmas tree and the desk fan")
            #expect(list["ok"] as? Bool == true && (list["devices"] as? [[String: Any]])?.count == 2, "\(list)")

            // Everything: the deaf heater never confirms, so the whole is not ok, and says which one failed and why.
            let everything = try await fixture.say("turn off everything")
            #expect(everything["ok"] as? Bool == false && everything["error"] as? String == "timeout", "\(everything)")
            #expect((everything["message"] as? String)?.hasPrefix("4 of 5 switched; deaf-heater: ") == true, "\(everything)")
            let devices = everything["devices"] as? [[String: Any]] ?? []
            #expect(Set(devices.compactMap { $0["device"] as? String }) == ["kitchen-lamp", "desk-fan", "tree", "porch", "deaf-heater"])
            #expect(devices.first { $0["device"] as? String == "deaf-heater" }?["error"] as? String == "timeout")
            let (_, plugs, _) = try await fixture.voiceplug(["plugs", "--json"])
            let states = (try JSONSerialization.jsonObject(with: Data(plugs.utf8)) as? [[String: Any]] ?? [])
            for id in ["kitchen-lamp", "desk-fan", "tree", "porch"] {
                #expect(states.first { $0["id"] as? String == id }?["state"] as? String == "off", "\(id): \(plugs)")
            }
            #expect(try await fixture.say("turn on the kettle and the toaster")["error"] as? String == "not_recognized")
        }
    }

    @Test("questions about several plugs are answered from the tracked state and switch nothing; say prints them")
    func questions() async throws {
        try await withGateway { fixture in
            #expect(try await fixture.say("turn on the desk fan")["ok"] as? Bool == true)
            let commandsBefore = await fixture.inbox.messages.filter { $0.topic.hasPrefix("cmnd/") || $0.topic.hasSuffix("/set") }.count
            let answer = try await fixture.say("what's on")
            #expect(answer["kind"] as? String == "query" && answer["asked"] as? String == "on", "\(answer)")
            let fan = (answer["devices"] as? [[String: Any]])?.first { $0["device"] as? String == "desk-fan" }
            #expect(fan?["state"] as? String == "on")
            let (status, out, _) = try await fixture.voiceplug(["say", "are any plugs on in the garage"])
            #expect(status == 0 && out.contains("none is on"), "\(out)")
            let (_, on, _) = try await fixture.voiceplug(["say", "what is on"])
            #expect(on.contains("on: desk fan"), "\(on)")
            let commandsAfter = await fixture.inbox.messages.filter { $0.topic.hasPrefix("cmnd/") || $0.topic.hasSuffix("/set") }.count
            #expect(commandsAfter == commandsBefore, "a question sent a command")

            // Over Hermes: intent GetState with the device and its state.
            try await fixture.client.publish(
                "hermes/nlu/query", #"{"input":"is the desk fan on","sessionId":"s1","siteId":"den"}"#, qos: .atLeastOnce)
            let intent = try await fixture.inbox.first(on: "hermes/intent/GetState")
            let text = String(decoding: intent.payload, as: UTF8.self)
            #expect(
                text.contains(#""rawValue":"desk-fan""#) && text.contains(#""rawValue":"on""#) && text.contains(#""siteId":"den""#),
                "\(text)")
            // The satellite hears the answer: on its site, and as the session's end.
            let say = String(decoding: try await fixture.inbox.first(on: "hermes/tts/say").payload, as: UTF8.self)
            #expect(
                say.contains(#""text":"the desk fan is on""#) && say.contains(#""siteId":"den""#) && say.contains(#""sessionId":"s1""#),
                "\(say)")
            let end = String(decoding: try await fixture.inbox.first(on: "hermes/dialogueManager/endSession").payload, as: UTF8.self)
            #expect(end == #"{"sessionId":"s1","text":"the desk fan is on"}"#, "\(end)")
        }
    }

    @Test("everyday verbs switch; a shortcut may not take a group's, a toggle's or a question's phrase")
    func verbsAndShortcutSafety() async throws {
        try await withGateway { fixture in
            #expect(try await fixture.say("start the desk fan")["state"] as? String == "on")
            #expect(try await fixture.say("cut the power to the desk fan")["state"] as? String == "off")
            #expect(try await fixture.say("shut down the christmas tree")["device"] as? String == "tree")
            for phrase in ["turn off everything", "toggle the desk fan", "what's on", "kill the porch light"] {
                let (status, _, error) = try await fixture.voiceplug([
                    "shortcuts", "add", "--device", "kitchen-lamp", "--state", "off", "--phrase", phrase,
                ])
                #expect(status == 1 && error.contains("already means"), "\(phrase): \(error)")
            }
        }
    }

    @Test("a device added later whose command a shortcut's phrase says: reported in the log, the list and the result")
    func shadowedShortcut() async throws {
        try await withGateway { fixture in
            let (added, _, error) = try await fixture.voiceplug([
                "shortcuts", "add", "--device", "desk-fan", "--state", "on", "--phrase", "start the engine",
            ])
            #expect(added == 0, "\(error)")
            let config = fixture.folder.appendingPathComponent("voiceplug.json")
            let text = try String(contentsOf: config, encoding: .utf8)
            try text.replacingOccurrences(
                of: #"{"id":"porch","name":"porch light"}"#, with: #"{"id":"porch","name":"porch light"},{"id":"engine","name":"engine"}"#
            )
            .write(to: config, atomically: true, encoding: .utf8)
            try await eventually("the gateway to report the shadowed shortcut", timeout: .seconds(10)) {
                fixture.gateway.standardError.contains("the voice shortcut 'start the engine' also means engine → on as a command")
            }
            let result = try await fixture.say("start the engine")
            #expect(result["device"] as? String == "desk-fan", "the shortcut wins: \(result)")
            #expect((result["note"] as? String)?.contains("also means engine → on") == true, "\(result)")
            let (_, list, listError) = try await fixture.voiceplug(["shortcuts", "list"])
            #expect(list.contains("start the engine") && listError.contains("'start the engine' also means engine → on"), "\(listError)")
            let (_, json, _) = try await fixture.voiceplug(["shortcuts", "list", "--json"])
            #expect(json.contains(#""alsoMeans":"engine → on""#), "\(json)")
        }
    }
}
