import Foundation
import PocketSphinx
import SpeechAudio
import SpeechGrammar
import VoiceShortcuts

/// One hearing of an utterance's features: the grammar's path, the margin against free English, and the checks a
/// command is heard again with; what it decided, and what the cascade's next hearing needs to know of it.
extension SpeechRecognizer {
    /// One hearing's answer, and what a next hearing needs to know of it.
    struct Hearing {
        package var recognition: Recognition
        /// Refused because the state was heard otherwise again (see
        /// `stateHeardAgain`), which another warp does not settle.
        package var stateInDoubt = false
        /// Refused because another device's name explained the audio nearly as well (see `nameMargin`), which
        /// another warp does not settle either.
        package var nameInDoubt = false
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

    /// One hearing of features made with one warp; a command needs `threshold + extra` (and its form's
    /// `Grammar.extraMargin`). `shifted` gives the features of the same audio begun that many samples later.
    /// (Measurements and history: docs/speech.md, "SpeechRecognizer: recognize".)
    func recognize(
        _ features: Features, as pass: RecognitionPass, extra: Double, removingNoise: Bool,
        forcedOnto speech: ClosedRange<Int>? = nil, unknownName: GarbagePath? = nil, first: Bool = false,
        shifted: (_ samples: Int) -> Features? = { _ in nil }
    ) throws -> Hearing {
        var pass = pass
        let (decoding, words, phones, check, otherWords, shortcuts) = try lock.withLock {
            let forced = unknownName == nil ? decoders.forced : decoders.forcedKnown
            let decoding = speech == nil ? try decoders.searched(features) : try forced?.search().decode(features)
            let words = decoding?.words ?? []
            let phones = first ? words.reduce(0) { $0 + decoders.grammar.phoneCount(of: $1.word) } : 0
            return (decoding, words, phones, decoders.grammar, decoders.otherWords, decoders.shortcuts)
        }
        let speechFrames = words.reduce(0) { $0 + $1.frameCount }
        let framesPerPhone = phones > 0 ? Double(speechFrames) / Double(phones) : nil
        func refused(_ hypothesis: String, margin: Double? = nil, because reason: String) -> Hearing {
            pass.decision = reason
            return Hearing(
                recognition: Recognition(text: nil, confidence: 0, hypothesis: hypothesis, margin: margin, trace: [pass]),
                framesPerPhone: framesPerPhone)
        }
        guard let decoding else { return refused("", because: "no search") }
        pass.heard = decoding.hypothesis
        let garbage = words.filter { $0.word.hasPrefix(Grammar.garbagePrefix) }
        let commandWords = words.filter { !$0.word.hasPrefix(Grammar.garbagePrefix) }
        guard garbage.isEmpty, !commandWords.isEmpty, speechFrames > 0 else {
            var hearing = refused(decoding.hypothesis, because: garbage.isEmpty ? "no command words" : "into the garbage path")
            if let start = words.first?.startFrame, let end = words.last?.endFrame, !garbage.isEmpty {
                hearing.garbage = GarbagePath(
                    frames: start...max(start, end),
                    tookWords: garbage.contains { !$0.word.hasPrefix(Grammar.phonePrefix) && !$0.word.hasPrefix(Grammar.unknownPrefix) },
                    unknownFrames: garbage.filter { $0.word.hasPrefix(Grammar.unknownPrefix) }.reduce(0) { $0 + $1.frameCount },
                    acousticScore: decoding.acousticScore)
            }
            return hearing
        }
        if let speech, let end = words.last?.endFrame, end + Self.tuning.forcedEnding < speech.upperBound {
            return refused(decoding.hypothesis + " | ends before the speech does", because: "ends before the speech does")
        }
        var hypothesis = decoding.hypothesis
        if let unknownName {
            let shortfall = Double(unknownName.acousticScore - decoding.acousticScore) / Double(max(1, unknownName.unknownFrames))
            hypothesis += String(format: " (%.1f a frame worse than the unknown name)", shortfall)
            guard shortfall <= Self.tuning.unknownNameShortfall else {
                return refused(hypothesis, because: String(format: "the name fits %.1f a frame worse than the unknown name", shortfall))
            }
        }
        let spoken = commandWords.map(\.baseWord)
        let text = spoken.joined(separator: " ")
        var margin: Double?, confidence = 1.0, nearMiss = false
        if let openDecoder {
            let open = try lock.withLock { try openDecoder.decode(features) }
            margin = Self.margin(of: decoding, against: open)
            hypothesis += " | " + open.hypothesis
            (pass.openHeard, pass.margin) = (open.hypothesis, margin)
            let isShortcutPhrase = shortcuts.voiceShortcut(forNormalizedPhrase: text) != nil
            let form = Grammar.extraMargin(spoken, isShortcut: isShortcutPhrase, openHeard: PhraseNormalizer.words(open.hypothesis))
            let usual = threshold + extra + form - (removingNoise ? Self.tuning.noiseRemovalAllowance : 0)
            let isShortcut = first && isShortcutPhrase
            let required = usual - Self.marginAllowance(isShortcut: isShortcut, spoken: spoken, openHeard: open.hypothesis)
            pass.required = required
            guard let margin, margin >= required else {
                var hearing = refused(hypothesis, margin: margin, because: "margin below the required")
                if let margin, margin >= required - Self.tuning.askMargin {
                    hearing.recognition.trace[0].candidate =
                        spoken.contains(Grammar.toggleVerb) ? toggleSaid(spoken, features: features, by: check) : text
                }
                return hearing
            }
            // A logistic around the required margin: 0.5 at it, near 1 well above.
            confidence = 1 / (1 + exp(-(margin - required) / 2))
            nearMiss =
                margin < usual + Self.tuning.otherWordMargin || unknownName != nil || isShortcutPhrase
                || Self.openHeardAnotherName(spoken, openHeard: open.hypothesis, words: otherWords)
                || Self.saidOneWordName(spoken, words: otherWords)
        }
        // A toggle is heard (so that it is not heard as a command) but never acted on: "turn off the X" was heard as
        // "toggle the X" five times in households 1-3 and the sixty-second set, none of them said as a toggle. It is
        // asked back as the state the audio says best in its place ("the X, off?").
        if spoken.contains(Grammar.toggleVerb) {
            let said = toggleSaid(spoken, features: features, by: check)
            var hearing = refused(
                hypothesis + (said.map { " | said as: " + $0 } ?? ""), margin: margin,
                because: "a toggle is not taken by voice: say on or off")
            hearing.recognition.trace[0].candidate = said
            return hearing
        }
        // A command heard but with its state or its name in doubt: refused, and asked back as heard.
        func askedBack(_ note: String, because reason: String, doubting doubt: WritableKeyPath<Hearing, Bool>) -> Hearing {
            var hearing = refused(hypothesis + note, margin: margin, because: reason)
            hearing[keyPath: doubt] = true
            hearing.recognition.trace[0].candidate = text
            return hearing
        }
        if let again = stateHeardAgain(spoken, features: features, by: check), again != spoken {
            let heard = again.joined(separator: " ")
            return askedBack(" | again: " + heard, because: "the state heard otherwise: " + heard, doubting: \.stateInDoubt)
        }
        // The command heard again as heard, which the state's and the name's checks both measure against: once.
        var heardAgain: PocketSphinxDecoder.Decoding??
        func asHeard() -> PocketSphinxDecoder.Decoding? {
            if heardAgain == nil { heardAgain = .some(try? lock.withLock { try check.decode(features, grammar: Grammar.check(spoken)) }) }
            return heardAgain ?? nil
        }
        var state = stateMargin(spoken, features: features, by: check, asHeard: asHeard)
        if let heard = state, heard.saysOn, let needed = heard.needed, heard.margin >= needed, !asksOnly(text) {
            // An "on" that clears its margin is measured at two more phases of the frames too, and held to their
            // mean: a shift of a few milliseconds moved an "off" heard as "on" from 13.0 to 16.4 (household 14).
            // Not a question: it switches nothing, and cannot be asked back.
            let others = Self.phaseShifts(frameRate: pass.frameRate).compactMap { shift in
                shifted(shift).flatMap { moved in
                    stateMargin(spoken, features: moved, by: check) {
                        try? lock.withLock { try check.decode(moved, grammar: Grammar.check(spoken)) }
                    }?.margin
                }
            }
            state?.margin = (others + [heard.margin]).reduce(0, +) / Double(others.count + 1)
        }
        pass.stateMargin = state?.margin
        func stateInDoubt(_ margin: Double, saysOn: Bool, _ how: String = "") -> Hearing {
            let (said, other) = saysOn ? ("on", "off") : ("off", "on")
            return askedBack(
                String(format: " | \(said) by %.1f\(how)", margin),
                because: String(format: "\(said) not surely heard: %.1f better than \(other)\(how)", margin), doubting: \.stateInDoubt)
        }
        // A question is held to it for "on" alone: "is the X off" and "is the X on" are answered alike.
        if let state, let needed = state.needed, state.saysOn || !asksOnly(text) {
            if state.margin < needed { return stateInDoubt(state.margin, saysOn: state.saysOn) }
            // With an adaptation, held to it without the adaptation too: one learned from a household's voices had
            // "on" fit another voice's "power off" better than "off" by 54.5 a frame, the unadapted model by 0.6.
            if let unadapted = lock.withLock({ decoders.unadapted }),
                let plain = stateMargin(
                    spoken, features: features, by: unadapted,
                    asHeard: { try? lock.withLock { try unadapted.decode(features, grammar: Grammar.check(spoken)) } })
            {
                pass.unadaptedStateMargin = plain.margin
                if plain.margin < needed { return stateInDoubt(plain.margin, saysOn: state.saysOn, " without the adaptation") }
            }
        }
        if Grammar.saysPowerUp(spoken), !asksOnly(text) {
            return askedBack(
                " | \"power up\" is asked back", because: "\"power up\" is asked back: \"power off\" is heard so",
                doubting: \.stateInDoubt)
        }
        let upDown = upDownMargin(spoken, features: features, by: check, asHeard: asHeard)
        pass.upDownMargin = upDown
        if let upDown, upDown < Self.tuning.upDownMargin {
            return askedBack(
                String(format: " | not up or down by %.1f", upDown),
                because: String(format: "the state not surely heard: %.1f better than up or down", upDown), doubting: \.stateInDoubt)
        }
        let name = nameMargin(spoken, features: features, by: check, asHeard: asHeard)
        pass.nameMargin = name?.margin
        if let name, name.margin < Self.tuning.nameMargin {
            return askedBack(
                String(format: " | the name by %.1f over: ", name.margin) + name.other,
                because: String(format: "the name not surely heard: %.1f better than another's", name.margin), doubting: \.nameInDoubt)
        }
        // A near miss or a shortcut's phrase is heard again with its names' words open (see `otherWordMargin`); any
        // other command, with its names' numbers open, whatever the margin (see `numberWeight`).
        if let others = otherWordsHeard(
            spoken, over: commandWords, features: features, by: check, words: otherWords, onlyNumbers: !nearMiss)
        {
            var hearing = refused(
                hypothesis + " | heard as: " + others.joined(separator: " "), margin: margin,
                because: "the names' words heard as: " + others.joined(separator: " "))
            hearing.wordsHeardOtherwise = true
            return hearing
        }
        pass.decision = "accepted"
        return Hearing(recognition: Recognition(text: text, confidence: confidence, hypothesis: hypothesis, margin: margin, trace: [pass]))
    }
}
