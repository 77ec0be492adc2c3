import ChildProcesses
import EspeakNG
import PocketSphinx
import VoiceShortcuts

/// The garbage path's words and the weights of its loops: what speech that is
/// no known phrase falls into (see `Grammar`).
extension Grammar {
    package static let garbagePrefix = "g_"
    /// The penalty of each garbage word (JSGF weights only work before words).
    /// 1e-10 → 1e-12 once the phone loop and the British pronunciations were
    /// in: on bench/speech/corpus.py's four earlier sets in-grammar right
    /// 94.3% / 92.5% → 96.4% / 94.6% (clean / 20 dB), out-of-grammar accepted
    /// 0.5% / 0.5% → 0.8% / 0.8%.
    package static let garbageWeight = "1e-12"

    /// The en-us model's phones, each also a garbage word (`g_ph_aa` is AA).
    /// (Measurements and history: docs/speech.md, "Grammar+Garbage: phones".)
    package static let phones = [
        "aa", "ae", "ah", "ao", "aw", "ay", "b", "ch", "d", "dh", "eh", "er", "ey", "f", "g", "hh", "ih",
        "iy", "jh", "k", "l", "m", "n", "ng", "ow", "oy", "p", "r", "s", "sh", "t", "th", "uh", "uw", "v",
        "w", "y", "z", "zh",
    ]
    package static let phonePrefix = garbagePrefix + "ph_"
    package static let phoneWeight = "1e-12"
    /// A device that does not exist, said in a command's frame ("switch on my sous vide", "please switch off the
    /// attic vent"), was forced onto a configured name with a sound or a word in common ("string lights", "office
    /// lamp"), and the margin against free English did not see it (11–22, where right commands have about 10–30): …
    /// (Measurements and history: docs/speech.md, "Grammar+Garbage: unknownNameWeight".)
    package static let unknownNameWeight = "1e-20"
    package static let unknownPhoneWeight = "3e-3"
    /// The unknown name's phones are words of their own, so that a hearing
    /// knows which loop of phones it went into (see `SpeechRecognizer.unknownNameShortfall`).
    /// Not after an area (`areaUnknownWeight`): there the area's words fit
    /// already, and a short name that does not exist ("power off the bathroom
    /// fan") was heard again as the area's device ("… bathroom hair iron").
    package static let unknownPrefix = garbagePrefix + "un_"
    /// A device that does not exist said after an area ("power off the bathroom fan") was forced onto that area's
    /// device ("… bathroom hair iron", margins 21–36, by four of the twentieth set's eight voices): `<unknown>` came
    /// only straight after the determiner.
    /// (Measurements and history: docs/speech.md, "Grammar+Garbage: areaUnknownWeight".)
    package static let areaUnknownWeight = "1e-25"
    /// A near miss of a shortcut, its first words and then others, was forced onto the shortcut, and the margin
    /// against free English did not see one word in three or four: the twenty-fifth set's "my feet are cold" ("my
    /// feet are sore" switches the foot massager) switched the plug for all eight voices, clean and at 20 dB (margins
    /// …
    /// (Measurements and history: docs/speech.md, "Grammar+Garbage: shortcutPhoneWeight".)
    package static let shortcutPhoneWeight = "1e-20"

    /// Frequent English words, most of which no command form uses.
    /// (Measurements and history: docs/speech.md, "Grammar+Garbage: chatterWords".)
    package static let chatterWords = [
        "a", "and", "are", "at", "can", "do", "does", "for", "have", "how", "i", "is", "it",
        "me", "not", "of", "that", "there", "they", "this", "was", "we", "what", "when", "where",
        "who", "why", "will", "with", "would", "you",
    ]
}
