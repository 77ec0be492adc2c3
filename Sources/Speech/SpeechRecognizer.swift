import Foundation
import PocketSphinx
import SpeechAudio
import SpeechGrammar
import VoiceShortcuts

/// Offline speech recognition with a grammar made from the devices and the
/// voice shortcuts, and a garbage path for everything else. The decoder is
/// made once and kept warm; `rebuild` replaces it when devices or shortcuts change.
public final class SpeechRecognizer: @unchecked Sendable {
    public static let defaultModel = AcousticModel.defaultPath

    package let model: String
    /// The speaker's adaptation every decoder applies, if any.
    public let adaptation: SpeakerAdaptation?
    private let lock = NSLock()
    private var decoders: GrammarDecoders
    /// The second pass: the model's open-vocabulary language model and full dictionary.
    private let openDecoder: PocketSphinxDecoder?
    /// One front end per warp (see `warp(pitch:)`), without and with noise
    /// removal (see `sharedArguments`), at 100 frames a second and at
    /// `slowFrameRate`; every decoder scores the features of one.
    private let frontEnds: [FrontEndKey: FrontEnd]
    private struct FrontEndKey: Hashable {
        package var warp: Double
        package var removingNoise: Bool
        package var frameRate = SpeechRecognizer.frameRate
    }
    /// The least margin accepted (see `Recognition.margin`), chosen on the
    /// synthesized corpus of bench/speech/corpus.py; some forms need more
    /// (`Grammar.extraMargin`).
    public var threshold: Double

    /// Builds the grammar and starts the decoder, with the model adapted to a speaker when `adaptation` is given.
    public init(
        devices: [Device], shortcuts: [VoiceShortcut], model: String = SpeechRecognizer.defaultModel,
        threshold: Double = SpeechRecognizer.defaultThreshold, secondPass: Bool = true,
        adaptation: SpeakerAdaptation? = nil
    ) throws {
        self.model = model
        self.threshold = threshold
        self.adaptation = adaptation
        // The open decoder does not depend on the grammar: made on another thread meanwhile (PocketSphinx's part of
        // starting a decoder still one at a time: see `PocketSphinxDecoder.starting`). With 100 devices and 1,000
        // shortcuts on two cores, start 1.52–1.58 → 1.11–1.28 s on a machine that took 0.72–0.77 s the week before
        // (`voiceplug bench --speech`, three rounds interleaved); on one core as before (1.70–1.88 s).
        // `voiceplug hear --json` byte-identical.
        let open =
            secondPass
            ? Started { try Self.makeOpenDecoder(model: model, adaptation: adaptation) } : nil
        decoders = try Self.makeDecoders(devices: devices, shortcuts: shortcuts, model: model, adaptation: adaptation)
        openDecoder = try open?.value()
        var frontEnds: [FrontEndKey: FrontEnd] = [:]
        for warp in Self.warps {
            for removingNoise in [false, true] {
                for frameRate in [Self.frameRate, Self.slowFrameRate] {
                    let key = FrontEndKey(warp: warp, removingNoise: removingNoise, frameRate: frameRate)
                    frontEnds[key] = try decoders.grammar.frontEnd(warp: warp, removingNoise: removingNoise, frameRate: frameRate)
                }
            }
        }
        self.frontEnds = frontEnds
        if let silence = try? frontEnds[Self.silenceFrontEnd]?.features([Int16](repeating: 0, count: 1600)) {
            Self.warm(decoders, with: silence)
            _ = try? openDecoder?.decode(silence)
        }
    }

    /// The front end whose features of silence warm new decoders.
    private static let silenceFrontEnd = FrontEndKey(warp: 1.0, removingNoise: false)

    /// Rebuilds the grammar and swaps in new decoders (the old ones serve until then).
    public func rebuild(devices: [Device], shortcuts: [VoiceShortcut]) throws {
        let fresh = try Self.makeDecoders(
            devices: devices, shortcuts: shortcuts, model: model, adaptation: adaptation, keeping: lock.withLock { decoders.otherWords })
        if let silence = try? lock.withLock({ try frontEnds[Self.silenceFrontEnd]?.features([Int16](repeating: 0, count: 1600)) }) {
            Self.warm(fresh, with: silence)
        }
        lock.withLock { decoders = fresh }
    }

