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
    package static let warps = [0.9, 1.0, 1.2]
    package static func warp(pitch: Double?) -> Double {
        guard let pitch else { return 1.0 }
        return pitch < 100 ? 0.9 : pitch < 150 ? 1.0 : 1.2
    }

    /// The warp an utterance is heard with again when the first found no command, and the margin beyond `threshold`
    /// that second hearing needs.
    /// (Measurements and history: docs/speech.md, "SpeechRecognizer+Margins: retryWarp".)
    package static func retryWarp(after first: Double) -> Double { first == 0.9 ? 1.2 : 0.9 }
    package static let retryMargin = 12.0

    /// The frames a second every utterance is heard with first (the model's).
    /// (Measurements and history: docs/speech.md, "SpeechRecognizer+Margins: frameRate".)
    package static let frameRate = 100

    /// Slow speech is heard as if it were faster: an utterance whose first hearing found no command and whose path
    /// took at least `slowFramesPerPhone` frames a phone is heard again, all its hearings, with features made
    /// `slowFrameRate` times a second (14 ms apart, the window as long as before), so that a slow phone takes about
    /// as many …
    /// (Measurements and history: docs/speech.md, "SpeechRecognizer+Margins: slowFramesPerPhone".)
    package static let slowFramesPerPhone = 11.0
    package static let slowFrameRate = 71

    /// The margin beyond `threshold` a command heard without the garbage loop needs (`Grammar.withoutGarbage`), and
    /// how many frames before the end of the first hearing's garbage words its words may end.
    /// (Measurements and history: docs/speech.md, "SpeechRecognizer+Margins: forcedMargin".)
    package static let forcedMargin = 8.0
    package static let forcedEnding = 20

    /// How much worse, per frame of the unknown name's phones, a configured name may fit when an utterance whose name
    /// went into the unknown name (`Grammar.unknownNameWeight`, after a determiner) is heard again without it and
    /// without the garbage loop (`Grammar.withoutUnknownNames`), with the same warp.
    /// (Measurements and history: docs/speech.md, "SpeechRecognizer+Margins: unknownNameShortfall".)
    package static let unknownNameShortfall = 4.0

    /// A command whose margin is under the one it needs plus this is a near miss, heard again with its names' words
    /// open (`otherWordsHeard`); so is every voice shortcut's phrase, whatever its margin.
    /// (Measurements and history: docs/speech.md, "SpeechRecognizer+Margins: otherWordMargin".)
    package static let otherWordMargin = 6.0
    package static let otherWordPadding = 5

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
        return shortcutAllowance
    }
    /// A shortcut's phrase is a few common words ("all done", "welcome home", "dinner is served"), which free English
    /// explains nearly as well as the phrase does: of the shortcuts said on bench/speech/corpus.py's sets heard so
    /// far, 1,156 of 1,390 were heard right (83.2 %; the other commands of the same voices about 90 %), and many of …
    /// (Measurements and history: docs/speech.md, "SpeechRecognizer+Margins: shortcutAllowance".)
    package static let shortcutAllowance = 3.0

    /// Hearings with noise removal (see `sharedArguments`) need this much
    /// less than `threshold`: 17, as every hearing did before noise removal
    /// was kept for ringing speech, whose answers stay as they were.
    package static let noiseRemovalAllowance = 2.0

    /// 19 since noise removal is kept for ringing speech (see `sharedArguments`): without it margins of commands and
    /// non-commands alike move, and 2 more keep the false accepts about where they were.
    /// (Measurements and history: docs/speech.md, "SpeechRecognizer+Margins: defaultThreshold".)
    public static let defaultThreshold = 19.0
}
