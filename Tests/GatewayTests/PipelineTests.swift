import Foundation
import LocalBroker
import MQTT
import PocketSphinx
import Speech
import SpeechAudio
import TestSupport
import Testing

@Suite("The gateway end to end: real broker, plugsim and gateway processes")
struct PipelineTests {
    @Test("every protocol: the plug switches and the result is confirmed")
    func everyProtocolSwitches() async throws {
        try await withGateway { gateway in
            for filter in ["stat/#", "shellies/#", "zigbee2mqtt/#"] { try await gateway.client.subscribe(filter) }
            for (phrase, device, state, topic, payload) in [
                ("turn on the kitchen light", "kitchen-lamp", "on", "stat/kitchen-lamp/POWER", "ON"),
                ("switch the desk fan on", "desk-fan", "on", "shellies/shelly1-desk/relay/0", "on"),
                ("christmas tree to off", "tree", "off", "zigbee2mqtt/xmas_tree", "{\"state\":\"OFF\""),
            ] {
                let result = try await gateway.say(phrase)
                #expect(result["ok"] as? Bool == true, "\(phrase): \(result)")
                #expect(result["device"] as? String == device && result["state"] as? String == state)
                #expect(result["confirmed"] as? Bool == true)
                #expect((result["latencyMs"] as? NSNumber)?.doubleValue ?? -1 >= 0)
                #expect(result["shortcut"] is NSNull)
                // The plug itself reported the state, in its own protocol (waited for: the answer comes by another way
                // than the report, and was once read first).
                let reports = try? await gateway.inbox.wait(where: { $0.topic == topic && $0.string?.hasPrefix(payload) == true })
                #expect(reports?.isEmpty == false, "\(topic) \(payload)")
            }
        }
    }