    /// Recognizes one utterance. Speech that falls into the garbage path, or
    /// nothing at all, gives no text. Heard first with the warp its pitch
    /// suggests; when that finds no command, once more with another warp
    /// (`retryWarp`), where a command must clear `retryMargin` more; or, when
    /// the first went into the garbage loop, with the same warp without it
    /// (`forcedMargin`). Slow speech that found no command is heard once
    /// more, all of it, with fewer frames a second (`slowFrameRate`).
    ///
    /// A command heard in audio whose echo was filtered out (see `Echo`) is
    /// heard once more without the filter, and refused when that hearing
    /// asks for another device or state: flite slt's "turn off the piano
    /// lamp" with a reflection 0.9 as loud, filtered, was heard as "turn on
    /// the piano lamp" (margin 23.7), unfiltered as "turn off …". On the
    /// 229 corpus files with an echo nothing changed; on the twenty-second
    /// set RicishayMax3's "turn off our hamster lamp please", right when
    /// filtered, is refused (unfiltered it is "… on").
    public func recognize(_ audio: RecognizerAudio) throws -> Recognition {
        let (conditioned, withEcho, ringing) = Self.conditionedWithEcho(audio)
        let (heard, frameRate) = try recognizePaced(conditioned, removingNoise: ringing)
        guard let text = heard.text, let withEcho,
            let other = try recognizeConditioned(withEcho, removingNoise: ringing, frameRate: frameRate).recognition.text
        else { return heard }
        let (matcher, shortcuts) = lock.withLock { (decoders.matcher, decoders.shortcuts) }
        guard let otherIntent = matcher.match(other, shortcuts: shortcuts).intent,
            otherIntent != matcher.match(text, shortcuts: shortcuts).intent
        else { return heard }
        return Recognition(
            text: nil, confidence: 0, hypothesis: heard.hypothesis + " | without the echo filter: " + other,
            margin: heard.margin)
    }

    /// An utterance heard at `frameRate`, and once more at `slowFrameRate`
    /// when it was slow speech that found no command (see
    /// `slowFramesPerPhone`): the recognition, and the frame rate it came from.
    /// Tried and left out: a slower hearing (or one with another warp) not
    /// taking a shortcut whose first words the first hearing had heard go on
    /// with phones (`Grammar.shortcutPhoneWeight`). On eleven sets of
    /// bench/speech/corpus.py (the fifty-second to fifty-fifth among them;
    /// their 2,804 accepted files heard again) it refused one non-command,
    /// espeak-ng en-gb-x-rp's "warm up the car" ("warm up the" and two phones,
    /// then, slower, the shortcut "warm up the cabin"), and lost one command,
    /// flite rms's slow "ho ho ho" ("ho ho" and two phones, then the shortcut).
    private func recognizePaced(_ audio: RecognizerAudio, removingNoise: Bool) throws -> (Recognition, frameRate: Int) {
        let heard = try recognizeConditioned(audio, removingNoise: removingNoise, frameRate: Self.frameRate)
        guard heard.recognition.text == nil, !heard.stateInDoubt, !heard.wordsHeardOtherwise, let pace = heard.framesPerPhone,
            pace >= Self.slowFramesPerPhone
        else { return (heard.recognition, Self.frameRate) }
        var slower = try recognizeConditioned(audio, removingNoise: removingNoise, frameRate: Self.slowFrameRate).recognition
        let how = String(format: " | slow speech (%.1f frames a phone), heard at %d frames a second", pace, Self.slowFrameRate)
        guard slower.text != nil else {
            var refused = heard.recognition
            refused.hypothesis += how + ": " + slower.hypothesis
            return (refused, Self.frameRate)
        }
        slower.hypothesis += how + "; at \(Self.frameRate): " + heard.recognition.hypothesis
        return (slower, Self.slowFrameRate)
    }

