import Foundation
import PocketSphinx
import SpeechAudio
import SpeechGrammar

/// Spots a wake phrase ("hey voice plug") at the start of an utterance: where it ends, so that what follows it is
/// heard as the command. The utterance is heard with a grammar of the wake phrase or a near miss of it (`decoys`),
/// each followed by a loop of phones, or phones alone (each costing `Grammar.phoneWeight`); when the wake phrase's path
/// wins, its frames are heard again by the open-vocabulary pass, and the phrase must explain them better by
/// `threshold` a frame; when an accent's near miss of the phrase wins, the phrase is looked for under it, and a wake
/// found so is `doubtful`. Each utterance is heard with the frequency warp its voice's pitch suggests (as commands
/// are). Words not in the model's dictionary are said as espeak-ng says them. Made once and kept warm.
/// (Measurements and history: docs/speech.md, "WakeSpotter".)
///
/// `@unchecked Sendable`: the decoders and the front ends are used under `lock` only.
public final class WakeSpotter: @unchecked Sendable {
    /// The default wake phrase: three words said together rarely, none of them a command's.
    public static let defaultPhrase = "hey voice plug"
    /// The margin (a frame, the wake phrase against free English) the wake phrase must clear.
    public static let defaultThreshold = 36.0

    /// What begins as "hey voice plug" does and is none: heard as itself (each word with `decoyPrefix`).
    static let decoys = [
        "hey", "hey boys", "hey boy", "hey guys", "hey joyce", "hey joy", "hey you", "hey there", "hey choice",
        "hey boys play", "hey play", "hey now", "hey babe", "hey folks", "hey roy", "hey lloyd", "a voice",
    ]
    static let decoyPrefix = Grammar.garbagePrefix  // the dictionary has each word's garbage twin
    /// Near misses that accents make of the default phrase itself: espeak-ng's British and Caribbean "hey voice plug"
    /// was heard as "a voice" then phones, its Scottish, Lancashire and Caribbean ones as "hey boy(s)". When one of
    /// them wins and the phrase still clears the threshold over the utterance's start, the wake is `doubtful`: chatter
    /// wakes so too ("the voice of that actor …"), and what follows it is as often no command. ("hey roy" and "hey
    /// lloyd" are no accents' near misses: a command said to Roy switched.)
    /// (Measurements: docs/speech.md, "WakeSpotter: doubtful wakes".)
    static let accentDecoys: Set<String> = ["a voice", "hey boy", "hey boys"]

    public let phrase: String
    public let threshold: Double
    private let decoder: PocketSphinxDecoder
    private let openDecoder: PocketSphinxDecoder
    private let grammar: String
    private let alone: String
    /// The phrase, then phones: where the phrase ends when an accent's near miss won (nil for another phrase).
    private let leading: String?
    /// One front end per frequency warp (`SpeechRecognizer.warp(pitch:)`).
    private let frontEnds: [Double: FrontEnd]
    private let lock = NSLock()

    /// Throws when `phrase` has no words that can be said.
    public init(
        phrase: String = WakeSpotter.defaultPhrase, threshold: Double = WakeSpotter.defaultThreshold,
        model: String = SpeechRecognizer.defaultModel
    ) throws {
        let words = phrase.lowercased().split(whereSeparator: { !$0.isLetter && $0 != "'" }).map(String.init)
        guard !words.isEmpty, words.allSatisfy(Grammar.isJSGFWord) else {
            throw SpeechError.decoder("the wake phrase has no words, or words that cannot be said")
        }
        self.phrase = words.joined(separator: " ")
        self.threshold = threshold
        let decoyWords = Set(Self.decoys.flatMap { $0.split(separator: " ").map(String.init) })
        // The wake phrase's words also as espeak-ng says them in its accents, as commands' words are: Caribbean
        // espeak-ng's "plug" (P L AO G) went to the decoy "hey voice" with the dictionary's P L AH G alone.
        let pronunciations = try Pronunciations(
            words: Set(words).union(decoyWords), dictionary: model + "/cmudict-en-us.dict", variants: Set(words))
        for word in words where pronunciations.entries[word] == nil {
            throw SpeechError.decoder("the wake phrase's word '\(word)' cannot be pronounced")
        }
        let phone = "<phone> = \(Grammar.anyPhone(Grammar.phoneWeight));\n"
        // The wake phrase begins the utterance; near misses that begin as it does are heard as themselves.
        let joined = words.joined(separator: " ")
        let decoys = Self.decoys.filter { $0 != joined }.map { $0.split(separator: " ").map(String.init) }
        grammar =
            "#JSGF V1.0;\ngrammar wake;\npublic <utterance> = (\(joined) | "
            + Grammar.alternatives(decoys.map { $0.map { Self.decoyPrefix + $0 } }) + ") <phone>* | <phone> <phone>*;\n" + phone
        alone = Grammar.check(words)
        leading =
            self.phrase == Self.defaultPhrase
            ? "#JSGF V1.0;\ngrammar leading;\npublic <utterance> = \(joined) <phone>*;\n" + phone : nil
        decoder = try TemporaryFile.with(
            pronunciations.fileText, named: "wake", fileExtension: "dict",
            { dictionary in
                try SpeechRecognizer.withAdaptation(nil) { acoustic in
                    try PocketSphinxDecoder(arguments: ["-hmm", AcousticModel.hmmPath(model), "-dict", dictionary] + acoustic)
                }
            },
            unwritten: { _, error in throw error })
        openDecoder = try SpeechRecognizer.makeOpenDecoder(model: model, adaptation: nil)
        var frontEnds: [Double: FrontEnd] = [:]
        for warp in SpeechRecognizer.tuning.warps { frontEnds[warp] = try decoder.frontEnd(warp: warp, removingNoise: false) }
        self.frontEnds = frontEnds
        if let silence = try? frontEnds[1.0]?.features([Int16](repeating: 0, count: 1600)) {
            _ = try? decoder.decode(silence, grammar: grammar)
            _ = try? openDecoder.decode(silence)
        }
    }

