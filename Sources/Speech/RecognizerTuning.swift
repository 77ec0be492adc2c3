/// The recognizer's tuned constants, in one value. Each line says what the constant does; docs/speech.md gives the
/// measurements that chose it (its sections are named after the constants).
public struct RecognizerTuning: Sendable, Equatable {
    /// The margin (per frame, the grammar's path against the open pass) a command must clear; `hear --threshold`.
    public var threshold = 19.0
    /// The frequency warps a voice is heard with: its pitch below 100 Hz, below 150 Hz, and above.
    public var warps = [0.9, 1.0, 1.2]
    /// What a second hearing with another warp needs beyond the threshold.
    public var retryMargin = 12.0
    /// The frames a second an utterance is heard with first (the model's).
    public var frameRate = 100
    /// A first hearing that found no command with at least this many frames a phone is slow speech …
    public var slowFramesPerPhone = 11.0
    /// … and is heard once more with this many frames a second.
    public var slowFrameRate = 71
    /// What a command heard without the garbage loop needs beyond the threshold.
    public var forcedMargin = 8.0
    /// How many frames before the garbage words' end such a command may end.
    public var forcedEnding = 20
    /// How much worse per frame a configured name may fit than the unknown name's phones it is heard instead of.
    public var unknownNameShortfall = 4.0
    /// A command within this of the margin it needs is a near miss, heard again with its names' words open.
    public var otherWordMargin = 6.0
    /// Frames heard on each side of a name's words when they are heard again.
    public var otherWordPadding = 5
    /// How much less a voice shortcut heard whole needs when the open pass heard at most one of its words.
    public var shortcutAllowance = 3.0
    /// How much less a hearing with noise removal (speech that rings on) needs.
    public var noiseRemovalAllowance = 2.0
    /// A command refused for its margin, this much or less below what it needed, is asked back ("the lamp, on?").
    public var askMargin = 6.0
    /// A command heard as "on" is asked back unless "on" explains its state word better than "off" by this much a
    /// frame, on the mean of three phases of the frames: noise masks the "f" of "off", and "X off" was heard as "X on"
    /// at 1.9–14.8, and at 16.4 at one phase only (docs/speech.md, "SpeechRecognizer: stateMargin").
    public var onStateMargin = 15.0
    /// A command heard as "off" is asked back when "on" explains its state word better: an "on" was heard as "off"
    /// at -9.5, and 13 of 995 right "off"s were below 0 (docs/speech.md, "SpeechRecognizer: stateMargin").
    public var offStateMargin = 0.0
    /// A command whose state is said by a particle is asked back unless that particle explains the audio better
    /// than "up" or "down" there by this much a frame: "turn up the heater" was heard as "turn off the heater" with
    /// "up" fitting better, and with it fitting 0–2.8 worse (docs/speech.md, "SpeechRecognizer: upDownMargin").
    public var upDownMargin = 3.0
    /// A command is asked back unless its name explains the audio better than any other device's name by this much
    /// a frame (docs/speech.md, "SpeechRecognizer: nameMargin").
    public var nameMargin = 15.0
    /// The beams a name's frames are heard again with, for `nameMargin`: so wide that no path is lost.
    public var nameCheckBeam = 1e-300
    /// The margin a yes or a no must clear against the open-vocabulary pass (replies were heard at 15.8–40.1,
    /// "hello" as "no" at up to 12.7; docs/speech.md, "SpeechRecognizer: asking back").
    public var replyThreshold = 15.0
    /// The word beam a search that lost every path is run again with.
    public var wideWordBeam = 1e-50

    public init() {}

    /// The values every recognizer uses.
    public static let standard = RecognizerTuning()
}
