import ChildProcesses
import EspeakNG
import Foundation
import PocketSphinx
import VoiceShortcuts

/// Pronunciations from espeak-ng's IPA (American English, or another of its
/// English accents) and from flite's lexicon and letter-to-sound rules
/// (`t2p`), mapped to the model's phones: for words the dictionary does not
/// know ("Vornado"), and as other ways to say the words it does.
package enum LetterToSound {
    /// IPA symbols → ARPAbet phones, longest first (with Scottish English's ʉ,
    /// "cooler" K UW L ER, and West Midlands English's diphthongs: "heater" EY T AH).
    private static let table: [(String, [String])] = [
        ("tʃ", ["CH"]), ("dʒ", ["JH"]), ("eɪ", ["EY"]), ("aɪ", ["AY"]), ("ɔɪ", ["OY"]), ("aʊ", ["AW"]), ("oʊ", ["OW"]),
        ("əʊ", ["OW"]), ("əu", ["OW"]), ("ei", ["EY"]), ("ɪɹ", ["IH", "R"]), ("ɛɹ", ["EH", "R"]), ("ʊɹ", ["UH", "R"]),
        ("ɑːɹ", ["AA", "R"]), ("ɔːɹ", ["AO", "R"]),
        ("i", ["IY"]), ("ɪ", ["IH"]), ("ᵻ", ["IH"]), ("e", ["EH"]), ("ɛ", ["EH"]), ("æ", ["AE"]), ("a", ["AA"]), ("ɑ", ["AA"]),
        ("ɒ", ["AA"]), ("ɔ", ["AO"]), ("o", ["OW"]), ("ʊ", ["UH"]), ("u", ["UW"]), ("ʉ", ["UW"]), ("ʌ", ["AH"]), ("ə", ["AH"]),
        ("ɐ", ["AH"]),
        ("ɜ", ["ER"]), ("ɚ", ["ER"]), ("ɝ", ["ER"]), ("ɹ", ["R"]), ("r", ["R"]), ("ɾ", ["T"]), ("p", ["P"]), ("b", ["B"]),
        ("t", ["T"]), ("d", ["D"]), ("k", ["K"]), ("g", ["G"]), ("ɡ", ["G"]), ("f", ["F"]), ("v", ["V"]), ("θ", ["TH"]),
        ("ð", ["DH"]), ("s", ["S"]), ("z", ["Z"]), ("ʃ", ["SH"]), ("ʒ", ["ZH"]), ("h", ["HH"]), ("m", ["M"]), ("n", ["N"]),
        ("ŋ", ["NG"]), ("l", ["L"]), ("ɬ", ["L"]), ("w", ["W"]), ("j", ["Y"]), ("x", ["K"]), ("ç", ["HH"]),
    ]

    /// The phones espeak-ng gives each of `words` (a word it says nothing
    /// usable for is left out; none without espeak-ng's data). One call of
    /// its library (`EspeakNG`) for all of them, each word its own clause
    /// (see `batch`); should the answer not come back one word each, every
    /// word is asked on its own.
    package static func phones(for words: [String], accent: Accent = .american) -> [String: [String]] {
        batch(words) { text in
            (EspeakNG.ipa(ofClauses: text, voice: accent.rawValue) ?? []).map { map(ipa: $0) }
        }
    }

    /// The phones flite's `t2p` gives each of `words` (none when flite is
    /// missing): its lexicon and rules are not the dictionary's, and flite's
    /// voices say what they give — "deactivate" D IY K T AH V EY T, without
    /// the dictionary's AE, and "xmas" spelled out.
    package static func flitePhones(for words: [String]) -> [String: [String]] {
        batch(words) { text in
            // Phones with stress digits ("ey1"), a pause ("pau") around each sentence.
            let phones = ((try? SpawnedProcess.run("t2p", [text]))?.text ?? "").split(whereSeparator: \.isWhitespace).map {
                symbol -> String in
                let bare = symbol.filter { !$0.isNumber }
                return fliteNames[bare] ?? bare.uppercased()
            }
            return phones.split(separator: "PAU").map { word in word.allSatisfy(modelPhones.contains) ? Array(word) : nil }
        }
    }

    /// flite's names for the model's phones where they differ.
    private static let fliteNames = ["ax": "AH", "axr": "ER"]
    private static let modelPhones = Set(Grammar.phones.map { $0.uppercased() })

    /// Asks `pronounce` for all `words` at once, each its own clause, and should the answer not come back one
    /// pronunciation each, every word on its own.
    /// (Measurements and history: docs/speech.md, "LetterToSound: batch".)
    private static func batch(_ words: [String], pronounce: (String) -> [[String]?]) -> [String: [String]] {
        // Only the grammar's words, letters and digits: flite's t2p has them as one argument (never a shell), and
        // espeak-ng as clauses between commas. Both say digits as numbers ("r2" AA R T UW, "ps5" P IY EH S F AY V).
        let safe = words.filter { word in !word.isEmpty && Grammar.isJSGFWord(word) }
        guard !safe.isEmpty else { return [:] }
        let answers = pronounce(safe.joined(separator: ", "))
        var result: [String: [String]] = [:]
        if answers.count == safe.count {
            for (word, phones) in zip(safe, answers) { result[word] = phones }
        } else {
            for word in safe { result[word] = pronounce(word).first ?? nil }
        }
        return result
    }

    /// espeak-ng's voices whose pronunciations are asked for (their names, or else their languages: see `EspeakNG`).
    package enum Accent: String {
        case american = "en-us"
        case british = "en-gb"
        case scottish = "en-gb-scotland"
        case caribbean = "en-029"
        case newYork = "en-us-nyc"
        case westMidlands = "en-gb-x-gbcwmd"
    }

    /// Maps IPA text to phones; stress, length and syllable marks are dropped.
    package static func map(ipa: String) -> [String]? {
        let cleaned = ipa.unicodeScalars.filter {
            !"ˈˌː.̩ \n\t-_'".unicodeScalars.contains($0) && $0.properties.generalCategory != .nonspacingMark
        }
        var rest = Substring(String(String.UnicodeScalarView(cleaned)))
        var phones: [String] = []
        while !rest.isEmpty {
            if let (symbol, mapped) = table.first(where: { rest.hasPrefix($0.0) }) {
                phones += mapped
                rest = rest.dropFirst(symbol.count)
            } else {
                rest = rest.dropFirst()  // a symbol the model has no phone for
            }
        }
        return phones.isEmpty ? nil : phones
    }
}
