import PocketSphinx
import SpeechAudio
import SpeechGrammar
import VoiceShortcuts

/// What was heard.
public struct Recognition: Sendable, Equatable {
    /// The phrase heard, or nil when nothing known was said.
    public var text: String?
    /// 0…1: 0.5 at the margin required, near 1 well above it (0 when
    /// rejected; 1 without the open-vocabulary pass, which gives no margin).
    public var confidence: Double
    /// The decoder's raw hypothesis, garbage words included (for diagnosis).
    public var hypothesis: String
    /// (grammar path score − open-vocabulary score) per frame: how much better
    /// the phrase explains the audio than free English does. Higher is surer.
    public var margin: Double?
    /// Every hearing the cascade made, in order, with what each decided.
    public var trace: [RecognitionPass] = []
    /// When nothing was accepted but a command came close (its margin within `RecognizerTuning.askMargin` of what
    /// it needed, or its state heard otherwise when heard again): that command, to be asked back, never acted on.
    public var candidate: String? = nil

    public init(text: String?, confidence: Double, hypothesis: String, margin: Double?, trace: [RecognitionPass] = []) {
        self.text = text
        self.confidence = confidence
        self.hypothesis = hypothesis
        self.margin = margin
        self.trace = trace
    }
}

/// One hearing of an utterance, as the recognizer's passes went: which hearing it was, what the grammar and the
/// open-vocabulary pass heard, the margin against what was required, and what was decided.
public struct RecognitionPass: Sendable, Equatable {
    /// Which hearing of the cascade this was.
    public enum Kind: String, Sendable {
        /// The first hearing, with the warp the voice's pitch suggests.
        case grammar
        /// Again without the garbage loop, after the first went into it.
        case withoutGarbageLoop = "without-garbage-loop"
        /// Again with only the configured names, after a name went into the unknown name's phones.
        case configuredName = "configured-name"
        /// Again with another frequency warp.
        case otherWarp = "other-warp"
    }

    public var kind: Kind
    public var warp: Double
    public var frameRate: Int
    /// The grammar's path, garbage words included.
    public var heard: String
    /// What the open-vocabulary pass heard, when it ran.
    public var openHeard: String?
    public var margin: Double?
    /// The margin the command needed, when it came that far.
    public var required: Double?
    /// "accepted", or why it was refused.
    public var decision: String
    /// A refused command worth asking back (see `Recognition.candidate`).
    public var candidate: String? = nil
    /// How much better, a frame of its state word, the state heard explains the audio than the other state
    /// (`SpeechRecognizer.stateMargin`), when the command came that far.
    public var stateMargin: Double? = nil
    /// The same without the speaker's adaptation, when the recognizer has one.
    public var unadaptedStateMargin: Double? = nil
    /// How much better, a frame of its state word, that word explains the audio than "up" or "down"
    /// (`SpeechRecognizer.upDownMargin`), when the command came that far.
    public var upDownMargin: Double? = nil
    /// How much better, a frame of its name, the name heard explains the audio than any other device's
    /// (`SpeechRecognizer.nameMargin`), when the command came that far.
    public var nameMargin: Double? = nil
}

/// An answer to a yes/no question ("the kitchen lamp, on?").
public enum Reply: String, Sendable {
    case yes, no
}

/// What an answer to a yes/no question was heard as.
public struct HeardReply: Sendable, Equatable {
    /// Yes or no; nil when it was neither, or not heard surely.
    public var reply: Reply?
    /// What the reply grammar heard, and the open-vocabulary pass (for diagnosis).
    public var heard: String
    public var margin: Double?
}
