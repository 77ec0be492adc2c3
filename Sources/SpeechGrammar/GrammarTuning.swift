import ChildProcesses
import EspeakNG
import PocketSphinx
import VoiceShortcuts

/// The grammar's tuned constants: how heavily and how widely the check of a
/// name's words and the numbers are weighted. The measurements behind each
/// are in docs/speech.md.
package enum GrammarTuning {
    /// A command that only just cleared the open-vocabulary pass (by less than `otherWordMargin`) is heard once more
    /// over its names' frames (`otherWordPadding` more on each side), each word of a name open to the
    /// `otherWordCount` common English words nearest to it (`CommonWords`: the language model's 5,000 most frequent,
    /// nearest by …
    /// (Measurements and history: docs/speech.md, "GrammarTuning: otherWordWeight".)
    package static let otherWordWeight = "1e-35"
    package static let otherWordCount = 50
    /// Besides the 50 nearest frequent words, each checked word is open to the 25 nearest of the language model's
    /// 20,000 most frequent words (`CommonWords.count`) that are not among those and differ from it by two phones or
    /// more.
    /// (Measurements and history: docs/speech.md, "GrammarTuning: otherWordRareCount".)
    package static let otherWordRareCount = 25
    /// A checked word after another word of its name (or area, or shortcut's phrase) is also open to the words the
    /// language model has after that one (a bigram of the two: "heat" → "pump", "gun", "wave"; the open pass's model,
    /// `PocketSphinxDecoder.scores`), and after two words of it, to those it has after the two (a trigram: "let the"
    /// …
    /// (Measurements and history: docs/speech.md, "GrammarTuning: companionCount".)
    package static let companionCount = 60
    package static let companionWeight = "1e-20"
    /// The weight of each other number a word with a number in it is checked against (`OtherWords.otherNumbers`):
    /// "lamp 4" for a configured "lamp 2".
    /// (Measurements and history: docs/speech.md, "GrammarTuning: numberWeight".)
    package static let numberWeight = "1e-20"
    package static let companionSkipped = 300
    /// How many of the frequent words nearest to it a name of one word is open to when it is checked
    /// (`otherWordCount` for the other names' words), besides the `otherWordRareCount` rarer ones.
    /// (Measurements and history: docs/speech.md, "GrammarTuning: oneWordNameCount".)
    package static let oneWordNameCount = 120
}
