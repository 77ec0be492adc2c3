import ChildProcesses
import EspeakNG
import Foundation
import PocketSphinx
import Synchronization
import VoiceShortcuts

/// The most frequent English words of the model's language model, with the
/// dictionary's pronunciations: what a name's word in a heard command may have
/// been instead (see `GrammarTuning.otherWordWeight`).
package struct CommonWords: Sendable {
    /// Each word and its pronunciations, the most frequent first.
    package let entries: [(word: String, pronunciations: [[String]])]
    /// The dictionary lines of the words, written with `prefix` (kept apart from the grammar's own words).
    package let dictionaryText: String
    /// Each entry's pronunciations as phone codes (`code`), for `nearest`.
    private let codes: [[[UInt8]]]
    /// The entries' words, one array for every look-up of their n-gram
    /// scores (the decoder keeps their ids while it is given the same array).
    private let words: [String]

    package static let prefix = "o_"

    /// How many words: the first `count` words of the language model that
    /// the dictionary has and that are letters only; the first
    /// `frequentCount` of them are the frequent ones (see `nearest`).
    package static let count = 20_000
    package static let frequentCount = 5000

    package init(entries: [(word: String, pronunciations: [[String]])]) {
        self.entries = entries
        codes = entries.map { $0.pronunciations.map(Self.code) }
        words = entries.map(\.word)
        dictionaryText = entries.flatMap { Pronunciations.lines(Self.prefix + $0.word, $0.pronunciations) }.map { $0 + "\n" }.joined()
    }

    /// The common words of the model at `model` (its `en-us.lm.bin` and
    /// dictionary), found once per process and model, and kept in a file in
    /// `KeptFile.defaultFolder` for the next process (see `stored(in:model:)`).
    package static func of(model: String) throws -> CommonWords {
        try cache.withLock { cached in
            if let words = cached[model] { return words }
            let folder = KeptFile.defaultFolder
            if let folder, let kept = stored(in: folder, model: model) {
                cached[model] = kept
                return kept
            }
            let common = try found(model: model)
            if let folder { common.store(in: folder, model: model) }
            cached[model] = common
            return common
        }
    }

    private static let cache = Mutex<[String: CommonWords]>([:])

    /// The first `count` letter-only words of the model's dictionary by
    /// their unigram scores in its language model, with their pronunciations:
    /// two readings of the dictionary's 134,000 lines and one of the language
    /// model, about 0.25 s of a start (one core, `voiceplug bench --speech`).
    package static func found(model: String) throws -> CommonWords {
        let path = model + "/cmudict-en-us.dict"
        let words = try Pronunciations.words(path) { word in word.unicodeScalars.allSatisfy { ("a"..."z").contains($0) } }
        let ranked = try PocketSphinxDecoder.mostFrequent(words, languageModel: model + "/en-us.lm.bin", count: count)
        let chosen = Set(ranked)
        let dictionary = try Pronunciations.read(path, keeping: chosen.contains)
        return CommonWords(entries: ranked.map { ($0, dictionary[$0] ?? []) })
    }

    /// The file of `model`'s common words in `folder` (see `KeptFile`); nil when the model's files cannot be read.
    package static func keptFile(in folder: URL, model: String) -> KeptFile? {
        KeptFile("common-words", format: "2, \(count) words", model: model, in: folder, fileExtension: "txt")
    }

    /// The common words kept in `folder` for `model`, when its file is there,
    /// whole, and made from the model as it is (`KeptFile`); else nil, and
    /// they are found again. A line a word, its pronunciations after tabs.
    package static func stored(in folder: URL, model: String) -> CommonWords? {
        guard let body = keptFile(in: folder, model: model)?.body() else { return nil }
        // Split as UTF-8 bytes: as characters, the 20,000 lines took 0.12 s, most of what the kept file saves.
        func string(_ bytes: Substring.UTF8View) -> String { String(decoding: bytes, as: UTF8.self) }
        let (newline, tab, space) = (UInt8(ascii: "\n"), UInt8(ascii: "\t"), UInt8(ascii: " "))
        var lines = body.split(separator: newline, omittingEmptySubsequences: false)
        guard lines.popLast()?.isEmpty == true else { return nil }
        var entries: [(word: String, pronunciations: [[String]])] = []
        entries.reserveCapacity(lines.count)
        for line in lines {
            let fields = line.split(separator: tab, omittingEmptySubsequences: false)
            guard let word = fields.first, !word.isEmpty, !word.contains(space) else { return nil }
            entries.append((string(word), fields.dropFirst().map { $0.split(separator: space).map(string) }))
        }
        return CommonWords(entries: entries)
    }

    /// Keeps the common words in `folder` for `model` (see `stored(in:model:)`),
    /// written whole or not at all; a folder that cannot be written is no error.
    package func store(in folder: URL, model: String) {
        var text = ""
        for entry in entries {
            text += ([entry.word] + entry.pronunciations.map { $0.joined(separator: " ") }).joined(separator: "\t") + "\n"
        }
        Self.keptFile(in: folder, model: model)?.store(text)
    }

    /// The `count` frequent words (the first `frequentCount`) whose
    /// pronunciations are nearest to one of `pronunciations` (fewest phones
    /// changed, added or left out; the more frequent first among equals), but
    /// for words said alike; then the `rareCount` nearest of all the words
    /// that are not among those and differ by at least two phones (see
    /// `GrammarTuning.otherWordRareCount`).
    package func nearest(to pronunciations: [[String]], count: Int, rareCount: Int = 0) -> [String] {
        let target = pronunciations.map(Self.code)
        var rows = EditRows()
        let frequent = codes.indices.prefix(Self.frequentCount)
        let distances = frequent.map { rows.distance(codes[$0], target, limit: .max) ?? .max }
        let nearest = frequent.filter { distances[$0] > 0 }.sorted { (distances[$0], $0) < (distances[$1], $1) }.prefix(count)
        guard rareCount > 0 else { return nearest.map { entries[$0].word } }
        let taken = Set(nearest)
        // Most of the 20,000 words are further than a few phones: bound the distance, and widen it only when too few are found.
        var limit = 3
        while true {
            let found = codes.indices.compactMap { index -> (Int, Int)? in
                // The frequent words' distances are known already.
                let known = index < distances.count ? distances[index] : nil
                guard !taken.contains(index), let found = known ?? rows.distance(codes[index], target, limit: limit),
                    (2...limit).contains(found)
                else { return nil }
                return (found, index)
            }
            if found.count >= rareCount || limit >= 64 {
                return (nearest + found.sorted { $0 < $1 }.prefix(rareCount).map(\.1)).map { entries[$0].word }
            }
            limit *= 2
        }
    }

    /// The words that a language model has after some words, by `scores`
    /// (each given word's n-gram score after them, nil for none; empty for no
    /// words at all), the likeliest first, `count` of them: but the `skipping`
    /// most frequent words, and words within one phone of one of
    /// `pronunciations` (see `GrammarTuning.companionCount`).
    package func companions(
        of pronunciations: [[String]], count: Int, skipping: Int, scores: ([String]) -> [Int32?]
    ) -> [String] {
        let likeliest = scores(words).enumerated().dropFirst(skipping).compactMap { index, score in score.map { (index, $0) } }
            .sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 < $1.0 }
        let target = pronunciations.map(Self.code)
        var rows = EditRows()
        return likeliest.lazy.map(\.0).filter { rows.distance(codes[$0], target, limit: 1) == nil }.prefix(count).map { entries[$0].word }
    }

    /// The edit distance of two phone sequences.
    package static func distance(_ a: [String], _ b: [String]) -> Int {
        var rows = EditRows()
        return rows.distance([code(a)], [code(b)], limit: .max) ?? .max
    }

    /// A phone sequence as small codes (the model's phones in `Grammar.phones`' order; any other phone one more).
    private static func code(_ phones: [String]) -> [UInt8] {
        phones.map { phoneCodes[$0] ?? UInt8(Grammar.phones.count) }
    }
    private static let phoneCodes = Dictionary(
        uniqueKeysWithValues: Grammar.phones.enumerated().map { ($0.element.uppercased(), UInt8($0.offset)) })
}