    @Test("not_recognized, device_offline, timeout and invalid_input")
    func failureOutcomes() async throws {
        try await withGateway(plugsimArguments: ["--offline", "porch"], confirmTimeoutMs: 4000) { gateway in
            let unknown = try await gateway.say("turn on the toaster")
            #expect(unknown["ok"] as? Bool == false && unknown["error"] as? String == "not_recognized")
            #expect((unknown["message"] as? String)?.contains("toaster") == true)

            // An offline plug is refused at once: no command is sent to it and nothing waits for the timeout that
            // the deaf plug below runs into. Both asked at once, the deaf one first: the refusal must be answered
            // before the timeout (an order, not a clock, so that a loaded machine cannot fail it: CI once took 1.55 s
            // to answer the refusal alone, asked after the other; with a 1 s timeout a fresh clone's `make test`, its
            // speech suites running beside, once answered the timeout first: so 4 s here).
            try await gateway.client.subscribe("cmnd/#", qos: .atLeastOnce)
            let deafID = UUID().uuidString
            let porchID = UUID().uuidString
            for (text, id) in [("turn on the garage heater", deafID), ("porch light on", porchID)] {
                let request = try JSONSerialization.data(withJSONObject: ["text": text, "id": id])
                try await gateway.client.publish("voiceplug/phrase", Array(request), qos: .atLeastOnce)
            }
            let deaf = try await gateway.result(id: deafID)
            let offline = try await gateway.result(id: porchID)
            #expect(offline["error"] as? String == "device_offline")
            #expect((offline["message"] as? String)?.contains("porch is offline") == true, "\(offline)")
            #expect(deaf["error"] as? String == "timeout")
            #expect((deaf["message"] as? String)?.contains("the command went to cmnd/deaf-heater/POWER") == true, "\(deaf)")
            #expect(deaf["device"] as? String == "deaf-heater")
            let answered = await gateway.inbox.messages.filter { $0.topic == "voiceplug/result" }
                .compactMap { GatewayFixture.object($0)?["id"] as? String }
            #expect(
                answered.firstIndex(of: porchID)! < answered.firstIndex(of: deafID)!,
                "the refusal was answered after the timeout")
            // The deaf heater's command was sent (and seen here); the porch's never was.
            _ = try await gateway.inbox.wait(where: { $0.topic == "cmnd/deaf-heater/POWER" })  // throws when none came
            #expect(await !gateway.inbox.messages.contains { $0.topic.hasPrefix("cmnd/porch/") && !$0.payload.isEmpty })

            for payload in [
                Array("{\"text\": 42, \"id\":\"bad1\"}".utf8), Array("{not json".utf8), [0xFF, 0xFE, 0x41],
                Array(String(repeating: "x", count: 40_000).utf8), Array("   ".utf8),
            ] {
                let before = await gateway.inbox.messages.filter { $0.topic == "voiceplug/result" }.count
                try await gateway.client.publish("voiceplug/phrase", payload, qos: .atLeastOnce)
                let results = try await gateway.inbox.wait(for: before + 1, where: { $0.topic == "voiceplug/result" })
                let answer = GatewayFixture.object(results.last!)
                #expect(answer?["error"] as? String == "invalid_input", "\(String(decoding: payload.prefix(20), as: UTF8.self))")
            }
            // The gateway is still serving.
            #expect(try await gateway.say("turn off the kitchen lamp")["ok"] as? Bool == true)
        }
    }

    @Test("a plain-text phrase is answered on voiceplug/result; replyTo and the MQTT 5 response topic are honoured")
    func answeringRules() async throws {
        try await withGateway { gateway in
            try await gateway.client.publish("voiceplug/phrase", "kitchen lamp on", qos: .atLeastOnce)
            let plain = try await gateway.inbox.wait(where: {
                $0.topic == "voiceplug/result" && $0.string?.contains("kitchen lamp on") == true
            })
            #expect(GatewayFixture.object(plain[0])?["ok"] as? Bool == true)

            let request = #"{"text":"kitchen lamp off","id":"r1","replyTo":"my/answers"}"#
            try await gateway.client.subscribe("my/#")
            try await gateway.client.publish("voiceplug/phrase", request, qos: .atLeastOnce)
            #expect(try await gateway.result(id: "r1", on: "my/answers")["state"] as? String == "off")

            let correlation: [UInt8] = [1, 2, 3, 250]
            try await gateway.client.publish(
                "voiceplug/phrase", #"{"text":"desk fan on","id":"r2"}"#, qos: .atLeastOnce,
                properties: PublishProperties(responseTopic: "my/v5", correlationData: correlation))
            let answer = try await gateway.inbox.wait(where: { $0.topic == "my/v5" })[0]
            #expect(answer.properties.correlationData == correlation)
            #expect(GatewayFixture.object(answer)?["id"] as? String == "r2")
        }
    }

    @Test("a voice shortcut added with the CLI while the gateway runs works within a second")
    func shortcutAddedWhileRunning() async throws {
        try await withGateway { gateway in
            // Switched twice by phrase: the pair is suggested until it has a shortcut.
            for _ in 0..<2 { #expect(try await gateway.say("turn on the christmas tree")["ok"] as? Bool == true) }
            let (suggested, before, _) = try await gateway.voiceplug(["shortcuts", "suggest", "--json"])
            #expect(suggested == 0 && before.contains("\"tree\""), "\(before)")
            let (status, _, err) = try await gateway.voiceplug([
                "shortcuts", "add", "--device", "tree", "--state", "on", "--phrase", "festive mode",
            ])
            #expect(status == 0, "\(err)")
            // Works within the second: asked until it does, a phrase sent a second or more after the shortcut was added
            // is answered with it (how long each answer takes on a busy machine is not the point).
            let added = ContinuousClock.now
            var result: [String: Any] = [:]
            while true {
                let sent = ContinuousClock.now
                result = try await gateway.say("Festive mode!")
                if result["ok"] as? Bool == true || sent - added >= .seconds(1) { break }
                try await Task.sleep(for: .milliseconds(50))
            }
            #expect(result["ok"] as? Bool == true, "\(result)")
            #expect(result["device"] as? String == "tree")
            #expect((result["shortcut"] as? [String: Any])?["phrase"] as? String == "festive mode")
            // And it counts toward suggestions when used by phrase: the pair now has a shortcut, so no suggestion.
            let (after, suggestions, _) = try await gateway.voiceplug(["shortcuts", "suggest", "--json"])
            #expect(after == 0 && !suggestions.contains("\"tree\""), "\(suggestions)")
        }
    }

    @Test("Hermes: a query becomes hermes/intent/ToggleState with session and site; others intentNotRecognized")
    func hermes() async throws {
        try await withGateway { gateway in
            try await gateway.client.publish(
                "hermes/nlu/query", #"{"input":"turn off the desk fan","sessionId":"s-1","siteId":"den"}"#, qos: .atLeastOnce)
            let intent = try await gateway.inbox.wait(where: { $0.topic == "hermes/intent/ToggleState" })[0]
            let object = GatewayFixture.object(intent)
            #expect(object?["sessionId"] as? String == "s-1" && object?["siteId"] as? String == "den")
            let slots = (object?["slots"] as? [[String: Any]] ?? []).reduce(into: [String: String]()) {
                $0[$1["slotName"] as? String ?? ""] = ($1["value"] as? [String: Any])?["value"] as? String
            }
            #expect(slots == ["device": "desk-fan", "state": "off"])

            try await gateway.client.publish(
                "hermes/asr/textCaptured", #"{"text":"what time is it","sessionId":"s-2","siteId":"den"}"#, qos: .atLeastOnce)
            let missed = try await gateway.inbox.wait(where: { $0.topic == "hermes/nlu/intentNotRecognized" })[0]
            #expect(GatewayFixture.object(missed)?["sessionId"] as? String == "s-2")
            #expect(GatewayFixture.object(missed)?["input"] as? String == "what time is it")
        }
    }

    @Test("200 phrases in flight at once to 20 plugs: every answer right and to its requester")
    func twoHundredInFlight() async throws {
        let extra = (0..<20).map { #"{"id":"plug-\#($0)","name":"plug number \#($0)"}"# }
        try await withGateway(extraDevices: extra, plugsimArguments: ["--latency", "10", "--jitter", "10"], confirmTimeoutMs: 5000) {
            gateway in
            var expected: [String: (String, String)] = [:]
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<200 {
                    let plug = index % 20
                    let state = (index / 20) % 2 == 0 ? "on" : "off"
                    let id = "burst-\(index)"
                    expected[id] = ("plug-\(plug)", state)
                    group.addTask {
                        let request = try JSONSerialization.data(withJSONObject: ["text": "turn \(state) plug number \(plug)", "id": id])
                        try await gateway.client.publish("voiceplug/phrase", Array(request), qos: .atLeastOnce)
                    }
                }
                try await group.waitForAll()
            }
            let results = try await gateway.inbox.wait(
                for: 200, timeout: .seconds(30),
                where: { message in
                    message.topic == "voiceplug/result" && (GatewayFixture.object(message)?["id"] as? String)?.hasPrefix("burst-") == true
                })
            var answered = Set<String>()
            for message in results {
                let object = GatewayFixture.object(message) ?? [:]
                let id = object["id"] as? String ?? ""
                answered.insert(id)
                #expect(object["ok"] as? Bool == true, "\(object)")
                #expect(object["device"] as? String == expected[id]?.0 && object["state"] as? String == expected[id]?.1, "\(id)")
            }
            #expect(answered.count == 200)
        }
    }

    @Test("a plug that goes offline mid-run is refused from then on, and comes back")
    func plugGoesOffline() async throws {
        try await withGateway { gateway in
            #expect(try await gateway.say("kitchen lamp on")["ok"] as? Bool == true)
            try await gateway.client.publish("plugsim/control", #"{"plug":"kitchen-lamp","online":false}"#, qos: .atLeastOnce)
            try await eventually("the gateway to see it offline") {
                (try await gateway.say("kitchen lamp off"))["error"] as? String == "device_offline"
            }
            try await gateway.client.publish("plugsim/control", #"{"plug":"kitchen-lamp","online":true}"#, qos: .atLeastOnce)
            try await eventually("the plug back") { (try await gateway.say("kitchen lamp off"))["ok"] as? Bool == true }
        }
    }

    @Test("status: retained online, offline after SIGTERM with phrases in flight, every phrase answered, exit 0")
    func sigtermWithPhrasesInFlight() async throws {
        try await withGateway(plugsimArguments: ["--latency", "300"], confirmTimeoutMs: 2000) { gateway in
            let status = try await MQTTClient.withClient(gateway.broker.configuration()) { late in
                let inbox = MessageCollector(late)
                try await late.subscribe("voiceplug/status")
                return try await inbox.first(on: "voiceplug/status")
            }
            #expect(status.string == "online" && status.retain)
            try await gateway.client.subscribe("shellies/+/relay/+/command", qos: .atLeastOnce)
            for index in 0..<10 {
                try await gateway.client.publish(
                    "voiceplug/phrase", #"{"text":"desk fan \#(index % 2 == 0 ? "on" : "off")","id":"late-\#(index)"}"#, qos: .atLeastOnce)
            }
            // In flight: the first command has reached the plug, so the gateway has read the phrases sent before it.
            _ = try await gateway.inbox.wait(where: { $0.topic.hasPrefix("shellies/shelly1-desk/relay/0/command") })
            try await Task.sleep(for: .milliseconds(200))
            gateway.gateway.kill(SIGTERM)
            #expect(try await gateway.gateway.wait(timeout: .seconds(15)) == 0)
            let answers = await gateway.inbox.messages.filter { message in
                message.topic == "voiceplug/result" && (GatewayFixture.object(message)?["id"] as? String)?.hasPrefix("late-") == true
            }
            #expect(answers.count == 10, "every phrase in flight is answered")
            #expect(await gateway.inbox.messages.last { $0.topic == "voiceplug/status" }?.string == "offline")
        }
    }

    @Test("voiceplug say and plugs as a user runs them")
    func sayAndPlugs() async throws {
        try await withGateway(plugsimArguments: ["--offline", "porch"]) { gateway in
            let (ok, out, _) = try await gateway.voiceplug(["say", "turn", "on", "the", "kitchen", "lamp"])
            #expect(ok == 0)
            #expect(out.hasPrefix("kitchen lamp → on (confirmed in "))
            let (failed, missed, _) = try await gateway.voiceplug(["say", "turn on the toaster"])
            #expect(failed == 1 && missed.contains("was not recognized"))
            let (_, json, _) = try await gateway.voiceplug(["say", "--json", "porch light on"])
            #expect(json.contains("\"error\":\"device_offline\""))
            // Every plug's state is known without a command: the gateway asked at start.
            try await eventually("every online plug's state") {
                let (_, all, _) = try await gateway.voiceplug(["plugs", "--json"])
                let items = try JSONSerialization.jsonObject(with: Data(all.utf8)) as? [[String: Any]] ?? []
                return items.filter { $0["online"] as? Bool == true }.allSatisfy { $0["state"] is String } && items.count == 5
            }
            let (plugsStatus, plugs, _) = try await gateway.voiceplug(["plugs", "--json"])
            #expect(plugsStatus == 0)
            let list = try JSONSerialization.jsonObject(with: Data(plugs.utf8)) as? [[String: Any]] ?? []
            #expect(list.first { $0["id"] as? String == "kitchen-lamp" }?["state"] as? String == "on")
            #expect(list.first { $0["id"] as? String == "porch" }?["online"] as? Bool == false)
        }
    }
}

@Suite("Spoken phrases through the gateway", .serialized)
struct SpokenPhraseTests {
    @Test(
        "voiceplug/audio heard but not surely: the result asks back, a yes (spoken or typed) switches, a no and a late yes do not; the command's audio confirmed is learned from"
    )
    func askedBack() async throws {
        let threshold = try await withGateway { gateway in try await ListenTests.thresholdJustAbove("turn on the kitchen lamp", in: gateway)
        }
        try await withGateway(speech: true, runArguments: ["--threshold", threshold]) { gateway in
            let (command, yes, no) = try await blocking {
                try (
                    synthesizeWAV("turn on the kitchen lamp", voice: "espeak"), synthesizeWAV("yes", voice: "espeak"),
                    synthesizeWAV("no", voice: "espeak")
                )
            }
            let asked = try await gateway.speak(command)
            #expect(asked["question"] as? String == "the kitchen lamp, on?" && asked["ok"] as? Bool == false, "\(asked)")
            let switched = try await gateway.speak(yes)
            #expect(switched["ok"] as? Bool == true && switched["device"] as? String == "kitchen-lamp", "\(switched)")
            #expect(switched["state"] as? String == "on" && switched["text"] as? String == "turn on the kitchen lamp")
            // Confirmed by the yes: the command's own audio is kept to learn the voice from, not the yes's.
            let spoken = try WAVReader.read(Array(command))
            #expect(try Self.hearings(in: gateway.folder) == [spoken.samples], "the command's audio kept once")
            _ = try await gateway.say("turn off the kitchen lamp")
            _ = try await gateway.speak(command)
            let declined = try await gateway.speak(no)
            #expect(declined["ok"] as? Bool == false && declined["message"] as? String == "answered no: nothing switched", "\(declined)")
            // Each question is answered once: a second yes is heard as an utterance of its own, and switches nothing.
            let late = try await gateway.speak(yes)
            #expect(late["ok"] as? Bool == false && late["device"] == nil, "\(late)")
            let lamp = try await gateway.say("is the kitchen lamp on")
            #expect(lamp["state"] as? String == "off", "\(lamp)")
            // A question may be answered typed too, on voiceplug/phrase.
            _ = try await gateway.speak(command)
            let typed = try await gateway.say("Yes please!")
            #expect(
                typed["ok"] as? Bool == true && typed["device"] as? String == "kitchen-lamp" && typed["state"] as? String == "on",
                "\(typed)")
            // The first one was undone by "turn off the kitchen lamp" within 15 s (see `VoiceLearning.switched`);
            // the command confirmed by the typed yes is kept.
            #expect(try Self.hearings(in: gateway.folder) == [spoken.samples], "the command's audio kept once")
        }
    }

    @Test("a group command heard but not surely is asked back, its plugs counted; a yes switches them all")
    func groupAskedBack() async throws {
        let phrase = "turn everything off"
        let threshold = try await withGateway { gateway in try await ListenTests.thresholdJustAbove(phrase, in: gateway) }
        try await withGateway(speech: true, runArguments: ["--threshold", threshold]) { gateway in
            let command = try await blocking { try synthesizeWAV(phrase, voice: "espeak") }
            let asked = try await gateway.speak(command)
            #expect(asked["question"] as? String == "every plug, off?" && asked["ok"] as? Bool == false, "\(asked)")
            let switched = try await gateway.say("yes")
            let devices = switched["devices"] as? [[String: Any]] ?? []
            // The garage heater never confirms (see `GatewayFixture`); the other four do.
            let off = devices.filter { $0["ok"] as? Bool == true && $0["state"] as? String == "off" }.compactMap { $0["device"] as? String }
            #expect(Set(off) == ["kitchen-lamp", "desk-fan", "tree", "porch"] && devices.count == 5, "\(switched)")
        }
    }

    /// The samples of each hearing the gateway keeps to learn from, oldest first.
    static func hearings(in folder: URL) throws -> [[Int16]] {
        let hearings = folder.appendingPathComponent("voiceplug.hearings")
        let names = try FileManager.default.contentsOfDirectory(atPath: hearings.path).filter { $0.hasSuffix(".wav") }.sorted()
        return try names.map { try WAVReader.read(Array(try Data(contentsOf: hearings.appendingPathComponent($0)))).samples }
    }

    @Test("a WAV on voiceplug/audio switches a simulated plug, and the result says it was heard")
    func audioSwitchesPlug() async throws {
        try await withGateway(speech: true) { gateway in
            let wav = try await blocking { try synthesizeWAV("turn on the christmas tree", voice: "slt") }
            try await gateway.client.publish("voiceplug/audio", Array(wav), qos: .atLeastOnce)
            // A liveness bound, not a speed test: the recognizer loads while the whole suite shares two cores
            // (10 s was once too little there).
            let results = try? await gateway.inbox.wait(
                timeout: .seconds(30),
                where: { message in
                    message.topic == "voiceplug/result" && GatewayFixture.object(message)?["source"] as? String == "speech"
                })
            let result = try #require(results?.first, "no spoken result; the gateway's log:\n\(gateway.gateway.standardError)")
            let object = GatewayFixture.object(result) ?? [:]
            #expect(object["ok"] as? Bool == true, "\(object)")
            #expect(object["device"] as? String == "tree" && object["state"] as? String == "on")
            #expect(object["text"] as? String == "turn on the christmas tree", "\(object)")
            // Confirmed by the plug: kept to learn the voice from, as `voiceplug adapt` reads recordings.
            let hearings = gateway.folder.appendingPathComponent("voiceplug.hearings")
            let files: @Sendable () -> [String] = { (try? FileManager.default.contentsOfDirectory(atPath: hearings.path).sorted()) ?? [] }
            try await eventually("the hearing to be kept", timeout: .seconds(10)) {
                files().count == 2 && files().contains { $0.hasSuffix(".wav") }
            }
            let kept = files()
            try #require(kept.count == 2 && kept[0].hasSuffix(".txt") && kept[1].hasSuffix(".wav"), "\(kept)")
            let text = try String(contentsOf: hearings.appendingPathComponent(kept[0]), encoding: .utf8)
            #expect(text == "turn on the christmas tree\n")
            let audio = try WAVReader.read(Array(try Data(contentsOf: hearings.appendingPathComponent(kept[1]))))
            #expect(audio == (try WAVReader.read(Array(wav))))

            try await gateway.client.publish("voiceplug/audio", Array("not audio".utf8), qos: .atLeastOnce)
            // Throws when no refusal comes.
            _ = try await gateway.inbox.wait(
                timeout: .seconds(10),
                where: { message in
                    message.topic == "voiceplug/result" && GatewayFixture.object(message)?["error"] as? String == "invalid_input"
                })
            #expect(files().count == 2, "only what a plug confirmed is kept")
            // Switched straight back, typed: the spoken command was probably misheard, and is not learned from.
            let undone = try await gateway.say("turn off the christmas tree")
            #expect(undone["ok"] as? Bool == true, "\(undone)")
            try await eventually("the hearing to be forgotten", timeout: .seconds(10)) { files().isEmpty }
            // The files go first, then the log line says so.
            try await eventually("the log to say so", timeout: .seconds(5)) {
                gateway.gateway.standardError.contains("undone soon after is not learned from")
            }
        }
    }

    @Test("typed phrases and plug reports are not held up while speech is heard: the recognizer works off the cooperative threads")
    func typedWhileHearing() async throws {
        try await withGateway(speech: true) { gateway in
            let log: @Sendable () -> String = { [gateway] in gateway.gateway.standardError }
            try await eventually("speech recognition to be ready", timeout: .seconds(30)) { log().contains("speech recognition ready") }
            let spoken = try await blocking {
                try ["turn on the christmas tree please", "switch on the desk fan"].map { try synthesizeWAV($0, voice: "slt") }
            }
            // Two utterances at once would take the gateway's two cooperative threads (two cores) for the length of
            // their hearing, the second waiting for the recognizer; the typed phrase after them, its plug's
            // confirmation and its answer would wait as long.
            for wav in spoken { try await gateway.client.publish("voiceplug/audio", Array(wav), qos: .atLeastOnce) }
            let typed = try await gateway.say("turn on the kitchen lamp", timeout: .seconds(30))
            #expect(typed["ok"] as? Bool == true, "\(typed)")
            let answers = try await gateway.inbox.wait(
                for: 3, timeout: .seconds(60),
                where: { $0.topic == "voiceplug/result" && GatewayFixture.object($0)?["ok"] != nil })
            let order = answers.compactMap { GatewayFixture.object($0) }.map { ($0["source"] as? String) ?? "text" }
            #expect(order.first == "text", "answered in this order: \(order)")
            #expect(
                answers.compactMap { GatewayFixture.object($0)?["ok"] as? Bool } == [true, true, true], "\(answers.map { $0.string ?? "" })"
            )
        }
    }

    @Test("the gateway learns the voices heard: after ten confirmed spoken commands it adapts, and speech still switches plugs")
    func learnsFromHearings() async throws {
        try await withGateway(speech: true) { gateway in
            let log: @Sendable () -> String = { [gateway] in gateway.gateway.standardError }
            try await eventually("speech recognition to be ready", timeout: .seconds(30)) { log().contains("speech recognition ready") }
            // No device switched straight back: that would be taken for a command misheard and undone.
            let phrases = [
                "turn on the christmas tree", "switch on the desk fan", "turn on the porch light", "turn the kitchen lamp on",
                "turn off the christmas tree", "switch off the desk fan", "turn off the porch light", "turn the kitchen lamp off",
                "switch the christmas tree on", "switch the desk fan on",
            ]
            let voices = ["slt", "rms"]
            let spoken = try await blocking {
                try phrases.enumerated().map { index, phrase in try synthesizeWAV(phrase, voice: voices[index % 2]) }
            }
            for (phrase, wav) in zip(phrases, spoken) {
                let heard = try await gateway.speak(wav)
                #expect(heard["ok"] as? Bool == true && heard["text"] as? String == phrase, "\(heard)")
                await gateway.inbox.clear()
            }
            let learned = gateway.folder.appendingPathComponent("voiceplug.hearings/learned.adaptation").path
            try await eventually("the adaptation to be learned and used", timeout: .seconds(60)) {
                log().contains("speech recognition adapted to the voices heard (\(learned))")
            }
            #expect(log().contains("learned the voices heard from 10 spoken commands"), "\(log())")
            #expect((try? SpeakerAdaptation(contentsOf: learned)) != nil)
            let again = try await gateway.speak(spoken[0])
            #expect(again["ok"] as? Bool == true && again["device"] as? String == "tree", "\(again)")
        }
    }

    /// The identity transform (3 streams of 13): it changes nothing heard, so the tests show the gateway's path to it.
    static let identity: String = {
        let stream =
            ["13"] + (0..<13).map { row in (0..<13).map { $0 == row ? "1" : "0" }.joined(separator: " ") }
            + [Array(repeating: "0", count: 13).joined(separator: " "), Array(repeating: "1", count: 13).joined(separator: " ")]
        return (["1", "3"] + stream + stream + stream).joined(separator: "\n") + "\n"
    }()

    /// A transform of every mean to zero: nothing can be told apart through it.
    static let collapsing: String = {
        let stream =
            ["13"] + Array(repeating: Array(repeating: "0", count: 13).joined(separator: " "), count: 14)
            + [Array(repeating: "1", count: 13).joined(separator: " ")]
        return (["1", "3"] + stream + stream + stream).joined(separator: "\n") + "\n"
    }()

    @Test("a speaker adaptation beside the configuration is loaded with the recognizer, and speech still switches plugs")
    func adaptationLoaded() async throws {
        try await withGateway(speech: true, adaptation: Self.identity) { gateway in
            try await eventually("speech recognition to be ready", timeout: .seconds(20)) { [gateway] in
                gateway.gateway.standardError.contains("speech recognition ready")
            }
            #expect(gateway.gateway.standardError.contains("adapted to the speaker of \(gateway.folder.path)/voiceplug.adaptation"))
            let wav = try await blocking { try synthesizeWAV("turn on the christmas tree", voice: "slt") }
            let heard = try await gateway.speak(wav)
            #expect(heard["ok"] as? Bool == true && heard["device"] as? String == "tree", "\(heard)")
        }
    }

    @Test("a speaker adaptation written, broken or deleted while the gateway runs: the recognizer follows, a broken one is ignored")
    func adaptationFollowed() async throws {
        try await withGateway(speech: true) { gateway in
            let log: @Sendable () -> String = { [gateway] in gateway.gateway.standardError }
            try await eventually("speech recognition to be ready", timeout: .seconds(20)) { log().contains("speech recognition ready") }
            let file = gateway.folder.appendingPathComponent("voiceplug.adaptation")
            let loaded: @Sendable () -> Int = {
                log().components(separatedBy: "speech recognition adapted to the speaker of \(file.path)").count - 1
            }
            let wav = try await blocking { try synthesizeWAV("turn on the christmas tree", voice: "slt") }
            // A transform that moves every mean to zero is applied: the command is no longer heard. (The identity
            // alone changes nothing heard, so it could not show that the gateway uses the file at all.)
            try Self.collapsing.write(to: file, atomically: true, encoding: .utf8)
            try await eventually("the collapsing adaptation to be loaded", timeout: .seconds(10)) { loaded() == 1 }
            let deafened = try await gateway.speak(wav)
            #expect(deafened["ok"] as? Bool != true, "heard through a transform that collapses every mean: \(deafened)")
            try Self.identity.write(to: file, atomically: true, encoding: .utf8)
            try await eventually("the adaptation to be loaded", timeout: .seconds(10)) { loaded() == 2 }
            let heard = try await gateway.speak(wav)
            #expect(heard["ok"] as? Bool == true && heard["device"] as? String == "tree", "\(heard)")

            try String(Self.identity.dropLast(30)).write(to: file, atomically: true, encoding: .utf8)
            try await eventually("the broken file to be noticed", timeout: .seconds(10)) {
                log().contains("speaker adaptation not reloaded, speech is heard as before")
            }
            try FileManager.default.removeItem(at: file)
            try await eventually("the adaptation to be dropped", timeout: .seconds(10)) {
                log().contains("speech recognition no longer adapted")
            }
            await gateway.inbox.clear()
            let again = try await gateway.speak(wav)
            #expect(again["ok"] as? Bool == true && again["device"] as? String == "tree", "\(again)")
        }
    }

    @Test("Hermes audio frames: the gateway finds the utterance, switches the plug and answers for the site; --no-learning keeps nothing")
    func hermesAudioFrames() async throws {
        try await withGateway(speech: true, runArguments: ["--no-learning"]) { gateway in
            let spoken = try await blocking { try synthesizeWAV("turn off the desk fan", voice: "slt") }
            let quiet = (0..<16000).map { Int16(truncatingIfNeeded: ($0 &* 7919) % 200 - 100) }
            let all = try WAVReader.read(Array(spoken)).samples + quiet
            for start in stride(from: 0, to: all.count, by: 512) {
                let frame = Array(all[start..<min(start + 512, all.count)])
                try await gateway.client.publish("hermes/audioServer/den/audioFrame", wav(samples: frame), qos: .atLeastOnce)
            }
            let intent = try await gateway.inbox.wait(timeout: .seconds(30), where: { $0.topic == "hermes/intent/ToggleState" })[0]
            let object = GatewayFixture.object(intent) ?? [:]
            #expect(object["siteId"] as? String == "den", "\(object)")
            #expect((object["input"] as? String) == "turn off the desk fan")
            let result = try await gateway.inbox.wait(
                timeout: .seconds(10),
                where: { message in
                    message.topic == "voiceplug/result" && GatewayFixture.object(message)?["source"] as? String == "speech"
                })[0]
            #expect(GatewayFixture.object(result)?["device"] as? String == "desk-fan")
            let hearings = gateway.folder.appendingPathComponent("voiceplug.hearings").path
            #expect(!FileManager.default.fileExists(atPath: hearings), "--no-learning keeps nothing")
        }
    }

    @Test("a shortcut added with the CLI while the gateway runs is recognized from speech within a few seconds")
    func newShortcutHeard() async throws {
        try await withGateway(speech: true) { gateway in
            let wav = try await blocking { try synthesizeWAV("festive mode", voice: "slt") }
            let (status, _, err) = try await gateway.voiceplug([
                "shortcuts", "add", "--device", "tree", "--state", "on", "--phrase", "festive mode",
            ])
            #expect(status == 0, "\(err)")
            let added = ContinuousClock.now
            // The grammar follows the store within a few seconds; then the phrase is heard. The time to hear it is the
            // real-time factor's (`voiceplug bench --speech`): this debug build, with the other suites running, once
            // took 5.09 s from the shortcut to the plug, most of it hearings of the phrase with the old grammar.
            try await eventually("the speech grammar to be rebuilt", timeout: .seconds(5)) { [gateway] in
                gateway.gateway.standardError.contains("speech grammar rebuilt")
            }
            let heard = try await gateway.speak(wav)
            #expect(heard["ok"] as? Bool == true && heard["device"] as? String == "tree", "\(heard)")
            #expect(ContinuousClock.now - added < .seconds(15))  // a hang guard
        }
    }

    @Test(
        "an edited configuration takes effect while the gateway runs: renamed devices typed and heard, removed ones gone, a broken file ignored"
    )
    func configurationReloaded() async throws {
        // Without discovery: the plug removed from the file still announces itself (a Shelly), and would stay.
        try await withGateway(speech: true, runArguments: ["--no-discovery"]) { gateway in
            let spoken = try await blocking { try synthesizeWAV("switch off the front door light", voice: "slt") }
            try await eventually("speech recognition to be ready", timeout: .seconds(30)) { [gateway] in
                gateway.gateway.standardError.contains("speech recognition ready")
            }
            let edited = GatewayFixture.devices.replacingOccurrences(of: "\"porch light\"", with: "\"front door light\"")
                .replacingOccurrences(of: #"{"id":"desk-fan","name":"desk fan","protocol":"shelly","topic":"shelly1-desk"},"#, with: "")
            let file = gateway.folder.appendingPathComponent("voiceplug.json")
            try "{\"broker\":\"\(gateway.broker.url)\",\"confirmTimeoutMs\":1000,\"devices\":[\(edited)]}".write(
                to: file, atomically: true, encoding: .utf8)
            try await eventually("the configuration to be reloaded", timeout: .seconds(5)) { [gateway] in
                gateway.gateway.standardError.contains("configuration reloaded: 4 devices (1 new or changed, 1 removed)")
            }
            let renamed = try await gateway.say("turn on the front door light")
            #expect(renamed["ok"] as? Bool == true && renamed["device"] as? String == "porch", "\(renamed)")
            let removed = try await gateway.say("turn off the desk fan")
            #expect(removed["ok"] as? Bool == false && removed["error"] as? String == "not_recognized", "\(removed)")
            // The removed plug's retained state is cleared (the wait throws when it is not).
            _ = try await gateway.inbox.wait(
                timeout: .seconds(5), where: { $0.topic == "voiceplug/plugs/desk-fan" && $0.payload.isEmpty })

            // The speech grammar follows: the new name is heard once the rebuilt decoder is in place.
            try await eventually("the speech grammar to be rebuilt", timeout: .seconds(10)) { [gateway] in
                gateway.gateway.standardError.contains("speech grammar rebuilt: 4 devices")
            }
            let heard = try await gateway.speak(spoken)
            #expect(heard["device"] as? String == "porch" && heard["state"] as? String == "off", "\(heard)")

            // A file that does not load leaves the devices as they were.
            try "{\"devices\": [".write(to: file, atomically: true, encoding: .utf8)
            try await eventually("the broken file to be noticed", timeout: .seconds(5)) { [gateway] in
                gateway.gateway.standardError.contains("configuration not reloaded")
            }
            let still = try await gateway.say("turn on the front door light")
            #expect(still["ok"] as? Bool == true, "\(still)")
        }
    }
}

@Suite("Commands against no broker")
struct NoBrokerTests {
    @Test("say and plugs exit 3 when the broker cannot be reached")
    func unreachable() async throws {
        let port = try freeLoopbackPort()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("voiceplug-nobroker-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try #"{"devices":[{"id":"lamp"}]}"#.write(to: folder.appendingPathComponent("voiceplug.json"), atomically: true, encoding: .utf8)
        for arguments in [["say", "lamp on"], ["plugs"]] {
            let process = try ChildProcess("voiceplug", arguments + ["--broker", "mqtt://127.0.0.1:\(port)"], directory: folder)
            #expect(try await process.wait(timeout: .seconds(20)) == 3, "\(arguments): \(process.standardError)")
            #expect(process.standardError.contains("cannot reach the broker"))
        }
    }

    @Test("run and plugsim started before their broker wait for it, say so once, come up with it, and log a restart")
    func startedBeforeTheBroker() async throws {
        let broker = try PrivateBroker.start()
        defer { broker.stop() }
        broker.kill9()  // its port and files stay: restart() brings it back there
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("voiceplug-boot-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try #"{"broker":"\#(broker.url)","devices":[{"id":"lamp","name":"desk lamp"}]}"#.write(
            to: folder.appendingPathComponent("voiceplug.json"), atomically: true, encoding: .utf8)
        let plugsim = try ChildProcess("plugsim", ["--config", "voiceplug.json", "--no-tui"], directory: folder)
        defer { plugsim.kill(SIGKILL) }
        let gateway = try ChildProcess("voiceplug", ["run", "--no-speech"], directory: folder)
        defer { gateway.kill(SIGKILL) }
        try await eventually("both to wait for the broker", timeout: .seconds(20)) {
            gateway.standardError.contains("waiting for the broker") && plugsim.standardError.contains("waiting for the broker")
        }
        try await Task.sleep(for: .seconds(1.5))  // several attempts: still one line each
        #expect(gateway.standardError.components(separatedBy: "waiting for the broker").count == 2, "\(gateway.standardError)")
        #expect(plugsim.standardError.components(separatedBy: "waiting for the broker").count == 2, "\(plugsim.standardError)")
        #expect(gateway.isRunning && plugsim.isRunning)

        try broker.restart()
        try await eventually("both to come up", timeout: .seconds(20)) {
            gateway.standardError.contains("gateway online") && plugsim.standardError.contains("plugs (")
        }
        let say = try ChildProcess("voiceplug", ["say", "desk lamp on"], directory: folder)
        #expect(try await say.wait(timeout: .seconds(20)) == 0, "\(say.standardError)")

        broker.kill9()
        try await eventually("the loss to be logged", timeout: .seconds(20)) { gateway.standardError.contains("lost the broker") }
        try broker.restart()
        try await eventually("the return to be logged", timeout: .seconds(20)) { gateway.standardError.contains("is back") }
        gateway.kill(SIGTERM)
        plugsim.kill(SIGTERM)
        #expect(try await gateway.wait(timeout: .seconds(15)) == 0)
        #expect(try await plugsim.wait(timeout: .seconds(15)) == 0)
    }
}