    /// An utterance heard with one frame rate: its first hearing, with the
    /// recognition of the hearings after it when it found no command.
    private func recognizeConditioned(_ audio: RecognizerAudio, removingNoise: Bool, frameRate: Int) throws -> Hearing {
        let first = Self.warp(pitch: Pitch.median(audio.samples))
        let features = try self.features(audio, warp: first, removingNoise: removingNoise, frameRate: frameRate)
        var heard = try recognize(features, extra: 0, removingNoise: removingNoise, first: true)
        guard heard.recognition.text == nil, !heard.stateInDoubt, openDecoder != nil else { return heard }
        if let garbage = heard.garbage, garbage.tookWords || garbage.unknownFrames > 0 {
            // Into the garbage loop: heard again without it, with the same warp (see `forcedMargin`); into the
            // unknown name: heard again with a configured name (see `unknownNameShortfall`).
            let unknownName = garbage.tookWords ? nil : garbage
            let how = unknownName == nil ? "without the garbage loop" : "with a configured name"
            var forced = try recognize(
                features, extra: Self.forcedMargin, removingNoise: removingNoise, forcedOnto: garbage.frames, unknownName: unknownName)
            guard forced.recognition.text == nil else {
                forced.recognition.hypothesis += " | heard " + how
                heard.recognition = forced.recognition
                return heard
            }
            heard.wordsHeardOtherwise = heard.wordsHeardOtherwise || forced.wordsHeardOtherwise
            heard.recognition.hypothesis +=
                " | \(how): " + forced.recognition.hypothesis
                + (forced.recognition.margin.map { String(format: " (margin %.1f)", $0) } ?? "")
            return heard
        }
        let warp = Self.retryWarp(after: first)
        let warped = try self.features(audio, warp: warp, removingNoise: removingNoise, frameRate: frameRate)
        let again = try recognize(warped, extra: Self.retryMargin, removingNoise: removingNoise)
        guard again.recognition.text != nil else {
            heard.wordsHeardOtherwise = heard.wordsHeardOtherwise || again.wordsHeardOtherwise
            return heard
        }
        heard.recognition = again.recognition
        heard.recognition.hypothesis += " | heard again with warp \(warp)"
        return heard
    }

    /// One hearing's answer, and what a next hearing needs to know of it.
    private struct Hearing {
        package var recognition: Recognition
        /// Refused because the state was heard otherwise again (see
        /// `stateHeardAgain`), which another warp does not settle.
        package var stateInDoubt = false
        /// When the hearing went into the garbage path: where and how (see `GarbagePath`).
        package var garbage: GarbagePath?
        /// Refused because a name's words were heard as others (see
        /// `otherWordsHeard`), in this hearing or, for an utterance's first,
        /// in one after it with the same frame rate: which a slower hearing does
        /// not settle (see `slowFramesPerPhone`).
        package var wordsHeardOtherwise = false
        /// In an utterance's first hearing, the frames its path's words took a
        /// phone of their pronunciations, garbage words and phones too (see `slowFramesPerPhone`).
        package var framesPerPhone: Double?
    }

    /// A hearing that went into the garbage path.
    package struct GarbagePath {
        /// The frames its words took.
        package var frames: ClosedRange<Int>
        /// Whether its loop of words took part (else only loops of phones).
        package var tookWords: Bool
        /// The frames the unknown name's phones took (`Grammar.unknownPrefix`).
        package var unknownFrames: Int
        /// The whole path's acoustic score.
        package var acousticScore: Int
    }

    /// The utterance's features with one warp, for every hearing with it.
    package func features(_ audio: RecognizerAudio, warp: Double, removingNoise: Bool, frameRate: Int = frameRate) throws -> Features {
        try lock.withLock {
            guard let frontEnd = frontEnds[FrontEndKey(warp: warp, removingNoise: removingNoise, frameRate: frameRate)] else {
                throw SpeechError.decoder("no front end for the warp \(warp) at \(frameRate) frames a second")
            }
            return try frontEnd.features(audio.samples)
        }
    }

