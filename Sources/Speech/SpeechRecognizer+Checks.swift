import Foundation
import PocketSphinx
import SpeechAudio
import SpeechGrammar
import VoiceShortcuts

/// The checks a command is heard again with: its names' words open to others, its state word open.
extension SpeechRecognizer {
    /// The command's words from its first word of a name (`Grammar.nameWords`) to its last, heard again over the
    /// frames they took (and `otherWordPadding` on each side), each word of a name open to its `otherWordCount`
    /// nearest common English words (`CommonWords`, `OtherWords`), each costing `otherWordWeight`, and to the words
    /// the open …
    /// (Measurements and history: docs/speech.md, "SpeechRecognizer: otherWordsHeard".)
    func otherWordsHeard(
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
        let padding = Self.tuning.otherWordPadding
        let span = (segments[first].startFrame - padding)...(segments[last + rest.count].endFrame + padding)
        guard let heard = try? lock.withLock({ try check.decode(features.frames(span), grammar: grammar) }) else { return [] }
        let words = heard.words.map(\.baseWord)
        guard words.contains(where: { $0.hasPrefix(CommonWords.prefix) }) else { return nil }
        return words.map { $0.hasPrefix(CommonWords.prefix) ? String($0.dropFirst(CommonWords.prefix.count)) : $0 }
    }

    /// The command's words as heard again with only its state word open (`Grammar.stateCheck`), by a decoder that
    /// scores only the senones its tiny search needs; nil when the command has no single state word.
    /// (Measurements and history: docs/speech.md, "SpeechRecognizer: stateHeardAgain".)
    func stateHeardAgain(_ spoken: [String], features: Features, by check: PocketSphinxDecoder) -> [String]? {
        var heard: [String]?
        // The state word open, then an everyday verb open (`Grammar.verbCheck`): the first that hears otherwise.
        for grammar in [Grammar.stateCheck(spoken), Grammar.verbCheck(spoken)].compactMap({ $0 }) {
            let again = try? lock.withLock { try check.decode(features, grammar: grammar) }
            heard = again?.words.map(\.baseWord) ?? []
            if heard != spoken { return heard }
        }
        return heard
    }

    /// How much better, a frame of its state word, the command as heard explains the audio than with the other
    /// state's words there (`Grammar.otherState`), the margin it needs (`onStateMargin` or `offStateMargin`; none
    /// when a verb says the state) and whether it says on; nil when the command has no single state word.
    /// `asHeard` is the command heard again as heard (`Grammar.check`).
    /// (Measurements and history: docs/speech.md, "SpeechRecognizer: stateMargin".)
    func stateMargin(
        _ spoken: [String], features: Features, by check: PocketSphinxDecoder, asHeard: () -> PocketSphinxDecoder.Decoding?
    ) -> (margin: Double, needed: Double?, saysOn: Bool)? {
        guard let other = Grammar.otherState(spoken), let heard = asHeard(),
            let margin = margin(heard, over: other.grammar, atWords: other.index...other.index, of: spoken, features: features, by: check)
        else { return nil }
        let needed = other.particleSays.map { $0 == .on ? Self.tuning.onStateMargin : Self.tuning.offStateMargin }
        return (margin, needed, other.particleSays == .on)
    }

    /// Whether `text` only asks about plugs ("is the kettle on", "are any plugs on"), switching nothing.
    func asksOnly(_ text: String) -> Bool {
        switch lock.withLock({ decoders.matcher.request(text) }) {
        case .success(.question)?, .success(.groupQuestion)?: true
        default: false
        }
    }

    /// How many samples later the audio is begun for the state margin's other phases of the frames: a third and two
    /// thirds of a frame's step (`stateMargin`'s "on", heard at three phases).
    static func phaseShifts(frameRate: Int) -> [Int] {
        let step = RecognizerAudio.sampleRate / max(1, frameRate)
        return [step / 3, 2 * step / 3]
    }

