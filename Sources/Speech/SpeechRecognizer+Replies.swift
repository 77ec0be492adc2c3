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

    /// Yes words that are a yes typed, not spoken: heard, they were other speech as often as themselves ("okay
    /// then" as "go ahead", "hello" as "sure", "maybe" as "do it": 12 of 300 utterances by 30 voices at 20 dB; the
    /// living room's chatter as "that's right": 7 of 1,326 utterances, and as "right" 2 of 1,535, "right" and
    /// "correct" in pieces of TV and chatter 19 of 2,130, while no yes was heard as either).
    static let typedOnlyYes: Set = ["sure", "do it", "go ahead", "that's right", "right", "correct"]

    /// Words that begin as a reply does and are none: heard as themselves, not as the reply they start with
    /// ("yesterday" was heard as "yes please" by every voice tried). Not "knows" and "nose": in the living room's
    /// noise they took flite rms's and awb's "yes", and "knows" heard as "no" only leaves a question unanswered.
    static let decoys = ["yesterday", "yellow", "nothing", "nobody", "notice", "sugar", "concert"]

    /// Every word of `replies` and `decoys`: in the grammar decoder's dictionary, for `replyGrammar`.
    static let replyWords = Set((replies.values.flatMap { $0 } + decoys).flatMap { $0.split(separator: " ").map(String.init) })

    /// The grammar of a reply: one of `replies`, a decoy, or any phones (`Grammar.phoneWeight` each) for anything else.
    static let replyGrammar =
        "#JSGF V1.0;\ngrammar reply;\npublic <reply> = ("
        + Grammar.alternatives((replies.values.flatMap { $0 } + decoys).map { $0.split(separator: " ").map(String.init) })
        + ") | <phone> <phone>*;\n<phone> = \(Grammar.anyPhone(Grammar.phoneWeight));\n"

    /// A spoken answer to a yes/no question: yes or no, or nil when it was neither or not heard surely (its margin
    /// against the open-vocabulary pass below `RecognizerTuning.replyThreshold`). Heard with the warp the voice's
    /// pitch suggests, then, when that heard a reply's words or a decoy but no reply, with the other (flite awb's
    /// "yes" at 120 Hz went to a decoy); not when it heard other speech, which the other warp took for "yes please".
    /// (Measurements and history: docs/speech.md, "SpeechRecognizer: asking back".)
    public func hearReply(_ audio: RecognizerAudio) throws -> HeardReply {
        let conditioned = Self.conditionedWithEcho(audio).heard
        let first = Self.warp(pitch: Pitch.median(conditioned.samples))
        let heard = try hearReply(conditioned, warp: first)
        guard heard.reply == nil, heard.heard != Self.somethingElse else { return heard }
        let again = try hearReply(conditioned, warp: Self.retryWarp(after: first))
        return again.reply == nil ? heard : again
    }

    /// A reply heard in `conditioned` audio with one frequency warp.
    private func hearReply(_ conditioned: RecognizerAudio, warp: Double) throws -> HeardReply {
        let features = try self.features(conditioned, warp: warp, removingNoise: false)
        let decoding = try lock.withLock { try decoders.grammar.decode(features, grammar: Self.replyGrammar) }
        let words = Self.spokenWords(decoding)
        guard !words.contains(where: { $0.hasPrefix(Grammar.garbagePrefix) }) else {
            return HeardReply(reply: nil, heard: Self.somethingElse, margin: nil)
        }
        let text = words.joined(separator: " ")
        guard let reply = Self.replies.first(where: { $0.value.contains(text) })?.key, !Self.typedOnlyYes.contains(text) else {
            return HeardReply(reply: nil, heard: text, margin: nil)
        }
        guard let openDecoder else { return HeardReply(reply: reply, heard: text, margin: nil) }
        let open = try lock.withLock { try openDecoder.decode(features) }
        let margin = Self.margin(of: decoding, against: open)
        // The open pass hearing the very reply is the surest sign; its margin is then small for that reason.
        let sure = margin >= Self.tuning.replyThreshold || Self.spokenWords(open).joined(separator: " ") == text
        return HeardReply(reply: sure ? reply : nil, heard: text + " | " + open.hypothesis, margin: margin)
    }

    /// What a reply heard as neither a reply's words nor a decoy is said to have heard.
    static let somethingElse = "(something else)"

    /// A decoding's words without its silences and fillers ("<sil>", "[NOISE]").
    private static func spokenWords(_ decoding: PocketSphinxDecoder.Decoding) -> [String] {
        decoding.words.map(\.baseWord).filter { !$0.hasPrefix("<") && !$0.hasPrefix("[") }
    }
}
