import Foundation

/// The pronunciation dictionary of a grammar: the model's own entries for
/// the grammar's words, letter-to-sound for the rest, and a `g_` twin of each
/// word for the garbage loop.
struct Pronunciations {
    /// word → its pronunciations (phone lists).
    private(set) var entries: [String: [[String]]] = [:]
    /// Words that could not be pronounced (left out of the grammar).
    private(set) var unpronounceable: [String] = []

    /// Looks `words` up in the dictionary file at `path` (cmudict format).
    init(words: Set<String>, dictionary path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SpeechError.model("cannot read the pronunciation dictionary \(path)")
        }
        let text = String(decoding: data, as: UTF8.self)
        for line in text.split(separator: "\n") {
            guard let space = line.firstIndex(of: " ") else { continue }
            var word = line[..<space]
            if let paren = word.firstIndex(of: "(") { word = word[..<paren] }  // alternates: lamp(2)
            let key = String(word)
            guard words.contains(key) else { continue }
            entries[key, default: []].append(line[line.index(after: space)...].split(separator: " ").map(String.init))
        }
        for word in words.sorted() where entries[word] == nil {
            if let phones = LetterToSound.phones(for: word) {
                entries[word] = [phones]
            } else {
                unpronounceable.append(word)
            }
        }
    }

    /// The dictionary file's text: each word and its garbage twin.
    var fileText: String {
        var lines: [String] = []
        for (word, variants) in entries.sorted(by: { $0.key < $1.key }) {
            for (index, phones) in variants.enumerated() {
                let suffix = index == 0 ? "" : "(\(index + 1))"
                lines.append("\(word)\(suffix) \(phones.joined(separator: " "))")
                lines.append("\(Grammar.garbagePrefix)\(word)\(suffix) \(phones.joined(separator: " "))")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