    /// How much better, a frame of its state word, the command as heard explains the audio than with "up" or "down"
    /// there, or "to high" or "to low" when the dictionary has them (`Grammar.upOrDown`); nil when the command has no
    /// state particle or those hearings failed.
    /// `asHeard` is the command heard again as heard (`Grammar.check`).
    /// (Measurements and history: docs/speech.md, "SpeechRecognizer: upDownMargin".)
    func upDownMargin(
        _ spoken: [String], features: Features, by check: PocketSphinxDecoder, asHeard: () -> PocketSphinxDecoder.Decoding?
    ) -> Double? {
        guard let other = Grammar.upOrDown(spoken), let heard = asHeard() else { return nil }
        let upDown = margin(heard, over: other.grammar, atWords: other.words, of: spoken, features: features, by: check)
        guard lock.withLock({ decoders.otherWords != nil }), let level = Grammar.upOrDown(spoken, levels: true),
            let levels = margin(heard, over: level.grammar, atWords: level.words, of: spoken, features: features, by: check)
        else { return upDown }
        return min(upDown ?? levels, levels)
    }

    /// How much better, a frame of the words at `indices` (of the whole utterance when the words heard are not the
    /// words spoken), the command as heard explains the audio than `grammar` does; nil when that hearing failed.
    private func margin(
        _ heard: PocketSphinxDecoder.Decoding, over grammar: String, atWords indices: ClosedRange<Int>, of spoken: [String],
        features: Features,
        by check: PocketSphinxDecoder
    ) -> Double? {
        lock.withLock {
            guard let otherwise = try? check.decode(features, grammar: grammar) else { return nil }
            let frames = heard.words.count == spoken.count ? heard.words[indices].reduce(0) { $0 + $1.frameCount } : heard.frames
            return Double(Int(heard.score) - Int(otherwise.score)) / Double(max(1, frames))
        }
    }

    /// A toggle heard, as the command it says best with "turn", "switch" or "power" and "on" or "off" in the
    /// place of "toggle" (`Grammar.toggleCheck`); nil when that hearing failed.
    func toggleSaid(_ spoken: [String], features: Features, by check: PocketSphinxDecoder) -> String? {
        guard let grammar = Grammar.toggleCheck(spoken),
            let said = try? lock.withLock({ try check.decode(features, grammar: grammar) }).words.map(\.baseWord),
            said.count == spoken.count + 1
        else { return nil }
        return said.joined(separator: " ")
    }

    /// How much better, a frame, the name heard explains its frames than any other device's name does
    /// (`Grammar.otherNames`), and that name; nil when the command names no one device by a name another has not,
    /// or no other name fits those frames at all.
    /// `asHeard` is the command heard again as heard (`Grammar.check`).
    /// (Measurements and history: docs/speech.md, "SpeechRecognizer: nameMargin".)
    func nameMargin(
        _ spoken: [String], features: Features, by check: PocketSphinxDecoder, asHeard: () -> PocketSphinxDecoder.Decoding?
    ) -> (margin: Double, other: String)? {
        let (matcher, shortcuts, sayings) = lock.withLock { (decoders.matcher, decoders.shortcuts, decoders.sayings) }
        let text = spoken.joined(separator: " ")
        guard shortcuts.voiceShortcut(forNormalizedPhrase: text) == nil,
            let device = matcher.match(text, shortcuts: shortcuts).intent?.deviceID,
            let other = Grammar.otherNames(spoken, device: device, sayings: sayings),
            let heard = asHeard(), heard.words.count == spoken.count
        else { return nil }
        return lock.withLock {
            let name = heard.words[other.name]
            guard let first = name.first?.startFrame, let last = name.last?.endFrame, last > first else { return nil }
            let frames = features.frames(first...last)
            // No pruning: another name far worse than the one heard is still a score (with the usual beams, all of
            // them were lost on names as unlike as "heat gun" and "corner light").
            let beam = Self.tuning.nameCheckBeam
            guard let own = try? check.decode(frames, grammar: Grammar.check(Array(spoken[other.name])), beam: beam), !own.words.isEmpty,
                let otherwise = try? check.decode(frames, grammar: other.grammar, beam: beam), !otherwise.words.isEmpty
            else { return nil }
            return (Double(Int(own.score) - Int(otherwise.score)) / Double(last - first + 1), otherwise.hypothesis)
        }
    }
}
