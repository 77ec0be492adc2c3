import PocketSphinx
import SpeechAudio
import SpeechGrammar
import VoiceShortcuts

/// Asking back: the command a refused hearing came close to, and the yes or no that answers the question.
extension SpeechRecognizer {
    /// The command of the refused hearing that came closest to what it needed, among those worth asking back; nil
    /// when a hearing heard a name's words as others (a near miss: "turn up the fan" is not asked as "… off").
    static func candidate(in trace: [RecognitionPass]) -> String? {
        guard !trace.contains(where: { $0.decision.hasPrefix("the names' words heard as") }) else { return nil }
        return trace.filter { $0.candidate != nil }.max { ($0.margin ?? 0) - ($0.required ?? 0) < ($1.margin ?? 0) - ($1.required ?? 0) }?
            .candidate
    }

    /// What typed `text` answers to a yes/no question ("Yes!", "no thanks"); nil when it is no reply.
    public static func reply(typed text: String) -> Reply? {
        let said = PhraseNormalizer.words(text).joined(separator: " ")
        return replies.first { $0.value.contains(said) }?.key
    }

    /// The words that say yes, and those that say no.
    static let replies: [Reply: [String]] = [
        .yes: ["yes", "yeah", "yep", "yes please", "sure", "correct", "that's right", "right", "do it", "go ahead"],
        .no: ["no", "nope", "no thanks", "cancel", "don't", "wrong", "never mind", "not that"],
    ]

    /// Words that begin as a reply does and are none: heard as themselves, not as the reply they start with
    /// ("yesterday" was heard as "yes please", "knows" as "no", by every voice tried).
    static let decoys = ["yesterday", "yellow", "knows", "nose", "nothing", "nobody", "notice", "sugar", "concert"]

    /// Every word of `replies` and `decoys`: in the grammar decoder's dictionary, for `replyGrammar`.
    static let replyWords = Set((replies.values.flatMap { $0 } + decoys).flatMap { $0.split(separator: " ").map(String.init) })

    /// The grammar of a reply: one of `replies`, a decoy, or any phones (`Grammar.phoneWeight` each) for anything else.
    static let replyGrammar =
        "#JSGF V1.0;\ngrammar reply;\npublic <reply> = ("
        + Grammar.alternatives((replies.values.flatMap { $0 } + decoys).map { $0.split(separator: " ").map(String.init) })
        + ") | <phone> <phone>*;\n<phone> = \(Grammar.anyPhone(Grammar.phoneWeight));\n"

    /// A spoken answer to a yes/no question: yes or no, or nil when it was neither or not heard surely (its margin
    /// against the open-vocabulary pass below `RecognizerTuning.replyThreshold`).
    public func hearReply(_ audio: RecognizerAudio) throws -> HeardReply {
        let conditioned = Self.conditionedWithEcho(audio).heard
        let features = try self.features(conditioned, warp: Self.warp(pitch: Pitch.median(conditioned.samples)), removingNoise: false)
        let decoding = try lock.withLock { try decoders.grammar.decode(features, grammar: Self.replyGrammar) }
        let words = decoding.words.map(\.baseWord).filter { !$0.hasPrefix("<") && !$0.hasPrefix("[") }
        guard !words.contains(where: { $0.hasPrefix(Grammar.garbagePrefix) }) else {
            return HeardReply(reply: nil, heard: "(something else)", margin: nil)
        }
        let text = words.joined(separator: " ")
        guard let reply = Self.replies.first(where: { $0.value.contains(text) })?.key else {
            return HeardReply(reply: nil, heard: text, margin: nil)
        }
        guard let openDecoder else { return HeardReply(reply: reply, heard: text, margin: nil) }
        let open = try lock.withLock { try openDecoder.decode(features) }
        let margin = Self.margin(of: decoding, against: open)
        return HeardReply(reply: margin >= Self.tuning.replyThreshold ? reply : nil, heard: text + " | " + open.hypothesis, margin: margin)
    }
}
