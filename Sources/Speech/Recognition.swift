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
}
