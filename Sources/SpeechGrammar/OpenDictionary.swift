import ChildProcesses
import EspeakNG
import Foundation
import PocketSphinx
import VoiceShortcuts

/// The open decoder's dictionary (see `SpeechRecognizer.makeOpenDecoder`):
/// the lines of the model's dictionary of the language model's most frequent
/// words (`wordCount`), in the dictionary's order. A language model's search
/// can hear only the words its language model has, 79,420 of the 134,723
/// lines, and PocketSphinx reads its whole dictionary while a decoder starts,
/// one decoder at a time (`PocketSphinxDecoder.starting`): those lines alone,
/// before the most frequent words were, took the start with 100 devices and
/// 1,000 shortcuts (`voiceplug bench --speech`, three rounds interleaved) from
/// 0.84–1.04 to 0.77–0.80 s on one core, 0.68–0.72 to 0.61–0.66 s on two, and
/// `voiceplug hear --json` was identical on 1,280 corpus files.
package enum OpenDictionary {
    /// How many words: the language model's most frequent (see `text`). With
    /// all its 72,545 words (79,420 lines) the open pass cost more than the
    /// grammar's search it checks, 1.19–1.24 times its CPU time on a command
    /// (`voiceplug bench --speech`, timed inside); with the 10,000 most
    /// frequent (11,775 lines) 0.87–0.90 times. Its best path may take
    /// another word than a rare one said, and the margins moved by −0.4
    /// (median; −2.5 to +1.7 for four in five). On eleven sets of
    /// bench/speech/corpus.py (1,508 commands and 1,508 non-commands each
    /// way, clean / 20 dB): right 1,451 / 1,446 → 1,443 / 1,441, wrong 1 / 0
    /// both, accepted 15 / 16 both ("switch off the modest" as the modem by
    /// flite kal16 in, "turn off the turnip" as the turntable out); at a
    /// threshold of 18.6, 1,446 / 1,444 right and 16 / 16 accepted. 20,000
    /// words cost 0.96–0.97 times the grammar's search (margins −0.1 on 80
    /// held-out files; not heard on the rest). `voiceplug bench --speech` on
    /// one core, three rounds interleaved: real-time factor with 100 devices
    /// and 1,000 shortcuts 0.116–0.153 → 0.106–0.112, a home's 0.104–0.114 →
    /// 0.093–0.111, speech that is no command 0.117–0.130 → 0.114–0.118;
    /// start 0.47–0.55 → 0.35–0.41 s. `voiceplug hear` over 30 held-out
    /// files 0.94–0.97 of the CPU time (two at once, one a core, swapped).
    package static let wordCount = 10_000

    /// Runs `start` with the path of the dictionary the open decoder reads
    /// (PocketSphinx reads it while a decoder starts): the language model's
    /// most frequent words, kept in `folder` (made there when missing,
    /// damaged or made from another model). When they cannot be kept there
    /// (no cache folder, or one that cannot be written), the same words in a
    /// temporary file that lives until `start` returns: a start takes longer
    /// (the words are found again: `voiceplug hear` of one file with neither
    /// this file nor `CommonWords`' kept, 0.92–0.94 s of CPU instead of
    /// 0.58–0.59 s), and the decoder hears as with the kept file
    /// (`voiceplug hear --json` identical on 12 held-out files). It read the
    /// model's whole dictionary then, which was slower to hear with and whose
    /// margins differ a little (see `wordCount`; those 12 files not
    /// identical). The whole dictionary only when the words cannot be found
    /// or written at all.
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
