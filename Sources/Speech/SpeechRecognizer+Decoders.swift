import Foundation
import PocketSphinx
import SpeechAudio
import SpeechGrammar
import VoiceShortcuts

/// The decoders: the grammar's, the check's and the open-vocabulary pass's, and their options.
extension SpeechRecognizer {
    /// Options both decoders (and so the front ends made from the grammar decoder's) share: 16 kHz, no noise removal,
    /// and `inverse_linear` frequency warping, whose factor each front end sets (see `warps`).
    /// (Measurements and history: docs/speech.md, "SpeechRecognizer+Decoders: sharedArguments".)
    private static let sharedArguments = [
        "-samprate", "16000", "-remove_noise", "no",
        "-warp_type", "inverse_linear", "-warp_params", "1.0",
    ]

    /// The folder of the acoustic model inside `model` (or `model` itself).
    package static func hmmPath(_ model: String) -> String { AcousticModel.hmmPath(model) }

    /// A fast language-model pass: no flat pass, no best path, the search capped at 1,000 HMMs and 3 word exits per
    /// frame, and only the active senones scored with the 2 best Gaussians of each codebook (the grammar pass uses 4;
    /// it scored all senones until `defaultThreshold` was 17).
    /// (Measurements and history: docs/speech.md, "SpeechRecognizer+Decoders: makeOpenDecoder".)
    package static func makeOpenDecoder(model: String, adaptation: SpeakerAdaptation?, dictionary: String? = nil) throws
        -> PocketSphinxDecoder
    {
        try withAdaptation(adaptation) { acoustic in
            func start(_ dictionary: String) throws -> PocketSphinxDecoder {
                try PocketSphinxDecoder(
                    arguments: [
                        "-hmm", hmmPath(model), "-lm", model + "/en-us.lm.bin", "-dict", dictionary,
                        "-fwdflat", "no", "-bestpath", "no", "-maxhmmpf", "1000", "-maxwpf", "3", "-topn", "2", "-ds", "2",
                    ]
                        + acoustic)
            }
            return try dictionary.map(start) ?? OpenDictionary.withPath(model: model, start)
        }
    }

    /// Runs `start` with `sharedArguments` and, when there is an adaptation,
    /// `-mllr` and a file of its checked transform that lives until `start`
    /// returns (decoders read it while they start): every decoder applies it,
    /// and a file changed since it was checked never reaches PocketSphinx.
    package static func withAdaptation<Result>(_ adaptation: SpeakerAdaptation?, _ start: ([String]) throws -> Result) throws -> Result {
        guard let adaptation else { return try start(sharedArguments) }
        return try TemporaryFile.with(
            adaptation.transform, named: "mllr", { file in try start(sharedArguments + ["-mllr", file]) },
            unwritten: { _, error in throw error })
    }

    /// A decoder's first utterance after start decodes differently (its frame counters): spend it on silence.
    package static func warm(_ decoders: GrammarDecoders, with silence: Features) {
        _ = try? decoders.search.decode(silence)
        if let check = Grammar.stateCheck(["on"]) {
            _ = try? decoders.grammar.decode(silence, grammar: check)
            _ = try? decoders.unadapted?.decode(silence, grammar: check)
        }
    }

    /// The grammar's decoder with its searches; it also hears an utterance
    /// again with a grammar of its own (see `stateHeardAgain`).
    package struct GrammarDecoders {
        /// The decoder of the grammar's four searches, and of the front ends.
        /// (Measurements and history: docs/speech.md, "SpeechRecognizer+Decoders: grammar".)
        package let grammar: PocketSphinxDecoder
        package let search: PocketSphinxDecoder.Search
        /// The grammar's search with a wider word beam (`wideWordBeam`), for an utterance `search` lost every path of.
        package let wide: LaterSearch
        /// The grammar without its garbage loop (`Grammar.withoutGarbage`); nil when there is nothing to say.
        package let forced: LaterSearch?
        /// The grammar without its garbage loop and unknown name (`Grammar.withoutUnknownNames`); nil when there is nothing to say.
        package let forcedKnown: LaterSearch?
        /// What a heard text asks for, as the gateway will read it (see `recognize`).
        package let matcher: PhraseMatcher
        package let shortcuts: ShortcutIndex
        /// Each device's names as said, by its id (`Grammar.sayings`).
        package let sayings: [String: [[String]]]
        /// What a heard command's name words may have been instead; nil without the model's language model.
        package let otherWords: OtherWords?
        /// With an adaptation, a decoder of the same words without it, that a state heard is held to as well
        /// (see `recognize`'s state margin); nil without one.
        package let unadapted: PocketSphinxDecoder?

        /// The grammar's search of one utterance's features; when it lost
        /// every path while its best path was a phrase of the grammar's, with
        /// no garbage word (see `wideWordBeam`), heard again with a wider word
        /// beam, whose answer is taken when it is such a phrase too.
        package func searched(_ features: Features) throws(SpeechError) -> PocketSphinxDecoder.Decoding {
            func isPhrase(_ words: [String]) -> Bool { !words.isEmpty && !words.contains { $0.hasPrefix(Grammar.garbagePrefix) } }
            let decoding = try search.decode(features, keepingPartial: true)
            guard decoding.segments.isEmpty, isPhrase(decoding.partial.split(separator: " ").map(String.init)) else { return decoding }
            var again = try wide.search().decode(features)
            guard isPhrase(again.words.map(\.word)) else { return decoding }
            again.hypothesis += " (a wider word beam)"
            return again
        }
    }

