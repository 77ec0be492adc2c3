import ChildProcesses
import EspeakNG
import Foundation
import PocketSphinx
import Synchronization
import VoiceShortcuts

/// The check of a heard command's name words against common English words
/// (see `SpeechRecognizer.otherWordsHeard`): each checked word's nearest
/// common words as JSGF alternatives, found on first use.
package final class OtherWords: Sendable {
    /// The words checked (`Grammar.nameWords`) and their pronunciations in the grammar's dictionary.
    package let checked: [String: [[String]]]
    /// The words that follow each other in a name (`Grammar.nameRuns`).
    package let runs: Set<[String]>
    /// The names of one word (`Grammar.oneWordNames`), open to more common words (`GrammarTuning.oneWordNameCount`).
    package let oneWordNames: Set<String>
    package let common: CommonWords
    /// Each checked word with a number in it and the same word with other numbers (`otherNumbers`).
    package let numbers: [String: [String]]
    /// Each checked word's nearest common words, and its alternatives after the words before it.
    private let found = Mutex<(near: [String: [String]], texts: [TextKey: String])>(([:], [:]))
    /// A checked word and the words before it its alternatives were found after.
    private struct TextKey: Hashable {
        package var history: [String]
        package var word: String
    }

    package init(
        checked: [String: [[String]]], runs: Set<[String]>, oneWordNames: Set<String> = [], common: CommonWords,
        numbers: [String: [String]] = [:]
    ) {
        self.checked = checked
        self.runs = runs
        self.oneWordNames = oneWordNames
        self.common = common
        self.numbers = numbers
    }

    /// Takes what `previous` found that holds here too: each word's nearest common words when its pronunciations are
    /// the same, and its alternatives when the names' runs and numbers are the same as well (the open decoder, whose
    /// scores they were found with, is the same for every grammar a recognizer builds).
    /// (Measurements and history: docs/speech.md, "CommonWords: keep".)
    package func keep(from previous: OtherWords) {
        let (near, texts) = previous.found.withLock { ($0.near, $0.texts) }
        let sameRuns = runs == previous.runs && numbers == previous.numbers
        func same(_ word: String) -> Bool {
            checked[word] != nil && checked[word] == previous.checked[word]
                && oneWordNames.contains(word) == previous.oneWordNames.contains(word)
        }
        found.withLock { found in
            for (word, words) in near where same(word) { found.near[word] = words }
            guard sameRuns else { return }
            for (key, text) in texts where same(key.word) { found.texts[key] = text }
        }
    }

    /// Each of `words` with a digit and its other numbers (`otherNumbers`),
    /// and the dictionary lines of those, written with `CommonWords.prefix`,
    /// as espeak-ng (American) and flite say them ("o_ps4 P IY EH S F AO R").
    package static func numbers(of words: Set<String>) -> (numbers: [String: [String]], dictionaryText: String) {
        let numbers = Dictionary(
            uniqueKeysWithValues: words.filter { $0.contains(where: \.isASCIIDigit) }.map { ($0, otherNumbers(of: $0)) })
        let all = Set(numbers.values.joined()).sorted()
        let answers = Pronunciations.concurrently([{ LetterToSound.phones(for: all) }, { LetterToSound.flitePhones(for: all) }])
        let lines = all.flatMap { word in
            var pronunciations: [[String]] = []
            for phones in answers.compactMap({ $0[word] }) where !pronunciations.contains(phones) { pronunciations.append(phones) }
            return Pronunciations.lines(CommonWords.prefix + word, pronunciations)
        }
        return (numbers, lines.map { $0 + "\n" }.joined())
    }

    /// `word`'s other numbers (`otherNumbers`), each with `GrammarTuning.numberWeight`; nil when it has none.
    package func numberAlternatives(for word: String) -> String? {
        guard let numbers = numbers[word], !numbers.isEmpty else { return nil }
        return Grammar.weighted(numbers.map { CommonWords.prefix + $0 }, GrammarTuning.numberWeight)
    }

    /// `word` with each of its numbers (its runs of digits) replaced by another one that could be meant instead: 0 to
    /// 20 and the tens to 100, the one before and after, and the number with one digit changed ("ps5": "ps0" …
    /// "ps20", "ps4", "ps6"; "2000": "1000", "2100", …).
    /// (Measurements and history: docs/speech.md, "CommonWords: otherNumbers".)
    package static func otherNumbers(of word: String) -> [String] {
        let characters = Array(word)
        var variants: [String] = []
        var start = 0
        while start < characters.count {
            guard characters[start].isASCIIDigit else {
                start += 1
                continue
            }
            var end = start
            while end < characters.count, characters[end].isASCIIDigit { end += 1 }
            let digits = characters[start..<end]
            var numbers = (Array(0...20) + Array(stride(from: 30, through: 100, by: 10))).map(String.init)
            if digits.count < 10, let value = Int(String(digits)) {
                numbers += [value - 1, value + 1].filter { $0 >= 0 }.map(String.init)
            }
            for position in digits.indices {
                for digit in "0123456789" where digit != digits[position] && (position != start || digit != "0" || digits.count == 1) {
                    var changed = digits
                    changed[position] = digit
                    numbers.append(String(changed))
                }
            }
            for number in numbers {
                let variant = String(characters[..<start]) + number + String(characters[end...])
                if variant != word, !variants.contains(variant) { variants.append(variant) }
            }
            start = end
        }
        return variants
    }

    /// `word` or one of its nearest common words, each of those with
    /// `GrammarTuning.otherWordWeight` ("(snow | /1e-35/ o_so | …)"), or one
    /// of the words a language model has after the last one and the last two
    /// of `before` (when a name has them so before `word`; `scores` of words
    /// after some words), each of those with `GrammarTuning.companionWeight`;
    /// nil when `word` is not checked.
    package func alternatives(
        for word: String, after before: [String], scores: (_ words: [String], _ after: [String]) -> [Int32?]
    ) -> String? {
        guard let pronunciations = checked[word] else { return nil }
        let histories = (1...2).compactMap { n in
            n <= before.count && runs.contains(before.suffix(n) + [word]) ? Array(before.suffix(n)) : nil
        }
        let key = TextKey(history: histories.last ?? [], word: word)
        return found.withLock { found in
            if let known = found.texts[key] { return known }
            let near =
                found.near[word]
                ?? common.nearest(
                    to: pronunciations,
                    count: oneWordNames.contains(word) ? GrammarTuning.oneWordNameCount : GrammarTuning.otherWordCount,
                    rareCount: GrammarTuning.otherWordRareCount)
            found.near[word] = near
            var companions: [String] = []
            for history in histories {
                let more = common.companions(
                    of: pronunciations, count: GrammarTuning.companionCount, skipping: GrammarTuning.companionSkipped
                ) { scores($0, history) }
                companions += more.filter { !companions.contains($0) }
            }
            // The word written without its accents ("pokemon" for "pokémon") is no other word: the text matcher takes
            // either for the name. Before, espeak-ng en-us's and flite slt's "switch off the pokemon lamp" for a
            // "Pokémon lamp" were refused, the check having heard "pokemon".
            func bare(_ other: String) -> String { other.folding(options: .diacriticInsensitive, locale: nil) }
            let unaccented = bare(word)
            companions.removeAll { bare($0) == unaccented }
            let others = near.filter { !companions.contains($0) && bare($0) != unaccented }
            var choices = [word]
            if let numbers = numberAlternatives(for: word) { choices.append(numbers) }
            if !others.isEmpty {
                choices.append(Grammar.weighted(others.map { CommonWords.prefix + $0 }, GrammarTuning.otherWordWeight))
            }
            if !companions.isEmpty {
                choices.append(Grammar.weighted(companions.map { CommonWords.prefix + $0 }, GrammarTuning.companionWeight))
            }
            let text = choices.count == 1 ? word : "(" + choices.joined(separator: " | ") + ")"
            found.texts[key] = text
            return text
        }
    }
}