    /// One hearing of features made with one warp; a command needs
    /// `threshold + extra` (and its form's `Grammar.extraMargin`). With
    /// `forcedOnto`, heard without the garbage loop (`Grammar.withoutGarbage`),
    /// and a command must end near where those frames do (see `forcedEnding`);
    /// with `unknownName` too, without the unknown name
    /// (`Grammar.withoutUnknownNames`), and its name must fit nearly as well
    /// as the unknown name's phones did (see `unknownNameShortfall`).
    /// Else by the grammar's search, run again with a wider word beam when
    /// it lost every path (`GrammarDecoders.searched`). In an utterance's
    /// `first` hearing a shortcut heard whole needs less (`shortcutAllowance`).
    private func recognize(
        _ features: Features, extra: Double, removingNoise: Bool,
        forcedOnto speech: ClosedRange<Int>? = nil, unknownName: GarbagePath? = nil, first: Bool = false
    ) throws -> Hearing {
        let (decoding, words, phones, check, otherWords, shortcuts) = try lock.withLock {
            let forced = unknownName == nil ? decoders.forced : decoders.forcedKnown
            let decoding = speech == nil ? try decoders.searched(features) : try forced?.search().decode(features)
            let words = decoding?.words ?? []
            let phones = first ? words.reduce(0) { $0 + decoders.grammar.phoneCount(of: $1.word) } : 0
            return (decoding, words, phones, decoders.grammar, decoders.otherWords, decoders.shortcuts)
        }
        let speechFrames = words.reduce(0) { $0 + $1.frameCount }
        let framesPerPhone = phones > 0 ? Double(speechFrames) / Double(phones) : nil
        func refused(_ hypothesis: String, margin: Double? = nil) -> Hearing {
            Hearing(
                recognition: Recognition(text: nil, confidence: 0, hypothesis: hypothesis, margin: margin), framesPerPhone: framesPerPhone)
        }
        guard let decoding else { return refused("") }
        let garbage = words.filter { $0.word.hasPrefix(Grammar.garbagePrefix) }
        let commandWords = words.filter { !$0.word.hasPrefix(Grammar.garbagePrefix) }
        guard garbage.isEmpty, !commandWords.isEmpty, speechFrames > 0 else {
            var hearing = refused(decoding.hypothesis)
            if let start = words.first?.startFrame, let end = words.last?.endFrame, !garbage.isEmpty {
                hearing.garbage = GarbagePath(
                    frames: start...max(start, end),
                    tookWords: garbage.contains { !$0.word.hasPrefix(Grammar.phonePrefix) && !$0.word.hasPrefix(Grammar.unknownPrefix) },
                    unknownFrames: garbage.filter { $0.word.hasPrefix(Grammar.unknownPrefix) }.reduce(0) { $0 + $1.frameCount },
                    acousticScore: decoding.acousticScore)
            }
            return hearing
        }
        if let speech, let end = words.last?.endFrame, end + Self.forcedEnding < speech.upperBound {
            return refused(decoding.hypothesis + " | ends before the speech does")
        }
        var hypothesis = decoding.hypothesis
        if let unknownName {
            let shortfall = Double(unknownName.acousticScore - decoding.acousticScore) / Double(max(1, unknownName.unknownFrames))
            hypothesis += String(format: " (%.1f a frame worse than the unknown name)", shortfall)
            guard shortfall <= Self.unknownNameShortfall else { return refused(hypothesis) }
        }
        let spoken = commandWords.map(\.baseWord)
        let text = spoken.joined(separator: " ")
        var margin: Double?, confidence = 1.0, nearMiss = false
        if let openDecoder {
            let open = try lock.withLock { try openDecoder.decode(features) }
            margin = Double(Int(decoding.score) - Int(open.score)) / Double(max(1, decoding.frames))
            hypothesis += " | " + open.hypothesis
            let usual = threshold + extra + Grammar.extraMargin(spoken) - (removingNoise ? Self.noiseRemovalAllowance : 0)
            let isShortcutPhrase = shortcuts.voiceShortcut(forNormalizedPhrase: text) != nil
            let isShortcut = first && isShortcutPhrase
            let required = usual - Self.marginAllowance(isShortcut: isShortcut, spoken: spoken, openHeard: open.hypothesis)
            guard let margin, margin >= required else { return refused(hypothesis, margin: margin) }
            // A logistic around the required margin: 0.5 at it, near 1 well above.
            confidence = 1 / (1 + exp(-(margin - required) / 2))
            nearMiss =
                margin < usual + Self.otherWordMargin || unknownName != nil || isShortcutPhrase
                || Self.openHeardAnotherName(spoken, openHeard: open.hypothesis, words: otherWords)
                || Self.saidOneWordName(spoken, words: otherWords)
        }
        if let again = stateHeardAgain(spoken, features: features, by: check), again != spoken {
            var hearing = refused(hypothesis + " | again: " + again.joined(separator: " "), margin: margin)
            hearing.stateInDoubt = true
            return hearing
        }
        // A near miss or a shortcut's phrase is heard again with its names' words open (see `otherWordMargin`); any
        // other command, with its names' numbers open, whatever the margin (see `numberWeight`).
        if let others = otherWordsHeard(
            spoken, over: commandWords, features: features, by: check, words: otherWords, onlyNumbers: !nearMiss)
        {
            var hearing = refused(hypothesis + " | heard as: " + others.joined(separator: " "), margin: margin)
            hearing.wordsHeardOtherwise = true
            return hearing
        }
        return Hearing(recognition: Recognition(text: text, confidence: confidence, hypothesis: hypothesis, margin: margin))
    }

