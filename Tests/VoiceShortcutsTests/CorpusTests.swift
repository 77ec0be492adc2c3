import Foundation
import Testing
import VoiceShortcuts

/// The development corpus: a copy of `../shared/corpus` in `Tests/Corpus`, so
/// that a clone tests alone.
struct Corpus {
    struct Phrase: Decodable {
        var text: String
        var device: String?
        var state: String?
        var category: String
    }

    struct DeviceList: Decodable {
        struct Entry: Decodable {
            var name: String
            var area: String?
        }
        var devices: [Entry]
    }

    /// `VOICEPLUG_CORPUS` (for example another corpus of the same format),
    /// else `Tests/Corpus` in this repository.
    static let folder: URL = {
        if let given = ProcessInfo.processInfo.environment["VOICEPLUG_CORPUS"] { return URL(fileURLWithPath: given) }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Corpus")
    }()

    struct Missing: Error, CustomStringConvertible {
        var description: String {
            "the development corpus is not at \(Corpus.folder.path): it belongs in Tests/Corpus, or set VOICEPLUG_CORPUS"
        }
    }

    /// The corpus devices as a VoicePlug configuration would hold them.
    static func devices() throws -> [Device] {
        guard FileManager.default.fileExists(atPath: folder.appendingPathComponent("devices.json").path) else { throw Missing() }
        let data = try Data(contentsOf: folder.appendingPathComponent("devices.json"))
        return try JSONDecoder().decode(DeviceList.self, from: data).devices.map {
            Device(id: slug($0.name), name: $0.name, area: $0.area)
        }
    }

    static func phrases() throws -> [Phrase] {
        let text = try String(contentsOf: folder.appendingPathComponent("phrases.jsonl"), encoding: .utf8)
        return try text.split(separator: "\n").map { try JSONDecoder().decode(Phrase.self, from: Data($0.utf8)) }
    }

    /// The corpus README's slug: lower case, runs of non-alphanumerics → "-".
    static func slug(_ name: String) -> String {
        var slug = ""
        var pending = false
        for character in name.lowercased() {
            if character.isLetter || character.isNumber {
                if pending && !slug.isEmpty { slug.append("-") }
                pending = false
                slug.append(character)
            } else {
                pending = true
            }
        }
        return slug
    }
}

@Suite("The development corpus")
struct CorpusTests {
    @Test("every corpus phrase gives its expected answer", arguments: ["template", "noise", "typo", "negative"])
    func corpusCategory(category: String) throws {
        let matcher = PhraseMatcher(devices: try Corpus.devices())
        let phrases = try Corpus.phrases().filter { $0.category == category }
        #expect(!phrases.isEmpty)
        var failures: [String] = []
        for phrase in phrases {
            let result = matcher.match(phrase.text)
            let expected = phrase.device.map { ToggleStateIntent(deviceID: Corpus.slug($0), state: PowerState(rawValue: phrase.state!)!) }
            if result.intent != expected {
                failures.append(
                    "\(phrase.text.debugDescription): expected \(expected.map(String.init(describing:)) ?? "nothing"), got \(result)")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) of \(phrases.count) \(category) phrases wrong:\n\(failures.joined(separator: "\n"))")
    }
}
