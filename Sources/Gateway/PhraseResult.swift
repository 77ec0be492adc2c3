import Foundation
import JSONText
import VoiceShortcuts

/// The answer to a phrase, as SPEC's result JSON.
public struct PhraseResult: Sendable, Equatable {
    public enum ErrorCode: String, Sendable {
        case notRecognized = "not_recognized"
        case deviceOffline = "device_offline"
        case timeout
        case invalidInput = "invalid_input"
        /// More phrases wait than the gateway keeps; sent again later, it is handled.
        case overloaded
        /// A toggle of a plug whose state is not known: nothing was switched.
        case stateUnknown = "state_unknown"
    }

    public enum Outcome: Sendable, Equatable {
        case switched(ToggleStateIntent, shortcut: VoiceShortcut?, latencyMs: Double)
        /// A question answered from the tracked state; nothing was switched. Nil where it is not known.
        case answered(deviceID: String, state: PowerState?, online: Bool?)
        case failed(ErrorCode, message: String, intent: ToggleStateIntent?)
    }

    public var id: String
    public var text: String
    public var outcome: Outcome
    /// When the phrase was heard: the recognizer's confidence (results then
    /// carry `"source":"speech","confidence":…`).
    public var speechConfidence: Double? = nil

    public init(id: String, text: String, outcome: Outcome, speechConfidence: Double? = nil) {
        self.id = id
        self.text = text
        self.outcome = outcome
        self.speechConfidence = speechConfidence
    }

    public var ok: Bool {
        if case .failed = outcome { return false }
        return true
    }

    /// `{"id":…,"text":…,"ok":true,"device":…,"state":…,"shortcut":{"id":…,"phrase":…}|null,"confirmed":true,"latencyMs":…}`
    /// or `{"id":…,"text":…,"ok":false,"error":…,"message":…}`.
    public var json: String {
        var fields = ["\"id\":\(quote(id))", "\"text\":\(quote(text))"]
        switch outcome {
        case .switched(let intent, let shortcut, let latency):
            fields += ["\"ok\":true", "\"device\":\(quote(intent.deviceID))", "\"state\":\(quote(intent.state.rawValue))"]
            if let shortcut {
                fields.append("\"shortcut\":{\"id\":\(quote(shortcut.id.uuidString)),\"phrase\":\(quote(shortcut.invocationPhrase))}")
            } else {
                fields.append("\"shortcut\":null")
            }
            fields += ["\"confirmed\":true", "\"latencyMs\":\(String(format: "%.3f", latency))"]
        case .answered(let device, let state, let online):
            fields += [
                "\"ok\":true", "\"kind\":\"query\"", "\"device\":\(quote(device))",
                "\"state\":\(state.map { quote($0.rawValue) } ?? "null")", "\"online\":\(online.map { $0 ? "true" : "false" } ?? "null")",
            ]
        case .failed(let code, let message, let intent):
            fields += ["\"ok\":false", "\"error\":\(quote(code.rawValue))", "\"message\":\(quote(message))"]
            if let intent { fields += ["\"device\":\(quote(intent.deviceID))", "\"state\":\(quote(intent.state.rawValue))"] }
        }
        if let confidence = speechConfidence {
            fields += ["\"source\":\"speech\"", "\"confidence\":\(String(format: "%.3f", confidence))"]
        }
        return "{" + fields.joined(separator: ",") + "}"
    }

    /// Reads a result (what `voiceplug say` does).
    public static func parse(_ payload: [UInt8]) -> PhraseResult? {
        guard let object = (try? JSONSerialization.jsonObject(with: Data(payload))) as? [String: Any],
            let id = object["id"] as? String, let text = object["text"] as? String, let ok = object["ok"] as? Bool
        else { return nil }
        let intent = (object["device"] as? String).flatMap { device in
            (object["state"] as? String).flatMap(PowerState.init(rawValue:)).map { ToggleStateIntent(deviceID: device, state: $0) }
        }
        if ok, object["kind"] as? String == "query", let device = object["device"] as? String {
            let state = (object["state"] as? String).flatMap(PowerState.init(rawValue:))
            return PhraseResult(id: id, text: text, outcome: .answered(deviceID: device, state: state, online: object["online"] as? Bool))
        }
        if ok, let intent {
            var shortcut: VoiceShortcut?
            if let item = object["shortcut"] as? [String: Any], let sid = (item["id"] as? String).flatMap(UUID.init(uuidString:)),
                let phrase = item["phrase"] as? String
            {
                shortcut = VoiceShortcut(id: sid, invocationPhrase: phrase, shortcut: Shortcut(intent: intent))
            }
            let latency = (object["latencyMs"] as? NSNumber)?.doubleValue ?? 0
            return PhraseResult(id: id, text: text, outcome: .switched(intent, shortcut: shortcut, latencyMs: latency))
        }
        let code = (object["error"] as? String).flatMap(ErrorCode.init(rawValue:)) ?? .notRecognized
        return PhraseResult(id: id, text: text, outcome: .failed(code, message: object["message"] as? String ?? "", intent: intent))
    }
}

private func quote(_ text: String) -> String { JSON.string(text) }
