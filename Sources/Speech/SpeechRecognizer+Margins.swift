import PocketSphinx
import SpeechAudio
import SpeechGrammar
import VoiceShortcuts

/// What a hearing must clear — the threshold, and the margin a second hearing
/// needs — and the frequency warps a voice is heard with.
extension SpeechRecognizer {
    /// Each utterance's features are made with a frequency warp chosen by the voice's pitch (a crude
    /// vocal-tract-length normalisation): a low voice's frequencies are scaled up (0.9), a high voice's down (1.2),
    /// towards the model's average speaker — below 100 Hz 0.9, below 150 Hz 1.0, above that 1.2.
    /// (Measurements and history: docs/speech.md, "SpeechRecognizer+Margins: warps".)
    package static func warp(pitch: Double?) -> Double {
        let warps = tuning.warps
        guard let pitch else { return warps[1] }
        return pitch < 100 ? warps[0] : pitch < 150 ? warps[1] : warps[2]
    }

    /// The warp an utterance is heard with again when the first found no command, and the margin beyond `threshold`
    /// that second hearing needs.
    /// (Measurements and history: docs/speech.md, "SpeechRecognizer+Margins: retryWarp".)
    package static func retryWarp(after first: Double) -> Double {
        first == tuning.warps[0] ? tuning.warps[2] : tuning.warps[0]
    }

    /// The words heard with a name's words when one of them comes right after (see `otherWordsHeard`): over the
    /// name's frames and `otherWordPadding` more, a common word took the name's end and the beginning of the state
    /// word or "to" after it, where the command's words, heard to the end of that word, win.
    /// (Measurements and history: docs/speech.md, "SpeechRecognizer+Margins: heardAfterName".)
    package static let heardAfterName = Grammar.states.union(["to"])

    /// Whether the open pass heard a word of a name that comes before another (`OtherWords.runs`) of a checked word
    /// (`OtherWords.checked`), but not that word after it: a near miss, whatever the margin, of the kind the check's
    /// companions are for ("switch on the photo frame" heard as "… the photo printer" by the grammar and as it was …
    /// (Measurements and history: docs/speech.md, "SpeechRecognizer+Margins: openHeardAnotherName".)
    package static func openHeardAnotherName(_ spoken: [String], openHeard: String, words other: OtherWords?) -> Bool {
        guard let other else { return false }
        let heard = openHeard.split(separator: " ").map(String.init)
        return spoken.indices.dropFirst().contains { index in
            let (before, word) = (spoken[index - 1], spoken[index])
            guard other.checked[word] != nil, other.runs.contains([before, word]), heard.contains(before) else { return false }
            return !heard.indices.dropLast().contains { heard[$0] == before && heard[$0 + 1] == word }
        }
    }

    /// Whether `spoken` says a name of one word (`OtherWords.oneWordNames`), not as part of a longer name ("lamp"
    /// beside a "desk lamp"): a near miss, whatever the margin, checked as the near misses are.
    /// (Measurements and history: docs/speech.md, "SpeechRecognizer+Margins: saidOneWordName".)
    package static func saidOneWordName(_ spoken: [String], words other: OtherWords?) -> Bool {
        guard let other else { return false }
        return spoken.indices.contains { index in
            guard other.oneWordNames.contains(spoken[index]) else { return false }
            let before = index > 0 && other.runs.contains([spoken[index - 1], spoken[index]])
            let after = index + 1 < spoken.count && other.runs.contains([spoken[index], spoken[index + 1]])
            return !before && !after
        }
    }

    /// How much less than the usual margin a voice shortcut's phrase, heard
    /// whole, needs when the open-vocabulary pass heard at most one of its
    /// words (`shortcutAllowance`); nothing for other phrases.
    package static func marginAllowance(isShortcut: Bool, spoken: [String], openHeard: String) -> Double {
        guard isShortcut, Set(spoken).intersection(PhraseNormalizer.words(openHeard)).count <= 1 else { return 0 }
        return tuning.shortcutAllowance
    }

    /// How much better, per frame, the grammar's `heard` explains the audio than the open-vocabulary pass's `open`
    /// (over `frames`, `heard`'s own by default): the margin every hearing, reply and wake phrase must clear.
    package static func margin(
        of heard: PocketSphinxDecoder.Decoding, against open: PocketSphinxDecoder.Decoding, frames: Int? = nil
    ) -> Double {
        Double(Int(heard.score) - Int(open.score)) / Double(max(1, frames ?? heard.frames))
    }

    /// The tuned constants every recognizer uses.
    package static let tuning = RecognizerTuning.standard

    /// The margin a command must clear unless the recognizer is made with another (`RecognizerTuning.threshold`).
    public static let defaultThreshold = tuning.threshold
}
