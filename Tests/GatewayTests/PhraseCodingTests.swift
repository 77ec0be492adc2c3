import Foundation
import Gateway
import MQTT
import Testing
import VoiceShortcuts

@Suite("Phrase requests read from MQTT and results written as JSON")
struct PhraseCodingTests {
    static func message(_ topic: String, _ payload: [UInt8], properties: PublishProperties = .init()) -> MQTTMessage {
        MQTTMessage(topic: topic, payload: payload, properties: properties)
    }

    static func decoded(_ topic: String, _ text: String) -> Result<PhraseRequest, InvalidInput> {
        PhraseRequest.decode(message(topic, Array(text.utf8)))
    }

    @Test("plain text, JSON with id and replyTo, and the MQTT 5 response topic")
    func validRequests() throws {
        let plain = try Self.decoded("voiceplug/phrase", "kitchen lamp on").get()
        #expect(plain.text == "kitchen lamp on" && plain.origin == .phraseTopic && plain.replyTo == nil)
        let json = try Self.decoded("voiceplug/phrase", #"{"text":"lights out","id":"r1","replyTo":"my/answers"}"#).get()
        #expect(json.text == "lights out" && json.id == "r1" && json.replyTo == "my/answers")
        #expect(try Self.decoded("voiceplug/phrase", #"{"text":"a","id":42}"#).get().id == "42")
        let v5 = try PhraseRequest.decode(
            Self.message(
                "voiceplug/phrase", Array("desk fan on".utf8),
                properties: PublishProperties(responseTopic: "my/v5", correlationData: [1, 2]))
        ).get()
        #expect(v5.replyTo == "my/v5" && v5.correlationData == [1, 2])
    }

    @Test("Hermes queries and captured text carry their session and site")
    func hermes() throws {
        let query = try Self.decoded("hermes/nlu/query", #"{"input":"turn off the fan","sessionId":"s","siteId":"den"}"#).get()
        #expect(query.text == "turn off the fan" && query.origin == .hermes(sessionID: "s", siteID: "den"))
        let captured = try Self.decoded("hermes/asr/textCaptured", #"{"text":"fan on","siteId":"hall"}"#).get()
        #expect(captured.text == "fan on" && captured.origin == .hermes(sessionID: nil, siteID: "hall"))
    }

    @Test(
        "invalid input is refused with a reason, keeping what could be read for the answer",
        arguments: [
            ("voiceplug/phrase", #"{"id":"no-text"}"#, "no \"text\""),
            ("voiceplug/phrase", #"{"text":42}"#, "no \"text\""),
            ("voiceplug/phrase", #"{"text":"a","replyTo":"answers/#"}"#, "without wildcards"),
            ("voiceplug/phrase", #"{"text":"a","replyTo":"answers/+/x"}"#, "without wildcards"),
            ("voiceplug/phrase", "{not json", "not a JSON object"),
            ("voiceplug/phrase", "   \n", "empty"),
            ("hermes/nlu/query", "turn on the lamp", "JSON object"),
            ("hermes/nlu/query", #"{"sessionId":"s"}"#, "no \"input\""),
            ("hermes/asr/textCaptured", #"{"text":7}"#, "no \"text\""),
            ("voiceplug/phrase", #"{"text":"a","id":"x\nINFO forged line"}"#, "without control characters"),
            ("hermes/nlu/query", #"{"input":"a","id":"x\u0007"}"#, "without control characters"),
            ("voiceplug/phrase", "{\"text\":\"a\",\"id\":\"" + String(repeating: "i", count: 201) + "\"}", "1 to 200 characters"),
        ])
    func invalidRequests(topic: String, payload: String, reason: String) {
        guard case .failure(let invalid) = Self.decoded(topic, payload) else {
            Issue.record("accepted: \(payload)")
            return
        }
        #expect(invalid.message.contains(reason), "\(invalid.message)")
    }

    @Test("the id given is kept in a refusal; bytes that are not UTF-8 or too many are refused")
    func refusalsKeepTheID() {
        if case .failure(let invalid) = Self.decoded("voiceplug/phrase", #"{"id":"mine","text":""}"#) {
            #expect(invalid.partial.id == "mine")
        } else {
            Issue.record("an empty text was accepted")
        }
        for payload in [[0x74, 0xFF, 0xFE], Array(repeating: UInt8(0x61), count: PhraseTopics.maximumPayload + 1)] {
            guard case .failure = PhraseRequest.decode(Self.message("voiceplug/phrase", payload)) else {
                Issue.record("accepted \(payload.count) bytes")
                continue
            }
        }
    }

    @Test("a switched result is SPEC's JSON and reads back the same")
    func switchedResult() throws {
        let intent = ToggleStateIntent(deviceID: "kitchen-lamp", state: .off)
        let shortcut = VoiceShortcut(invocationPhrase: "lights \"out\"", shortcut: Shortcut(intent: intent))
        let result = PhraseResult(id: "r1", text: "lights \"out\"", outcome: .switched(intent, shortcut: shortcut, latencyMs: 4.125))
        let object = try #require(JSONSerialization.jsonObject(with: Data(result.json.utf8)) as? [String: Any])
        #expect(object["ok"] as? Bool == true && object["confirmed"] as? Bool == true)
        #expect(object["device"] as? String == "kitchen-lamp" && object["state"] as? String == "off")
        #expect((object["shortcut"] as? [String: Any])?["phrase"] as? String == "lights \"out\"")
        #expect((object["latencyMs"] as? NSNumber)?.doubleValue == 4.125)
        #expect(PhraseResult.parse(Array(result.json.utf8)) == result)
        let plain = PhraseResult(id: "r2", text: "lamp off", outcome: .switched(intent, shortcut: nil, latencyMs: 1))
        #expect(plain.json.contains("\"shortcut\":null"))
        #expect(PhraseResult.parse(Array(plain.json.utf8)) == plain)
    }

    @Test("a failed result names its error and message, and a spoken one its source and confidence")
    func failedResult() throws {
        var result = PhraseResult(
            id: "r3", text: "turn on the tv\u{1}", outcome: .failed(.notRecognized, message: "no device 'tv'", intent: nil))
        result.speechConfidence = 0.875
        let object = try #require(JSONSerialization.jsonObject(with: Data(result.json.utf8)) as? [String: Any])
        #expect(object["ok"] as? Bool == false && object["error"] as? String == "not_recognized")
        #expect(object["message"] as? String == "no device 'tv'" && object["text"] as? String == "turn on the tv\u{1}")
        #expect(object["source"] as? String == "speech" && (object["confidence"] as? NSNumber)?.doubleValue == 0.875)
        #expect(object["device"] == nil)
        let offline = PhraseResult(
            id: "r4", text: "porch on",
            outcome: .failed(.deviceOffline, message: "porch is offline", intent: ToggleStateIntent(deviceID: "porch", state: .on)))
        #expect(PhraseResult.parse(Array(offline.json.utf8)) == offline)
        #expect(PhraseResult.parse(Array("{\"id\":1}".utf8)) == nil)
    }

    @Test("a question's answer is a query result, ok, with the state and availability it knows, and reads back")
    func queryResult() throws {
        let known = PhraseResult(id: "q1", text: "is the kettle on", outcome: .answered(deviceID: "kettle", state: .off, online: true))
        let object = try #require(JSONSerialization.jsonObject(with: Data(known.json.utf8)) as? [String: Any])
        #expect(object["ok"] as? Bool == true && object["kind"] as? String == "query" && object["state"] as? String == "off")
        #expect(PhraseResult.parse(Array(known.json.utf8)) == known)
        let unknown = PhraseResult(id: "q2", text: "is the porch on", outcome: .answered(deviceID: "porch", state: nil, online: nil))
        #expect(unknown.json.contains("\"state\":null,\"online\":null"))
        #expect(PhraseResult.parse(Array(unknown.json.utf8)) == unknown)
    }
}