    /// The grammar decoders.
    /// (Measurements and history: docs/speech.md, "SpeechRecognizer+Decoders: makeDecoders".)
    package static func makeDecoders(
        devices: [Device], shortcuts: [VoiceShortcut], model: String,
        adaptation: SpeakerAdaptation?, keeping previous: OtherWords? = nil
    ) throws -> GrammarDecoders {
        let hmm = hmmPath(model)
        guard FileManager.default.fileExists(atPath: hmm + "/mdef") else { throw SpeechError.model("no acoustic model at \(model)") }
        let dictionary = model + "/cmudict-en-us.dict"
        func pronounced(_ grammar: Grammar) throws -> Pronunciations {
            try Pronunciations(
                words: grammar.words.union(replyWords), dictionary: dictionary, variants: grammar.commandWords, names: grammar.nameWords,
                spelled: grammar.capitalWords)
        }
        var grammar = Grammar(devices: devices, shortcuts: shortcuts)
        var pronunciations = try pronounced(grammar)
        if !pronunciations.unpronounceable.isEmpty {
            let skip = Set(pronunciations.unpronounceable)
            grammar = Grammar(devices: devices, shortcuts: shortcuts, pronounceable: { !skip.contains($0) })
            pronunciations = try pronounced(grammar)
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("voiceplug-speech-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let jsgfPath = folder.appendingPathComponent("grammar.jsgf").path
        try grammar.jsgf.write(toFile: jsgfPath, atomically: true, encoding: .utf8)
        let dictionaryText = pronunciations.fileText
        // The dictionary has the common words too, for the checks (see `otherWords`), and the other numbers of the
        // names' words with numbers (`OtherWords.otherNumbers`); the grammar's searches use the grammar's words alone.
        let common = FileManager.default.fileExists(atPath: model + "/en-us.lm.bin") ? try CommonWords.of(model: model) : nil
        let dictPath = folder.appendingPathComponent("words.dict").path
        let (numbers, numberText) = OtherWords.numbers(of: grammar.nameWords)
        try (dictionaryText + (common?.dictionaryText ?? "") + numberText).write(toFile: dictPath, atomically: true, encoding: .utf8)
        let unadapted = try adaptation.map { _ in try PocketSphinxDecoder(arguments: ["-hmm", hmm, "-dict", dictPath] + sharedArguments) }
        return try withAdaptation(adaptation) { acoustic in
            let searches = try PocketSphinxDecoder(arguments: ["-hmm", hmm, "-dict", dictPath] + acoustic)
            let alternatives = PocketSphinxDecoder.alternatives(inDictionary: dictionaryText)
            let search = try searches.addSearch(searches.ownSearch.name, jsgfFile: jsgfPath, alternatives: alternatives)
            func forced(_ jsgf: String?, _ name: String) -> LaterSearch? {
                jsgf.map { jsgf in
                    LaterSearch { () throws(SpeechError) in
                        try TemporaryFile.with(
                            jsgf, named: name, fileExtension: "jsgf",
                            { path throws(SpeechError) in try searches.addSearch(name, jsgfFile: path, alternatives: alternatives) },
                            unwritten: { path, error throws(SpeechError) in
                                throw .decoder("the grammar could not be written to \(path): \(error.localizedDescription)")
                            })
                    }
                }
            }
            return GrammarDecoders(
                grammar: searches, search: search,
                wide: LaterSearch { () throws(SpeechError) in try searches.addSearch("wide", wordBeam: tuning.wideWordBeam) },
                forced: forced(grammar.withoutGarbage, "forced"), forcedKnown: forced(grammar.withoutUnknownNames, "known"),
                matcher: PhraseMatcher(devices: devices), shortcuts: ShortcutIndex(shortcuts),
                sayings: grammar.sayings,
                otherWords: common.map { common in
                    let other = OtherWords(
                        checked: pronunciations.entries.filter { grammar.nameWords.contains($0.key) }, runs: grammar.nameRuns,
                        oneWordNames: grammar.oneWordNames, common: common, numbers: numbers)
                    if let previous { other.keep(from: previous) }
                    return other
                }, unadapted: unadapted)
        }
    }
}

/// A search of the grammar's decoder made on its first use, not when the grammar is (at start and at every rebuild):
/// the grammar's search with a wider word beam (`GrammarDecoders.wide`), heard only when the search lost every path,
/// and the grammar without its garbage loop (`forced`) and without its unknown name, heard only after …
/// (Measurements and history: docs/speech.md, "SpeechRecognizer+Decoders: LaterSearch".)
package final class LaterSearch: @unchecked Sendable {
    private let make: () throws(SpeechError) -> PocketSphinxDecoder.Search
    private var made: Result<PocketSphinxDecoder.Search, SpeechError>?

    package init(_ make: @escaping () throws(SpeechError) -> PocketSphinxDecoder.Search) { self.make = make }

    package func search() throws(SpeechError) -> PocketSphinxDecoder.Search {
        if let made { return try made.get() }
        let result: Result<PocketSphinxDecoder.Search, SpeechError>
        do { result = .success(try make()) } catch { result = .failure(error) }
        made = result
        return try result.get()
    }
}