/// The two rows of an edit-distance table, kept from one word to the next:
/// with rows of their own for each of the 20,000 words, and phones as
/// strings, `voiceplug bench --speech`'s commands took about 0.01 more of
/// real time.
private struct EditRows {
    private var previous: [Int] = []
    private var current: [Int] = []

    /// The least edit distance between one of `a` and one of `b`, or nil when every one is over `limit`.
    package mutating func distance(_ a: [[UInt8]], _ b: [[UInt8]], limit: Int) -> Int? {
        var best: Int?
        for x in a {
            for y in b {
                let bound = min(limit, best ?? .max)
                guard abs(x.count - y.count) <= bound, let found = distance(x, y, limit: bound) else { continue }
                best = found
            }
        }
        return best
    }

    /// The edit distance of `a` and `b`, or nil as soon as it must be over `limit`.
    private mutating func distance(_ a: [UInt8], _ b: [UInt8], limit: Int) -> Int? {
        if previous.count <= b.count {
            previous = Array(repeating: 0, count: b.count + 1)
            current = previous
        }
        for j in 0...b.count { previous[j] = j }
        for (i, phone) in a.enumerated() {
            current[0] = i + 1
            var least = current[0]
            for j in b.indices {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (phone == b[j] ? 0 : 1))
                least = min(least, current[j + 1])
            }
            if least > limit { return nil }
            swap(&previous, &current)
        }
        return previous[b.count] <= limit ? previous[b.count] : nil
    }
}

extension Character {
    /// 0 to 9.
    package var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
