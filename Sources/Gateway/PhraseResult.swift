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
        /// Several devices asked to switch to `state` ("turn off everything"): each one's outcome.
        case groupSwitched(state: PowerState, devices: [DeviceOutcome], latencyMs: Double)
        /// A question about several devices ("what's on"), answered from the tracked state.
        case groupAnswered(asked: PowerState, devices: [PlugAnswer])
    }

    /// One device's part in a group command.
    public struct DeviceOutcome: Sendable, Equatable {
        public var deviceID: String
        public var state: PowerState
        /// Nil when it switched and confirmed.
        public var error: ErrorCode?
        public var message: String?

        public init(deviceID: String, state: PowerState, error: ErrorCode? = nil, message: String? = nil) {
            self.deviceID = deviceID
            self.state = state
            self.error = error
            self.message = message
        }

        public var ok: Bool { error == nil }
    }

    /// One device's state in the answer to a question about several.
    public struct PlugAnswer: Sendable, Equatable {
        public var deviceID: String
        public var state: PowerState?
        public var online: Bool?

        public init(deviceID: String, state: PowerState?, online: Bool?) {
            self.deviceID = deviceID
            self.state = state
            self.online = online
        }
    }

    public var id: String
    public var text: String
    public var outcome: Outcome
    /// When the phrase was heard: the recognizer's confidence (results then
    /// carry `"source":"speech","confidence":…`).
    public var speechConfidence: Double? = nil
    /// Something the requester should know although it worked: a voice shortcut whose phrase also says another
    /// command (the shortcut won). Carried as `"note"`.
    public var note: String? = nil
    /// Heard, but not surely: what is asked back ("the kitchen lamp, on?"); a yes switches it, nothing else does.
    /// Carried as `"question"`.
    public var question: String? = nil
    /// The message of a question asked back and answered no.
    public static let answeredNo = "answered no: nothing switched"

    public init(id: String, text: String, outcome: Outcome, speechConfidence: Double? = nil) {
        self.id = id
        self.text = text
        self.outcome = outcome
        self.speechConfidence = speechConfidence
    }

    public var ok: Bool {
        switch outcome {
        case .failed: false
        case .groupSwitched(_, let devices, _): devices.allSatisfy(\.ok)
        default: true
        }
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
        case .groupSwitched(let state, let devices, let latency):
            let failed = devices.filter { !$0.ok }
            fields += ["\"ok\":\(failed.isEmpty)", "\"kind\":\"group\"", "\"state\":\(quote(state.rawValue))"]
            if let first = failed.first {
                let summary =
                    "\(devices.count - failed.count) of \(devices.count) switched; "
                    + failed.map { "\($0.deviceID): \($0.message ?? "")" }.joined(separator: "; ")
                fields += ["\"error\":\(quote((first.error ?? .timeout).rawValue))", "\"message\":\(quote(summary))"]
            }
            let items = devices.map { device in
                "{\"device\":\(quote(device.deviceID)),\"state\":\(quote(device.state.rawValue)),\"ok\":\(device.ok)"
                    + (device.error.map { ",\"error\":\(quote($0.rawValue))" } ?? "")
                    + (device.message.map { ",\"message\":\(quote($0))" } ?? "") + "}"
            }
            fields += ["\"devices\":[" + items.joined(separator: ",") + "]", "\"latencyMs\":\(String(format: "%.3f", latency))"]
        case .groupAnswered(let asked, let devices):
            let items = devices.map { device in
                "{\"device\":\(quote(device.deviceID)),\"state\":\(device.state.map { quote($0.rawValue) } ?? "null"),"
                    + "\"online\":\(device.online.map { $0 ? "true" : "false" } ?? "null")}"
            }
            fields += [
                "\"ok\":true", "\"kind\":\"query\"", "\"asked\":\(quote(asked.rawValue))",
                "\"devices\":[" + items.joined(separator: ",") + "]",
            ]
        }
        if let note { fields.append("\"note\":\(quote(note))") }
        if let question { fields.append("\"question\":\(quote(question))") }
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
        if object["kind"] as? String == "group", let state = (object["state"] as? String).flatMap(PowerState.init(rawValue:)),
            let items = object["devices"] as? [[String: Any]]
        {
            let devices = items.compactMap { item -> DeviceOutcome? in
                guard let device = item["device"] as? String else { return nil }
                return DeviceOutcome(
                    deviceID: device, state: state, error: (item["error"] as? String).flatMap(ErrorCode.init(rawValue:)),
                    message: item["message"] as? String)
            }
            let latency = (object["latencyMs"] as? NSNumber)?.doubleValue ?? 0
            return PhraseResult(id: id, text: text, outcome: .groupSwitched(state: state, devices: devices, latencyMs: latency))
        }
        if ok, object["kind"] as? String == "query", let asked = (object["asked"] as? String).flatMap(PowerState.init(rawValue:)),
            let items = object["devices"] as? [[String: Any]]
        {
            let devices = items.compactMap { item -> PlugAnswer? in
                guard let device = item["device"] as? String else { return nil }
                return PlugAnswer(
                    deviceID: device, state: (item["state"] as? String).flatMap(PowerState.init(rawValue:)), online: item["online"] as? Bool
                )
            }
            return PhraseResult(id: id, text: text, outcome: .groupAnswered(asked: asked, devices: devices))
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
            var result = PhraseResult(id: id, text: text, outcome: .switched(intent, shortcut: shortcut, latencyMs: latency))
            result.note = object["note"] as? String
            return result
        }
        let code = (object["error"] as? String).flatMap(ErrorCode.init(rawValue:)) ?? .notRecognized
        var failed = PhraseResult(id: id, text: text, outcome: .failed(code, message: object["message"] as? String ?? "", intent: intent))
        failed.question = object["question"] as? String
        return failed
    }
}

private func quote(_ text: String) -> String { JSON.string(text) }

extension PhraseResult {
    /// What is said back ("kitchen lamp off", "the porch light is offline", "sorry, I didn't catch that"), with the
    /// devices' names by id.
    public func spokenAnswer(names: [String: String]) -> String {
        func name(_ id: String) -> String { names[id] ?? id.replacingOccurrences(of: "-", with: " ") }
        if let question { return question }
        switch outcome {
        case .switched(let intent, _, _): return "\(name(intent.deviceID)) \(intent.state)"
        case .answered(let id, let state, let online):
            if online == false { return "the \(name(id)) is offline" }
            return state.map { "the \(name(id)) is \($0)" } ?? "I don't know whether the \(name(id)) is on"
        case .groupSwitched(let state, let devices, _):
            let failed = devices.filter { !$0.ok }.count
            return failed == 0 ? "\(devices.count) plugs \(state)" : "\(devices.count - failed) of \(devices.count) plugs \(state)"
        case .groupAnswered(let asked, let devices):
            let matching = devices.filter { $0.state == asked && $0.online != false }.map { name($0.deviceID) }
            return matching.isEmpty
                ? "nothing is \(asked)" : matching.joined(separator: ", ") + " \(matching.count == 1 ? "is" : "are") \(asked)"
        case .failed(.deviceOffline, _, let intent): return "the \(intent.map { name($0.deviceID) } ?? "plug") is offline"
        case .failed(.notRecognized, Self.answeredNo, _): return "ok, nothing switched"
        case .failed(.notRecognized, _, _): return "sorry, I didn't catch that"
        case .failed(_, _, let intent): return "the \(intent.map { name($0.deviceID) } ?? "plug") did not answer"
        }
    }
}