    /// The command's words from its first word of a name (`Grammar.nameWords`)
    /// to its last, heard again over the frames they took (and
    /// `otherWordPadding` on each side), each word of a name open to its `otherWordCount` nearest common
    /// English words (`CommonWords`, `OtherWords`), each costing
    /// `otherWordWeight`, and to the words the open pass's language model
    /// has after the one or two words before it, when a name has them so
    /// (`companionCount`): the words heard, when another word won; nil when
    /// the command's own words did or there is no such word in it. A check
    /// that fails to decode hears nothing, which is doubt. With
    /// `onlyNumbers`, only the words with a number, each open to its other
    /// numbers alone (`OtherWords.otherNumbers`, `numberWeight`). When the
    /// last word checked has a number, the command's words after it are
    /// heard too, each optional, to the end of their frames: the search may
    /// give a number's end to a word after it ("switch on plug 12 please" for
    /// flite awb's "switch on plug 13", margin 25.5, "please" over "…teen"),
    /// and over the number's own frames "twelve" won (see `Grammar.beginnings`).
    /// Else a state word or "to" right after the last word checked is heard
    /// too (see `heardAfterName`).
    private func otherWordsHeard(
        _ spoken: [String], over segments: [PocketSphinxDecoder.Segment], features: Features, by check: PocketSphinxDecoder,
        words other: OtherWords?, onlyNumbers: Bool = false
    ) -> [String]? {
        func isChecked(_ word: String) -> Bool { onlyNumbers ? other?.numbers[word] != nil : other?.checked[word] != nil }
        guard let other, spoken.count == segments.count, let first = spoken.firstIndex(where: isChecked),
            let last = spoken.lastIndex(where: isChecked)
        else { return nil }
        let rest =
            other.numbers[spoken[last]] != nil
            ? spoken[(last + 1)...].map { "[\($0)]" } : Array(spoken[(last + 1)...].prefix(1).filter(Self.heardAfterName.contains))
        let grammar = Grammar.check(
            (first...last).map { i in
                if onlyNumbers { return other.numberAlternatives(for: spoken[i]).map { "(\(spoken[i]) | \($0))" } ?? spoken[i] }
                return other.alternatives(for: spoken[i], after: Array(spoken[max(0, i - 2)..<i])) { words, history in
                    lock.withLock { openDecoder?.scores(words, after: history) } ?? []
                } ?? spoken[i]
            } + rest)
        let span = (segments[first].startFrame - Self.otherWordPadding)...(segments[last + rest.count].endFrame + Self.otherWordPadding)
        guard let heard = try? lock.withLock({ try check.decode(features.frames(span), grammar: grammar) }) else { return [] }
        let words = heard.words.map(\.baseWord)
        guard words.contains(where: { $0.hasPrefix(CommonWords.prefix) }) else { return nil }
        return words.map { $0.hasPrefix(CommonWords.prefix) ? String($0.dropFirst(CommonWords.prefix.count)) : $0 }
    }

