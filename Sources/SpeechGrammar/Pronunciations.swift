import ChildProcesses
import EspeakNG
import Foundation
import PocketSphinx
import VoiceShortcuts

/// The pronunciation dictionary of a grammar: the model's own entries for
/// the grammar's words, letter-to-sound for the rest, and a `g_` twin of each
/// word for the garbage loop.
package struct Pronunciations {
    /// word → its pronunciations (phone lists).
    package private(set) var entries: [String: [[String]]] = [:]
    /// Words that could not be pronounced (left out of the grammar).
    package private(set) var unpronounceable: [String] = []

    /// Looks `words` up in the dictionary file at `path` (cmudict format); words it lacks get espeak-ng's
    /// pronunciations, and each of `variants` also gets espeak-ng's where they differ from the dictionary's: people
    /// (and synthesizers) say "fountain" as F AW N T IH N as well as the dictionary's F AW N T AH N, and British
    /// speakers "lamp" …
    /// (Measurements and history: docs/speech.md, "Pronunciations: package init(".)
    package init(
        words: Set<String>, dictionary path: String, variants: Set<String> = [], names: Set<String> = [], spelled: Set<String> = []
    )
        throws
    {
        entries = try Self.read(path, keeping: words.contains)
        let missing = words.filter { entries[$0] == nil }
        let asked = missing.union(variants.intersection(words)).sorted()
        let named = names.intersection(words).sorted()
        let pronouncers: [@Sendable () -> [String: [String]]] =
            [
                { LetterToSound.phones(for: asked) }, { LetterToSound.phones(for: asked, accent: .british) },
                { LetterToSound.flitePhones(for: asked) },
            ]
            + Self.nameAccents.map { accent in { LetterToSound.phones(for: named, accent: accent) } }
            + [{ Self.saidInPairs(words) }]
        let answers = Self.concurrently(pronouncers)
        for word in words.sorted() {
            let regional =
                variants.contains(word)
                ? (Self.regionalVariants[word] ?? []) + Self.linkedVariants(entries[word] ?? [], of: word) : []
            let letters = spelled.contains(word) ? Self.spelled(word).map { [$0] } ?? [] : []
            for phones in answers.compactMap({ $0[word] }) + regional + letters where !(entries[word] ?? []).contains(phones) {
                entries[word, default: []].append(phones)
            }
            if entries[word] == nil { unpronounceable.append(word) }
        }
    }

    /// The words of three or four digits said in pairs (`NumberWords.pairs`), as
    /// espeak-ng says each pair; espeak-ng and flite say them only as
    /// numbers ("360" three hundred and sixty). "turn on the xbox three
    /// sixty" by flite slt and espeak-ng en-us, for a device called "Xbox
    /// 360": refused both (margin 13.9, and a wrong state heard again); "turn
    /// on the room one oh one light" into the garbage path both.
    package static func saidInPairs(_ words: Set<String>) -> [String: [String]] {
        let paired = words.sorted().compactMap { word in NumberWords.pairs(of: word).map { (word, $0) } }
        guard !paired.isEmpty else { return [:] }
        let phones = LetterToSound.phones(for: Set(paired.flatMap(\.1)).sorted())
        return Dictionary(
            uniqueKeysWithValues: paired.compactMap { word, parts in
                let said = parts.compactMap { phones[$0] }
                return said.count == parts.count ? (word, said.flatMap { $0 }) : nil
            })
    }

    /// `word` said letter by letter ("led" EH L IY D IY): a word written in
    /// capitals in a name ("LED strip 2") is said so, and espeak-ng and flite,
    /// who know the word "led", say it so only in a sentence; nil when it is not all letters a to z.
    package static func spelled(_ word: String) -> [String]? {
        let names: [Character: [String]] = [
            "a": ["EY"], "b": ["B", "IY"], "c": ["S", "IY"], "d": ["D", "IY"], "e": ["IY"], "f": ["EH", "F"],
            "g": ["JH", "IY"], "h": ["EY", "CH"], "i": ["AY"], "j": ["JH", "EY"], "k": ["K", "EY"], "l": ["EH", "L"],
            "m": ["EH", "M"], "n": ["EH", "N"], "o": ["OW"], "p": ["P", "IY"], "q": ["K", "Y", "UW"], "r": ["AA", "R"],
            "s": ["EH", "S"], "t": ["T", "IY"], "u": ["Y", "UW"], "v": ["V", "IY"],
            "w": ["D", "AH", "B", "AH", "L", "Y", "UW"], "x": ["EH", "K", "S"], "y": ["W", "AY"], "z": ["Z", "IY"],
        ]
        let letters = word.map { names[$0] }
        guard !letters.isEmpty, !letters.contains(where: { $0 == nil }) else { return nil }
        return letters.flatMap { $0! }
    }

    /// Each job's answer, in the jobs' order, all asked at once, each on a thread of its own (`Started`; the grammar's
    /// words' jobs, and the verbs' accents in `regionalVariants`). When espeak-ng was a process per job (about 0.3 ms
    /// a word), with 100 devices and 1,000 shortcuts (`voiceplug bench --speech`, two rounds interleaved, on this
    /// machine's two cores): start 0.82–0.92 → 0.72–0.77 s, rebuild 0.42–0.44 → 0.35–0.36 s; on one core as before
    /// (0.79–0.82 s); `voiceplug hear --json` byte-identical. Now espeak-ng's library answers one job at a time
    /// (`EspeakNG`), in a few milliseconds, while flite's `t2p`, a process, answers its own.
    package static func concurrently(_ jobs: [@Sendable () -> [String: [String]]]) -> [[String: [String]]] {
        jobs.map { Started($0) }.map { (try? $0.value()) ?? [:] }
    }

    /// The entries of the dictionary file at `path` (cmudict format) for the words `keeping` accepts.
    package static func read(_ path: String, keeping: (String) -> Bool) throws -> [String: [[String]]] {
        var entries: [String: [[String]]] = [:]
        try scan(path) { word, phones in
            guard keeping(word) else { return }
            entries[word, default: []].append(phones().split(separator: " ").map(String.init))
        }
        return entries
    }

    /// Every word of the dictionary file at `path` that `keeping` accepts, once each, in the file's order.
    package static func words(_ path: String, keeping: (String) -> Bool) throws -> [String] {
        var words: [String] = []
        var seen = Set<String>()  // a word's alternates need not follow it ("aaronson", "aaronson's", "aaronson(2)")
        try scan(path) { word, _ in
            if keeping(word), seen.insert(word).inserted { words.append(word) }
        }
        return words
    }

    /// Each line of the dictionary file at `path`: its word (without the number of an alternate: "lamp" for
    /// "lamp(2)") and, when asked, its phones. Read as bytes with `memchr`: as characters, the 134,000 lines of
    /// the model's dictionary took 0.2 s (and a debug build's byte loop 0.6 s).
    private static func scan(_ path: String, _ line: (String, () -> String) -> Void) throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SpeechError.model("cannot read the pronunciation dictionary \(path)")
        }
        data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            guard let base = buffer.baseAddress else { return }
            /// The offset of the first `byte` in `range`, or nil.
            func find(_ byte: UInt8, _ range: Range<Int>) -> Int? {
                memchr(base + range.lowerBound, Int32(byte), range.count).map { UnsafeRawPointer($0) - base }
            }
            func text(_ range: Range<Int>) -> String {
                String(decoding: UnsafeRawBufferPointer(rebasing: buffer[range]), as: UTF8.self)
            }
            var start = 0
            while start < buffer.count {
                let end = find(UInt8(ascii: "\n"), start..<buffer.count) ?? buffer.count
                defer { start = end + 1 }
                guard let gap = find(UInt8(ascii: " "), start..<end) else { continue }
                let wordEnd = find(UInt8(ascii: "("), start..<gap) ?? gap
                line(text(start..<wordEnd), { text((gap + 1)..<end) })
            }
        }
    }

    /// The command's own verbs and "on"/"off" as Scottish, Caribbean and New York English say them (espeak-ng's
    /// accents): "turn" T AH R N (Scottish) and T AH IH N (New York), "activate" AA K T IH V EY T (Caribbean).
    /// (Measurements and history: docs/speech.md, "Pronunciations: regionalVariants".)
    private static let regionalVariants: [String: [[String]]] = {
        let words = commandVerbs.union(Grammar.states).sorted()
        var found: [String: [[String]]] = [:]
        let accents: [LetterToSound.Accent] = [.scottish, .caribbean, .newYork]
        for answer in concurrently(accents.map { accent in { LetterToSound.phones(for: words, accent: accent) } }) {
            for (word, phones) in answer { found[word, default: []].append(phones) }
        }
        return found
    }()

    /// The accents whose ways of saying them the words of names, areas and shortcuts get too (`Grammar.nameWords`):
    /// espeak-ng's Scottish and West Midlands English, whose voices say names unlike the dictionary and American and
    /// British English and lost them to the loops of words and phones (West Midlands English's "time" T OY M, …
    /// (Measurements and history: docs/speech.md, "Pronunciations: nameAccents".)
    package static let nameAccents: [LetterToSound.Accent] = [.scottish, .westMidlands]

    /// The spoken commands' verbs ("turn", "activate", …).
    private static let commandVerbs = Grammar.verbs.union(Grammar.fixedVerbs)

    /// A command verb ending in the affricate JH also ends in Z: "change" before a vowel ("change on the …", "change
    /// our …", "change off …"), as espeak-ng says it, was heard as "to you dont …" and lost to the garbage loop.
    /// (Measurements and history: docs/speech.md, "Pronunciations: linkedVariants".)
    package static func linkedVariants(_ known: [[String]], of word: String) -> [[String]] {
        guard commandVerbs.contains(word) else { return [] }
        return known.filter { $0.last == "JH" }.map { $0.dropLast() + ["Z"] }
    }

    /// The dictionary file's text: each word and its garbage twin, and the phones as garbage words (twice: see `Grammar.unknownPrefix`).
    package var fileText: String {
        var lines: [String] = []
        for (word, variants) in entries.sorted(by: { $0.key < $1.key }) {
            for (plain, garbage) in zip(Self.lines(word, variants), Self.lines(Grammar.garbagePrefix + word, variants)) {
                lines += [plain, garbage]
            }
        }
        for prefix in [Grammar.phonePrefix, Grammar.unknownPrefix] {
            lines += Grammar.phones.map { "\(prefix)\($0) \($0.uppercased())" }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The dictionary lines of `word` said each of `variants` ways ("lamp L AE M P", "lamp(2) L AA M P").
    package static func lines(_ word: String, _ variants: [[String]]) -> [String] {
        variants.enumerated().map { index, phones in "\(word)\(index == 0 ? "" : "(\(index + 1))") \(phones.joined(separator: " "))" }
    }
}
