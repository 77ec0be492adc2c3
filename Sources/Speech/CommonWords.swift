import Foundation
import Synchronization

/// The most frequent English words of the model's language model, with the
/// dictionary's pronunciations: what a name's word in a heard command may have
/// been instead (see `SpeechRecognizer.otherWordWeight`).
struct CommonWords: Sendable {
    /// Each word and its pronunciations, the most frequent first.
    let entries: [(word: String, pronunciations: [[String]])]
    /// The dictionary lines of the words, written with `prefix` (kept apart from the grammar's own words).
    let dictionaryText: String

    static let prefix = "o_"

    /// How many words: the first `count` words of the language model that
    /// the dictionary has and that are letters only.
    static let count = 5000

    init(entries: [(word: String, pronunciations: [[String]])]) {
        self.entries = entries
        dictionaryText = entries.flatMap { Pronunciations.lines(Self.prefix + $0.word, $0.pronunciations) }.map { $0 + "\n" }.joined()
    }

    /// The common words of the model at `model` (its `en-us.lm.bin` and
    /// dictionary), read once per process and model.
    static func of(model: String) throws -> CommonWords {
        try cache.withLock { cached in
            if let words = cached[model] { return words }
            let path = model + "/cmudict-en-us.dict"
            let words = try Pronunciations.words(path) { word in word.unicodeScalars.allSatisfy { ("a"..."z").contains($0) } }
            let scores = try PocketSphinxDecoder.unigramScores(languageModel: model + "/en-us.lm.bin", words: words)
            let ranked = zip(words, scores).compactMap { word, score in score.map { (word, $0) } }
                .sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 < $1.0 }.prefix(count).map(\.0)
            let chosen = Set(ranked)
            let dictionary = try Pronunciations.read(path, keeping: chosen.contains)
            let common = CommonWords(entries: ranked.map { ($0, dictionary[$0] ?? []) })
            cached[model] = common
            return common
        }
    }

    private static let cache = Mutex<[String: CommonWords]>([:])

    /// The `count` words whose pronunciations are nearest to one of
    /// `pronunciations` (fewest phones changed, added or left out; the more
    /// frequent first among equals), but for words said alike.
    func nearest(to pronunciations: [[String]], count: Int) -> [String] {
        let distances = entries.indices.map { index in
            entries[index].pronunciations.flatMap { phones in pronunciations.map { Self.distance(phones, $0) } }.min() ?? .max
        }
        return entries.indices.filter { distances[$0] > 0 }.sorted { (distances[$0], $0) < (distances[$1], $1) }
            .prefix(count).map { entries[$0].word }
    }

    /// The edit distance of two phone sequences.
    static func distance(_ a: [String], _ b: [String]) -> Int {
        var previous = Array(0...b.count)
        for (i, phone) in a.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for j in b.indices {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (phone == b[j] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}

/// The check of a heard command's name words against common English words
/// (see `SpeechRecognizer.otherWordsHeard`): each checked word's nearest
/// common words as JSGF alternatives, found on first use.
final class OtherWords: Sendable {
    /// The words checked (`Grammar.nameWords`) and their pronunciations in the grammar's dictionary.
    let checked: [String: [[String]]]
    let common: CommonWords
    private let found = Mutex<[String: String]>([:])

    init(checked: [String: [[String]]], common: CommonWords) {
        self.checked = checked
        self.common = common
    }

    /// `word` or one of its nearest common words, each of those with `SpeechRecognizer.otherWordWeight`
    /// ("(snow | /1e-35/ o_so | …)"); nil when `word` is not checked.
    func alternatives(for word: String) -> String? {
        guard let pronunciations = checked[word] else { return nil }
        return found.withLock { found in
            if let known = found[word] { return known }
            let others = common.nearest(to: pronunciations, count: SpeechRecognizer.otherWordCount)
            let text =
                others.isEmpty
                ? word : "(\(word) | " + Grammar.weighted(others.map { CommonWords.prefix + $0 }, SpeechRecognizer.otherWordWeight) + ")"
            found[word] = text
            return text
        }
    }
}