    /// The command's words as heard again with only its state word open
    /// (`Grammar.stateCheck`), by a decoder that scores only the senones its
    /// tiny search needs; nil when the command has no single state word. When
    /// the two hearings disagree, the state is in doubt and nothing switches:
    /// at 20 dB, flite kal's final "off" was heard as "on" by the grammar's
    /// search and as "off" by this one, and the plug was switched the wrong way.
    /// On all of bench/speech/corpus.py's sets heard so far (4,436 in-grammar
    /// and 2,788 out-of-grammar utterances each way, clean / 20 dB): wrong 2 /
    /// 12 → 1 / 8 (five such "off"s refused), right 4,133 / 4,057 and
    /// accepted 21 / 19 unchanged. Real-time factor with 100 devices and
    /// 1,000 shortcuts 0.091–0.092 → 0.095–0.100, a home's 0.087–0.088 →
    /// 0.093–0.094 (`voiceplug bench --speech`, one core, three runs each,
    /// interleaved). A check that fails to decode hears nothing, which is doubt too.
    /// A verb that says the state ("enable", "deactivate") is checked alike,
    /// open to the verbs of the other state (`Grammar.stateCheck`): flite
    /// slt's "disable the nail lamp" at 20 dB was heard as "enable …" (margin
    /// 19.2) and switched the lamp on. On the 2,194 utterances of
    /// bench/speech/corpus.py's sets up to the twenty-seventh (and its
    /// variants set) that say such a verb (1,524 of them commands, clean and
    /// 20 dB together) and the 192 of the thirty-second and thirty-third:
    /// wrong 1 → 0, right 1,432 → 1,431 (the same voice's "activate the
    /// fondue pot …", heard as "enable …" and again as "deactivate …"),
    /// accepted 2 both.
    /// The state word is optional there: a command heard with a state word
    /// that was never said is refused too. bench/speech/corpus.py's
    /// fifty-third set, written before it was heard: "espresso please", with
    /// a device "Nespresso" and a shortcut "espresso time", was heard
    /// without the garbage loop as "nespresso off please" (margins 27.5–33.1)
    /// and switched the machine off in 4 of its 16 hearings; heard again, it
    /// had no state word. Those 4 are refused now. Of the 5,527 files that
    /// set and twenty others had accepted, heard again, three others: flite
    /// awb's "power on the vinyl cutter", clean and at 20 dB, heard as "turn
    /// the vinyl player to off" (margins 25.6 and 21.0), and a command lost,
    /// espeak-ng en-us+anika's "disable the window candle in the hallway" at
    /// 20 dB, heard as "the window candle in the hallway off".
    /// Tried and left out, on bench/speech/corpus.py's sets (their accepted
    /// files heard again): the other state favoured by a weight (JSGF "/1/ on
    /// | /W/ off") so that a state heard narrowly is refused. At W = 1e4, on
    /// nine sets (2,198 files), six commands lost (four "activate" heard as
    /// "deactivate") and neither of espeak-ng en+f4's "off" heard as "on"
    /// (the forty-eighth set, clean) refused; those took 1e5. And the names'
    /// words open to phones (the unknown name's loop, its first phone
    /// weighing 1e-13 / 1e-10, each further one `Grammar.unknownPhoneWeight`),
    /// on eleven sets (2,804 files, the fifty-fifth among them): 9 / 12
    /// non-commands refused, 4 / 7 of them that set's "turn off the turnip"
    /// heard as "… turntable", and the two wrong states, but 197 / 275
    /// commands lost: espeak-ng's voices say many names unlike the dictionary.
    private func stateHeardAgain(_ spoken: [String], features: Features, by check: PocketSphinxDecoder) -> [String]? {
        guard let grammar = Grammar.stateCheck(spoken) else { return nil }
        let again = try? lock.withLock { try check.decode(features, grammar: grammar) }
        return again?.words.map(\.baseWord) ?? []
    }
}