    /// What a hearing of an utterance found: where the wake phrase ends, in samples (nil when it was not said),
    /// and its margin when its path won (for diagnosis).
    public struct Spotted: Sendable, Equatable {
        public var end: Int?
        public var margin: Double?
        /// What the open-vocabulary pass heard over the wake phrase's frames.
        public var openHeard: String? = nil
        /// The wake grammar's path (g_ words: a decoy or the phones).
        public var heard = ""
        /// Whether an accent's near miss won and the phrase was found under it (`accentDecoys`).
        public var doubtful = false
    }

    /// Where the wake phrase ends in `audio`, in samples; nil when it was not said.
    public func spot(_ audio: RecognizerAudio) -> Int? { hear(audio).end }

    /// The wake phrase heard in `audio`, or not.
    public func hear(_ audio: RecognizerAudio) -> Spotted {
        let conditioned = SpeechRecognizer.conditioned(audio)
        let warp = SpeechRecognizer.warp(pitch: Pitch.median(conditioned.samples))
        return lock.withLock {
            guard let frontEnd = frontEnds[warp], let features = try? frontEnd.features(conditioned.samples),
                let decoding = try? decoder.decode(features, grammar: grammar)
            else { return Spotted() }
            var words = decoding.words.filter { !$0.word.hasPrefix(Grammar.garbagePrefix) }
            var doubtful = false
            if words.isEmpty, let leading, Self.accentDecoys.contains(Self.decoy(in: decoding)) {
                // An accent's near miss: where the phrase would end if it was said.
                guard let forced = try? decoder.decode(features, grammar: leading) else { return Spotted(heard: decoding.hypothesis) }
                words = forced.words.filter { !$0.word.hasPrefix(Grammar.garbagePrefix) }
                doubtful = true
            }
            guard let first = words.first, let last = words.last, words.map(\.baseWord).joined(separator: " ") == phrase else {
                return Spotted(heard: decoding.hypothesis)
            }
            let span = first.startFrame...last.endFrame
            let frames = features.frames(span)
            guard let forced = try? decoder.decode(frames, grammar: alone), let open = try? openDecoder.decode(frames) else {
                return Spotted()
            }
            let margin = SpeechRecognizer.margin(of: forced, against: open, frames: span.count)
            guard margin >= threshold else {
                return Spotted(margin: margin, openHeard: open.hypothesis, heard: decoding.hypothesis, doubtful: doubtful)
            }
            // The padding `conditioned` may have added before the speech is not in `audio`.
            let padding = conditioned.samples.count - audio.samples.count
            let end = (last.endFrame + 1) * RecognizerAudio.sampleRate / 100 - max(0, padding / 2)
            return Spotted(
                end: min(audio.samples.count, max(0, end)), margin: margin, openHeard: open.hypothesis, heard: decoding.hypothesis,
                doubtful: doubtful)
        }
    }

    /// The near miss a wake grammar's path begins with ("a voice"), without its prefix; empty when none.
    static func decoy(in decoding: PocketSphinxDecoder.Decoding) -> String {
        decoding.words.prefix { !$0.word.hasPrefix(Grammar.phonePrefix) }.map { String($0.baseWord.dropFirst(decoyPrefix.count)) }
            .joined(separator: " ")
    }
}
