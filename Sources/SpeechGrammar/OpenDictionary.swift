import ChildProcesses
import EspeakNG
import Foundation
import PocketSphinx
import VoiceShortcuts

/// The open decoder's dictionary (see `SpeechRecognizer.makeOpenDecoder`): the lines of the model's dictionary of the
/// language model's most frequent words (`wordCount`), in the dictionary's order.
/// (Measurements and history: docs/speech.md, "OpenDictionary: OpenDictionary".)
package enum OpenDictionary {
    /// How many words: the language model's most frequent (see `text`).
    /// (Measurements and history: docs/speech.md, "OpenDictionary: wordCount".)
    package static let wordCount = 10_000

    /// Runs `start` with the path of the dictionary the open decoder reads (PocketSphinx reads it while a decoder
    /// starts): the language model's most frequent words, kept in `folder` (made there when missing, damaged or made
    /// from another model).
    /// (Measurements and history: docs/speech.md, "OpenDictionary: withPath".)
    package static func withPath<Result>(
        model: String, in folder: URL? = KeptFile.defaultFolder, _ start: (String) throws -> Result
    ) throws -> Result {
        let (kept, text) = keptOrMade(in: folder, model: model)
        if let kept { return try start(kept) }
        let whole = model + "/cmudict-en-us.dict"
        guard let text else { return try start(whole) }
        return try TemporaryFile.with(text, named: "open", fileExtension: "dict", start, unwritten: { _, _ in try start(whole) })
    }

    /// One at a time in a process: recognizers started at once do not each make the file.
    private static let making = NSLock()

    /// The file of the language model's most frequent words in `folder`, made
    /// when it is not there whole; nil when it cannot be made or written.
    package static func kept(in folder: URL, model: String) -> String? { keptOrMade(in: folder, model: model).path }

    /// The kept file's path (see `kept`); when there is none and it cannot be
    /// kept, the text it would have had; neither when the words cannot be found.
    private static func keptOrMade(in folder: URL?, model: String) -> (path: String?, text: String?) {
        making.withLock {
            let file = folder.flatMap { keptFile(in: $0, model: model) }
            if let file, file.body() != nil { return (file.url.path, nil) }
            guard let text = try? text(model: model) else { return (nil, nil) }
            file?.store(text)
            if let file, file.body() != nil { return (file.url.path, nil) }
            return (nil, text)
        }
    }

    /// The file of `model`'s most frequent language-model words in `folder`
    /// (see `KeptFile`); nil when the model's files cannot be read.
    package static func keptFile(in folder: URL, model: String) -> KeptFile? {
        KeptFile("language-model-words", format: "2, \(wordCount) words", model: model, in: folder, fileExtension: "dict")
    }

    /// The dictionary's lines (cmudict format) of the `wordCount` words the
    /// language model scores highest as unigrams (`PocketSphinxDecoder.mostFrequent`), in the dictionary's order.
    package static func text(model: String) throws -> String {
        let path = model + "/cmudict-en-us.dict"
        let words = try Pronunciations.words(path) { _ in true }
        let kept = Set(try PocketSphinxDecoder.mostFrequent(words, languageModel: model + "/en-us.lm.bin", count: wordCount))
        let entries = try Pronunciations.read(path, keeping: kept.contains)
        return words.filter(kept.contains).flatMap { Pronunciations.lines($0, entries[$0] ?? []) }.map { $0 + "\n" }.joined()
    }
}
