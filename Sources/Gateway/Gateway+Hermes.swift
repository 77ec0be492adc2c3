import Foundation
import MQTT
import VoiceShortcuts

/// Rhasspy Hermes answers: `ToggleState` for a command (one per device of a group), `GetState` for a question,
/// `intentNotRecognized` otherwise.
extension Gateway {
    func answerHermes(
        _ request: PhraseRequest, with result: PhraseResult, intent: ToggleStateIntent?, sessionID: String?, siteID: String?
    ) async {
        switch result.outcome {
        case .answered(let device, let state, _):
            await publishHermesIntent("GetState", Self.stateSlots([(device, state)]), request, sessionID, siteID)
        case .groupAnswered(_, let devices):
            await publishHermesIntent("GetState", Self.stateSlots(devices.map { ($0.deviceID, $0.state) }), request, sessionID, siteID)
        case .groupSwitched(let state, let devices, _):
            for device in devices where device.ok {
                await publishHermesIntent("ToggleState", Self.stateSlots([(device.deviceID, state)]), request, sessionID, siteID)
            }
        default:
            if let intent {
                await publishHermesIntent("ToggleState", Self.stateSlots([(intent.deviceID, intent.state)]), request, sessionID, siteID)
            } else {
                let payload =
                    "{\"input\":\(jsonString(request.text)),\"sessionId\":\(sessionID.map(jsonString) ?? "null"),"
                    + "\"siteId\":\(jsonString(siteID ?? "default")),\"customData\":null}"
                try? await client.publish(PhraseTopics.hermesNotRecognized, payload, qos: .atLeastOnce)
            }
        }
        await speakHermes(result, sessionID: sessionID, siteID: siteID)
    }

    /// The answer aloud on the satellite that heard it: `hermes/tts/say` with its siteId, and the text in
    /// `hermes/dialogueManager/endSession` when the request came with a session.
    private func speakHermes(_ result: PhraseResult, sessionID: String?, siteID: String?) async {
        let names = devices.byID.mapValues(\.name)
        let text = jsonString(result.spokenAnswer(names: names))
        let say =
            "{\"text\":\(text),\"siteId\":\(jsonString(siteID ?? "default")),\"lang\":null,"
            + "\"id\":\(jsonString(UUID().uuidString.lowercased())),\"sessionId\":\(sessionID.map(jsonString) ?? "null")}"
        try? await client.publish(PhraseTopics.hermesSay, say, qos: .atLeastOnce)
        if let sessionID {
            try? await client.publish(
                PhraseTopics.hermesEndSession, "{\"sessionId\":\(jsonString(sessionID)),\"text\":\(text)}", qos: .atLeastOnce)
        }
    }

    /// `hermes/intent/<name>` with `slots`.
    private func publishHermesIntent(_ name: String, _ slots: [String], _ request: PhraseRequest, _ sessionID: String?, _ siteID: String?)
        async
    {
        let payload =
            "{\"input\":\(jsonString(request.text)),\"intent\":{\"intentName\":\"\(name)\",\"confidenceScore\":1.0},"
            + "\"slots\":[\(slots.joined(separator: ","))],\"sessionId\":\(sessionID.map(jsonString) ?? "null"),"
            + "\"siteId\":\(jsonString(siteID ?? "default")),\"id\":\(jsonString(request.id))}"
        try? await client.publish("hermes/intent/" + name, payload, qos: .atLeastOnce)
    }

    /// A `device` and a `state` slot per device ("unknown" where the state is not known).
    private static func stateSlots(_ devices: [(String, PowerState?)]) -> [String] {
        devices.flatMap { id, state in [slot("device", id), slot("state", state?.rawValue ?? "unknown")] }
    }

    private static func slot(_ name: String, _ value: String) -> String {
        "{\"entity\":\"\(name)\",\"slotName\":\"\(name)\",\"rawValue\":\(jsonString(value)),"
            + "\"value\":{\"kind\":\"Unknown\",\"value\":\(jsonString(value))},\"confidence\":1.0,"
            + "\"range\":{\"start\":0,\"end\":\(value.count)}}"
    }
}
