import Foundation
import PocketSphinx
import SpeechAudio
import SpeechGrammar
import VoiceShortcuts

/// The decoders: the grammar's, the check's and the open-vocabulary pass's, and their options.
extension SpeechRecognizer {
    /// Options both decoders (and so the front ends made from the grammar
    /// decoder's) share: 16 kHz, no noise removal, and
    /// `inverse_linear` frequency warping, whose factor each front end sets
    /// (see `warps`). Speech that rings on — an echo was found (`Echo`) or
    /// it is reverberant (`Reverberation`) — is heard by front ends with
    /// noise removal, where it needs `noiseRemovalAllowance` less margin.
    ///
    /// Noise removal (`-remove_noise`, PocketSphinx 0.8's default, on for every
    /// utterance until then) took soft sounds for noise: espeak-ng's "coffee
    /// maker" was heard "k aa th iy …", its "hood" "f uh l d", and the names
    /// fell into the phone loop. It takes a room's ringing out too: without
    /// it, of 150 corpus commands with sox's `reverb 40` / `reverb 80`, 123 /
    /// 96 right became 111 / 77 (wrong 1 / 4 → 2 / 6), and sox's echoes
    /// (96 probes) 84 → 77 with a wrong state. So it stays for ringing speech.
    /// On every file bench/speech/corpus.py has made (its twenty-two sets and
    /// ../shared/corpus: 5,716 in-grammar and 4,068 out-of-grammar utterances
    /// each way, clean / 20 dB pink noise): right 5,211 / 5,160 → 5,251 /
    /// 5,224 (91.2 / 90.3 % → 91.9 / 91.4 %), wrong 2 / 2 both, accepted 24 /
    /// 24 → 25 / 26; flite and espeak-ng's en, en-us and en-gb alone 97.4 /
    /// 96.8 % → 97.8 / 97.5 %, accepted 14 / 13 → 13 / 15 of 2,178. Without
    /// noise removal anywhere, at 17: 5,295 / 5,268 right, 30 / 30 accepted.
    /// The reverberant probes: 123 / 96 → 121 / 96 right (wrong 1 / 4 → 2 /
    /// 4); the echo probes 84 → 84. Under heavier noise than the corpus's
    /// (200 commands and 200 non-commands with white noise at 15 dB, pink and
    /// brown at 10 dB) right 519 → 511 of 600, wrong 2 → 1, accepted 5 → 5.
    /// A twenty-third set, written before it was heard: 138 / 138 of 140
    /// right, none wrong or accepted, before and after. Real-time factor with
    /// 100 devices and 1,000 shortcuts 0.087–0.090 → 0.088–0.096, a home's
    /// 0.077–0.078 → 0.078–0.079; start 0.59–0.70 → 0.61–0.63 s
    /// (`voiceplug bench --speech`, four runs each, interleaved).
    private static let sharedArguments = [
        "-samprate", "16000", "-remove_noise", "no",
        "-warp_type", "inverse_linear", "-warp_params", "1.0",
    ]

    /// The folder of the acoustic model inside `model` (or `model` itself).
    package static func hmmPath(_ model: String) -> String { AcousticModel.hmmPath(model) }

