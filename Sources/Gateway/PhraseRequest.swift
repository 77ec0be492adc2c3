import Foundation
import MQTT

/// A phrase to act on, as it arrived.
public struct PhraseRequest: Sendable, Equatable {
    /// Where the phrase came from, and how it is answered.
    public enum Origin: Sendable, Equatable {
        /// `voiceplug/phrase`: answered on `voiceplug/result`, `replyTo` or the MQTT 5 response topic.
        case phraseTopic
        /// Rhasspy Hermes `hermes/nlu/query` or `hermes/asr/textCaptured`.
        case hermes(sessionID: String?, siteID: String?)
    }

    public var text: String
    /// The requester's id, echoed in the result (a new one when none was given).
    public var id: String
    public var replyTo: String?
    public var correlationData: [UInt8]?
    public var origin: Origin
    /// Set when the phrase was heard, not typed: the recognizer's confidence.
    public var speechConfidence: Double?
    /// Whether the requester gave the id (else it was made here): only such ids can tell a phrase delivered
    /// twice from two phrases.
    public var hasRequesterID = false

    public init(
        text: String, id: String = UUID().uuidString.lowercased(), replyTo: String? = nil,
        correlationData: [UInt8]? = nil, origin: Origin = .phraseTopic
    ) {
        self.text = text
        self.id = id
        self.replyTo = replyTo
        self.correlationData = correlationData
        self.origin = origin
    }
}

/// A request that cannot be acted on: answered `invalid_input`.
public struct InvalidInput: Error, Sendable, Equatable {
    public var message: String
    /// What could be read of the request, for the answer.
    public var partial: PhraseRequest
}

public enum PhraseTopics {
    public static let phrase = "voiceplug/phrase"
    public static let result = "voiceplug/result"
    public static let status = "voiceplug/status"
    /// Retained `{"version":N,"store":PATH}`: the shortcut store the gateway uses and its change number
    /// (`VoiceShortcutCenter.version`).
    public static let registryVersion = "voiceplug/registry"
    /// Rhasspy's text to speech on a satellite, and the end of a dialogue session with what to say.
    public static let hermesSay = "hermes/tts/say"
    public static let hermesEndSession = "hermes/dialogueManager/endSession"
    /// Anything published here makes the gateway read the store's changes at once (the command line does, after one).
    public static let registryChanged = "voiceplug/registry/changed"
    public static let hermesQuery = "hermes/nlu/query"
    public static let hermesTextCaptured = "hermes/asr/textCaptured"
    public static let hermesIntent = "hermes/intent/ToggleState"
    public static let hermesNotRecognized = "hermes/nlu/intentNotRecognized"
    /// A spoken phrase: a WAV file as the payload.
    public static let audio = "voiceplug/audio"
    /// Rhasspy Hermes audio: small WAV frames per site; the gateway finds the utterances.
    public static let hermesAudioFrames = "hermes/audioServer/+/audioFrame"
    /// Largest audio payload accepted (about a minute of 16 kHz audio).
    public static let maximumAudioPayload = 2 * 1024 * 1024
    /// Largest phrase payload accepted.
    public static let maximumPayload = 16 * 1024
}

extension PhraseRequest {
    /// Reads a request from an MQTT message on one of the phrase topics.
    public static func decode(_ message: MQTTMessage) -> Result<PhraseRequest, InvalidInput> {
        var base = PhraseRequest(
            text: "", replyTo: message.properties.responseTopic,
            correlationData: message.properties.correlationData)
        func invalid(_ text: String) -> Result<PhraseRequest, InvalidInput> { .failure(InvalidInput(message: text, partial: base)) }
        guard message.payload.count <= PhraseTopics.maximumPayload else {
            return invalid("the payload has \(message.payload.count) bytes; a phrase may have at most \(PhraseTopics.maximumPayload)")
        }
        guard let text = message.string else { return invalid("the payload is not UTF-8 text") }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let isHermes = message.topic == PhraseTopics.hermesQuery || message.topic == PhraseTopics.hermesTextCaptured
        if isHermes {
            base.origin = .hermes(sessionID: nil, siteID: nil)
            guard let object = (try? JSONSerialization.jsonObject(with: Data(message.payload))) as? [String: Any] else {
                return invalid("a Hermes message must be a JSON object")
            }
            base.origin = .hermes(sessionID: object["sessionId"] as? String, siteID: object["siteId"] as? String)
            let key = message.topic == PhraseTopics.hermesQuery ? "input" : "text"
            guard let input = object[key] as? String else { return invalid("the Hermes message has no \"\(key)\" text") }
            base.text = input
            if let id = object["id"] as? String {
                guard isValidID(id) else { return invalid(idProblem) }
                (base.id, base.hasRequesterID) = (id, true)
            }
        } else if trimmed.hasPrefix("{") {
            guard let object = (try? JSONSerialization.jsonObject(with: Data(message.payload))) as? [String: Any] else {
                return invalid("the payload starts like JSON but is not a JSON object")
            }
            if let id = object["id"] as? String {
                guard isValidID(id) else { return invalid(idProblem) }
                (base.id, base.hasRequesterID) = (id, true)
            } else if let id = object["id"] as? NSNumber {
                (base.id, base.hasRequesterID) = (id.stringValue, true)
            }
            if let replyTo = object["replyTo"] as? String {
                guard isValidTopic(replyTo) else { return invalid("\"replyTo\" must be a topic without wildcards") }
                base.replyTo = replyTo
            }
            guard let phrase = object["text"] as? String else { return invalid("the JSON request has no \"text\" string") }
            base.text = phrase
        } else {
            base.text = text
        }
        guard !base.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return invalid("the phrase is empty") }
        return .success(base)
    }

    /// A requester's id is echoed in results and logs: 1 to 200 characters, none of them a control character.
    static func isValidID(_ id: String) -> Bool {
        !id.isEmpty && id.count <= 200 && !id.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }

    static let idProblem = "\"id\" must be 1 to 200 characters without control characters (no newlines)"

    static func isValidTopic(_ topic: String) -> Bool {
        !topic.isEmpty && !topic.contains("+") && !topic.contains("#") && topic.utf8.count < 65_535
    }
}
