import Foundation

/// The open decoder's dictionary (see `SpeechRecognizer.makeOpenDecoder`):
/// the lines of the model's dictionary whose words its language model has,
/// in the dictionary's order — the only words a language model's search can
/// hear, 79,420 of the 134,723 lines. PocketSphinx reads its whole
/// dictionary while a decoder starts, one decoder at a time
/// (`PocketSphinxDecoder.starting`), so the lines it cannot use delayed
/// every decoder of a start. With 100 devices and 1,000 shortcuts
/// (`voiceplug bench --speech`, three rounds interleaved) start 0.84–1.04 →
/// 0.77–0.80 s on one core, 0.68–0.72 → 0.61–0.66 s on two; `voiceplug hear
/// --json` identical on 1,280 corpus files (two sets of bench/speech/corpus.py).
enum OpenDictionary {
    /// The dictionary the open decoder reads: the language model's words,
    /// kept in `KeptFile.defaultFolder` (made there when missing, damaged or
    /// made from another model); the model's whole dictionary when they cannot be kept.
    static func path(model: String) -> String {
        making.withLock { KeptFile.defaultFolder.flatMap { kept(in: $0, model: model) } ?? model + "/cmudict-en-us.dict" }
    }

    /// One at a time in a process: recognizers started at once do not each make the file.
    private static let making = NSLock()

    /// The file of the language model's words in `folder`, made when it is
    /// not there whole; nil when it cannot be made or written.
    static func kept(in folder: URL, model: String) -> String? {
        guard let file = keptFile(in: folder, model: model) else { return nil }
        if file.body() != nil { return file.url.path }
        guard let text = try? text(model: model) else { return nil }
        file.store(text)
        return file.body() != nil ? file.url.path : nil
    }

    /// The file of `model`'s language-model words in `folder` (see `KeptFile`); nil when the model's files cannot be read.
    static func keptFile(in folder: URL, model: String) -> KeptFile? {
        KeptFile("language-model-words", format: "1", model: model, in: folder, fileExtension: "dict")
    }

    /// The dictionary's lines (cmudict format) whose words the language model has, in the dictionary's order.
    static func text(model: String) throws -> String {
        let path = model + "/cmudict-en-us.dict"
        let words = try Pronunciations.words(path) { _ in true }
        let scores = try PocketSphinxDecoder.unigramScores(languageModel: model + "/en-us.lm.bin", words: words)
        let known = zip(words, scores).compactMap { word, score in score == nil ? nil : word }
        let entries = try Pronunciations.read(path, keeping: Set(known).contains)
        return known.flatMap { Pronunciations.lines($0, entries[$0] ?? []) }.map { $0 + "\n" }.joined()
    }
}