    /// A fast language-model pass: no flat pass, no best path, the search
    /// capped at 1,000 HMMs and 3 word exits per frame, and only the active
    /// senones scored with the 2 best Gaussians of each codebook (the grammar
    /// pass uses 4; it scored all senones until `defaultThreshold` was 17).
    /// Measured on bench/speech/corpus.py against the notes' settings (all
    /// senones, 4 Gaussians, no caps): real-time factor of both passes 0.120 →
    /// 0.088 for a home's grammar, and at the best threshold of each,
    /// in-grammar right 95.6% both, out-of-grammar accepted 0.5% → 0.2%.
    /// Acoustic scores computed every second frame only (`-ds 2`): this pass is
    /// a yardstick, not an answer. Its scores fall, so margins rise by about 12
    /// and the threshold moved from −6 to +6. Seven sets of the corpus (30
    /// voices), at the best threshold of each: in-grammar right 93.1% / 92.2% →
    /// 93.1% / 91.9% (clean / 20 dB), out-of-grammar accepted 1.1% / 1.4% →
    /// 1.3% / 1.1%; real-time factor of both passes with 100 devices and 1,000
    /// shortcuts 0.092–0.097 → 0.084–0.089, with a home's 0.089–0.091 →
    /// 0.081–0.083 (three interleaved runs). Narrower beams instead (`-beam
    /// 1e-40 -wbeam 1e-24`) saved as much and cost more in-grammar; both
    /// together, more still. Its dictionary holds only the language model's
    /// most frequent words (`OpenDictionary`), unless another is given.
    /// Not tried to the end: this pass and the state check hearing the grammar
    /// search's senone scores instead of computing them again (the grammar
    /// decoder scoring all senones, `-compallsen`, its scores read back with
    /// `ps_decode_senscr`). PocketSphinx gives each frame's scores relative
    /// to the best senone it scored, and with all of them scored the grammar's
    /// margins fell by 9.8 on average (−18.1 to +4.7 over the 230 of
    /// bench/speech/corpus.py's held-out set's 448 files that had one; 89 of
    /// its 224 commands refused, and the 4 non-commands it had let through):
    /// every margin's threshold would have to be chosen again. Nor would it
    /// pay: with `-compallsen` the grammar's search took 0.168–0.172 of each
    /// second of a command's audio instead of 0.044–0.046, more than the whole
    /// hearing (0.118–0.124; `voiceplug bench --speech`, CPU of each part of a
    /// hearing, two rounds). It scores all 5,126 senones each frame, where
    /// PocketSphinx counted 580–800 (once 1,445) for the grammar's search,
    /// 1,120–1,660 for this pass and about 30 for the state check.
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
        if let check = Grammar.stateCheck(["on"]) { _ = try? decoders.grammar.decode(silence, grammar: check) }
    }

    /// The word beam of the grammar's search heard again (`GrammarDecoders.wide`)
    /// when its first search ended with no path at all. PocketSphinx's
    /// default (7e-29) drops every word that ends more than that below the
    /// frame's best state. A command's best path at its last frame was often
    /// inside a place that could follow the name ("power on the sound bar
    /// at"); the paths that had ended it were dropped, nothing reached the
    /// grammar's end, and the search gave a hypothesis of nothing, which no
    /// other hearing made up for (bench/speech/corpus.py's thirty-fourth set,
    /// heard first: espeak-ng en-gb's and en-gb-x-rp's "power on the sound
    /// bar", clean and at 20 dB; padding the audio with silence did not
    /// help). Of the 22,144 files of its 39 sets (11,152 in-grammar and 10,992
    /// out-of-grammar, clean and 20 dB together), 692 were heard as nothing,
    /// 52 of them commands (most by espeak-ng's Scottish and British voices).
    /// With a wider word beam in every grammar decoder, at 1e-35 / 1e-40 /
    /// 1e-50 / 1e-60 those gave 14 / 19 / 21 / 21 right commands and 3 / 4 /
    /// 4 / 4 non-commands accepted. In this one decoder only, at 1e-50: 21
    /// right (espeak-ng en-gb-scotland 12 of them) and 1 accepted (flite
    /// awb's "the plasma ball looks eerie" at 20 dB as "the plasma ball on at
    /// study", margin 23.7); unchanged: the 1,233 other commands those sets
    /// missed and 1,500 of their refused non-commands drawn at random. The
    /// thirty-fourth set 140 / 139 → 142 / 141 of 160 right. The wider search
    /// costs about as much as the first one, and most speech heard as nothing
    /// is no command: `voiceplug bench --speech`'s speech that is no command
    /// went 0.088–0.090 → 0.102–0.112. So it runs only when the lost search's
    /// best path at its last frame (`Decoding.partial`) held no garbage word,
    /// as the 21 commands' did and 413 of the 640 non-commands' did not;
    /// its answer is taken only when it has none either. The same 21 and 1;
    /// CPU over 105 non-commands heard as nothing 18.7 s → 25.1 s (35 s
    /// before the gate); `voiceplug bench --speech` (one core, three rounds
    /// interleaved): speech that is no command 0.090–0.096 → 0.090–0.098,
    /// commands 0.090–0.092 → 0.090–0.095, start 0.64–0.76 → 0.67–0.70 s,
    /// rebuild 0.24–0.25 → 0.29 s (one more grammar decoder, about 10 MB).
    /// Now a search of the grammar's decoder, with the same graph (see `GrammarDecoders.grammar`).
    package static let wideWordBeam = 1e-50

    /// The grammar's decoder with its searches; it also hears an utterance
    /// again with a grammar of its own (see `stateHeardAgain`).
    package struct GrammarDecoders {
        /// The decoder of the grammar's four searches, and of the front ends. As four decoders, each loaded the
        /// acoustic model and dictionary, and the wide search built the grammar's graph again: with 100 devices and
        /// 1,000 shortcuts (`voiceplug bench --speech`, three rounds interleaved) start 1.36–1.64 → 1.19–1.30 s on
        /// one core, 1.09–1.21 → 0.96–1.16 s on two, rebuild 0.63–0.71 → 0.48–0.53 s, `voiceplug hear` of one file
        /// 207 → 187 MB; `voiceplug hear --json` byte-identical. The checks' grammars (`stateHeardAgain`,
        /// `otherWordsHeard`) were a decoder of their own, with the common words in its dictionary: now this one's
        /// dictionary has them, and one acoustic model less is loaded. `voiceplug hear` of one file 174 → 166 MB;
        /// `voiceplug bench --speech` on one core, three rounds interleaved, start 0.95 / 0.95 / 0.95 → 0.84 / 0.90
        /// / 0.99 s; `voiceplug hear --json` byte-identical on 533 files of bench/speech/corpus.py's forty-eighth,
        /// thirty-ninth and fifty-second sets (checks decode with batch cepstral mean normalization, the model's
        /// `feat.params`, so what one search heard before does not carry over into another).
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
        /// What a heard command's name words may have been instead; nil without the model's language model.
        package let otherWords: OtherWords?

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

    /// The grammar decoders. PocketSphinx reads the grammar and dictionary files
    /// while it starts, so they live in a folder of their own only until then.
    ///
    /// The decoder keeps PocketSphinx's defaults for its acoustic scores and
    /// beams. Tried and left: cheaper ones, for the real-time factor (the
    /// grammar's searches are most of a hearing's time, their acoustic scores
    /// over half of that). On eleven sets of bench/speech/corpus.py (1,508
    /// commands and 1,508 non-commands each way, clean / 20 dB; before: right
    /// 1,451 / 1,446, wrong 1 / 0, accepted 15 / 16), `voiceplug hear` over 30
    /// held-out files taking 0.89 / 0.75 / 0.89 of the CPU time (two at once,
    /// one a core, swapped): the 2 best Gaussians of each codebook instead of 4
    /// (`-topn 2`): margins fell by 2.7 (median; 1.6–4.4 for four in five), and
    /// more commands went into the garbage loop: right 1,386 / 1,386, accepted
    /// 9 / 10. With narrower beams too (`-beam 1e-40 -pbeam 1e-40 -wbeam
    /// 1e-24`) at 17.8: right 1,415 / 1,421, wrong 0 / 1, accepted 13 / 11.
    /// The narrower beams alone: margins rose by 1.3 (0.5–3.0), and paths into
    /// the garbage loop were pruned that had refused near misses ("turn on the
    /// television" as the kettle by espeak-ng en-us, at margins 23–27): at 19
    /// right 1,453 / 1,447, wrong 1 / 1, accepted 21 / 26; at 20.3 right 1,448
    /// / 1,442, accepted 20 / 22. The word beam kept (`-beam 1e-40 -pbeam
    /// 1e-40`, 0.93–0.95 of the CPU time), at 19: right 1,452 / 1,450, wrong 1
    /// / 0, accepted 18 / 18.
    package static func makeDecoders(
        devices: [Device], shortcuts: [VoiceShortcut], model: String,
        adaptation: SpeakerAdaptation?, keeping previous: OtherWords? = nil
    ) throws -> GrammarDecoders {
        let hmm = hmmPath(model)
        guard FileManager.default.fileExists(atPath: hmm + "/mdef") else { throw SpeechError.model("no acoustic model at \(model)") }
        let dictionary = model + "/cmudict-en-us.dict"
        func pronounced(_ grammar: Grammar) throws -> Pronunciations {
            try Pronunciations(
                words: grammar.words, dictionary: dictionary, variants: grammar.commandWords, names: grammar.nameWords,
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
                wide: LaterSearch { () throws(SpeechError) in try searches.addSearch("wide", wordBeam: wideWordBeam) },
                forced: forced(grammar.withoutGarbage, "forced"), forcedKnown: forced(grammar.withoutUnknownNames, "known"),
                matcher: PhraseMatcher(devices: devices), shortcuts: ShortcutIndex(shortcuts),
                otherWords: common.map { common in
                    let other = OtherWords(
                        checked: pronunciations.entries.filter { grammar.nameWords.contains($0.key) }, runs: grammar.nameRuns,
                        oneWordNames: grammar.oneWordNames, common: common, numbers: numbers)
                    if let previous { other.keep(from: previous) }
                    return other
                })
        }
    }
}

/// A search of the grammar's decoder made on its first use, not when the
/// grammar is (at start and at every rebuild): the grammar's search with a
/// wider word beam (`GrammarDecoders.wide`), heard only when the search lost
/// every path, and the grammar without its garbage loop (`forced`) and
/// without its unknown name, heard only after the search took a garbage
/// word. Building the three took 0.17–0.24 s of a start of about 0.9 s
/// (`voiceplug bench --speech`, 100 devices and 1,000 shortcuts, one core).
/// Made later, they decode as they did (`voiceplug hear --json`
/// byte-identical, among them 24 files heard with the wider beam, heard
/// alone so that each set's first was each search's first), though they
/// are no longer warmed with silence (`warm`). Used under the recognizer's
/// lock only; a search that could not be made is that error at each use.
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
