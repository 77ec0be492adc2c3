import CPocketSphinx
import Foundation

/// The one boundary to PocketSphinx: a decoder (`ps_decoder_t`) made from an
/// argument list, decoding whole utterances. Not thread-safe: its owner
/// serialises access. No C pointer leaves this file.
package final class PocketSphinxDecoder {
    /// One recognized word with its frames and acoustic score.
    package struct Segment: Equatable {
        package var word: String
        package var startFrame: Int
        package var endFrame: Int
        package var acousticScore: Int32

        /// How many frames the segment took.
        package var frameCount: Int { max(0, endFrame - startFrame + 1) }

        /// The word without the number of its pronunciation ("off" for "off(2)").
        package var baseWord: String { word.replacingOccurrences(of: #"\(\d+\)$"#, with: "", options: .regularExpression) }
    }

    /// A decoded utterance.
    package struct Decoding: Equatable {
        package var hypothesis: String
        package var score: Int32
        package var frames: Int
        package var segments: [Segment]
        /// The best path's words at the last frame, before the search had to
        /// end where its grammar does (`ps_get_hyp` before `ps_end_utt`); empty unless asked for.
        package var partial = ""

        /// The acoustic score of the whole path, silences and noises too.
        package var acousticScore: Int { segments.reduce(0) { $0 + Int($1.acousticScore) } }

        /// The segments that are words: silence, noise and a grammar's null transitions are not.
        package var words: [Segment] {
            segments.filter { segment in
                guard let first = segment.word.first else { return false }
                return first != "<" && first != "[" && first != "("
            }
        }
    }

    let decoder: OpaquePointer
    let config: OpaquePointer

    /// sphinxbase's log, off for the whole process (it logs to stderr by
    /// default): set once, before anything of PocketSphinx's runs, and never
    /// again. A decoder's `-logfn` would reopen it while another thread's
    /// decoder or language model (`CommonWords`) may be writing to it.
    static let quietLog: Void = err_set_logfp(nil)

    /// Decoders and front ends start one at a time, whichever thread starts
    /// them: sphinxbase keeps the frequency warp's parameters (`-warp_params`)
    /// in variables of its own, read with `strtok`, for every front end
    /// (a decoder has one too).
    static let starting = NSLock()

    /// Creates a decoder (`cmd_ln_parse_r` with `ps_args()`, then `ps_init`);
    /// `arguments` are PocketSphinx's options, e.g. ["-hmm", path, "-dict", path, "-jsgf", path].
    package init(arguments: [String]) throws(SpeechError) {
        Self.quietLog
        let argv = (["voiceplug"] + arguments).map { strdup($0) }
        defer { argv.forEach { free($0) } }
        var pointers: [UnsafeMutablePointer<CChar>?] = argv
        Self.starting.lock()
        defer { Self.starting.unlock() }
        guard let config = cmd_ln_parse_r(nil, ps_args(), Int32(pointers.count), &pointers, 1) else {
            throw .decoder("the options were refused: \(arguments.joined(separator: " "))")
        }
        guard let decoder = ps_init(config) else {
            cmd_ln_free_r(config)
            throw .decoder("the decoder did not start (model, dictionary or grammar rejected)")
        }
        self.config = config
        self.decoder = decoder
    }

    deinit {
        ps_free(decoder)
        cmd_ln_free_r(config)
    }

    /// A front end like this decoder's own (the model's feature settings),
    /// but with its own frequency warp, noise removal and frames a second (the
    /// model's 100 unless given; `fe_init_auto_r`).
    package func frontEnd(warp: Double, removingNoise: Bool, frameRate: Int = 100) throws(SpeechError) -> FrontEnd {
        let original = cmd_ln_str_r(config, "-warp_params").map { String(cString: $0) }
        let originalRemoval = cmd_ln_access_r(config, "-remove_noise")?.pointee.i ?? 0
        let originalRate = cmd_ln_access_r(config, "-frate")?.pointee.i ?? 100
        Self.starting.lock()
        defer { Self.starting.unlock() }
        cmd_ln_set_str_r(config, "-warp_params", String(warp))
        cmd_ln_set_int_r(config, "-remove_noise", removingNoise ? 1 : 0)
        cmd_ln_set_int_r(config, "-frate", frameRate)
        defer {
            cmd_ln_set_str_r(config, "-warp_params", original)
            cmd_ln_set_int_r(config, "-remove_noise", originalRemoval)
            cmd_ln_set_int_r(config, "-frate", originalRate)
        }
        guard let frontEnd = fe_init_auto_r(config) else { throw .decoder("the front end did not start (warp \(warp))") }
        return FrontEnd(frontEnd)
    }

    /// Decodes one utterance's features, made by a front end of this decoder's or of one
    /// with the same model (`ps_start_utt`, `ps_process_cep`, `ps_end_utt`, `ps_get_hyp`, `ps_seg_iter`);
    /// with `keepingPartial`, also the best path before the end (`Decoding.partial`).
    package func decode(_ features: Features, keepingPartial: Bool = false) throws(SpeechError) -> Decoding {
        guard ps_start_utt(decoder) >= 0 else { throw .decoder("cannot start an utterance") }
        var values = features.values  // a copy: PocketSphinx normalises (CMN) the cepstra in place, and both decoders take them
        let processed = values.withUnsafeMutableBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress, features.frames > 0 else { return 0 }
            var rows: [UnsafeMutablePointer<Float>?] = (0..<features.frames).map { base + $0 * features.width }
            return ps_process_cep(decoder, &rows, Int32(features.frames), 0, 1)
        }
        var partialScore: Int32 = 0
        let partial = keepingPartial ? ps_get_hyp(decoder, &partialScore).map { String(cString: $0) } ?? "" : ""
        guard ps_end_utt(decoder) >= 0, processed >= 0 else { throw .decoder("the features could not be processed") }
        var decoding = result()
        decoding.partial = partial
        return decoding
    }

    /// One of a decoder's searches: its own grammar's (`ownSearch`) or one
    /// added with `addSearch`. They share the decoder's acoustic model and
    /// dictionary; each utterance is decoded by the search it is given to
    /// (`ps_set_search`), with that search's grammar and word beam.
    package struct Search {
        package let decoder: PocketSphinxDecoder
        package let name: String

        package func decode(_ features: Features, keepingPartial: Bool = false) throws(SpeechError) -> Decoding {
            guard ps_set_search(decoder.decoder, name) == 0 else { throw .decoder("the decoder has no search \(name)") }
            return try decoder.decode(features, keepingPartial: keepingPartial)
        }
    }

    /// The search of the decoder's own grammar: the one it was made with (`-jsgf`), or added under its name ("_default").
    package var ownSearch: Search { Search(decoder: self, name: "_default") }

    /// Adds a search of the decoder's own grammar, its very graph (`ps_get_fsg`, `ps_set_fsg`: its alternative
    /// pronunciations and silences are added once), with another word beam (`-wbeam`).
    package func addSearch(_ name: String, wordBeam: Double) throws(SpeechError) -> Search {
        Self.starting.lock()
        defer { Self.starting.unlock() }
        guard let graph = ps_get_fsg(decoder, ownSearch.name) else { throw .decoder("the decoder has no grammar") }
        let original = cmd_ln_access_r(config, "-wbeam")?.pointee.fl
        cmd_ln_set_float_r(config, "-wbeam", wordBeam)  // read as the search starts
        defer { original.map { cmd_ln_set_float_r(config, "-wbeam", $0) } }
        guard ps_set_fsg(decoder, name, graph) == 0 else { throw .decoder("the search \(name) did not start") }
        return Search(decoder: self, name: name)
    }

    /// Decodes one utterance's features with a grammar of its own, given as
    /// JSGF text (`ps_set_jsgf_string`, `ps_set_search`); its words must be in
    /// this decoder's dictionary. For a decoder made without a grammar, whose
    /// every utterance has one.
    /// With `beam`, its beams (`-beam`, `-pbeam`, `-wbeam`) are that wide: a path far worse than the others'
    /// best is kept to the end.
    package func decode(_ features: Features, grammar jsgf: String, beam: Double? = nil) throws(SpeechError) -> Decoding {
        let names = ["-beam", "-pbeam", "-wbeam"]
        let originals = names.map { cmd_ln_access_r(config, $0)?.pointee.fl }
        if let beam { for name in names { cmd_ln_set_float_r(config, name, beam) } }  // read as the search starts
        defer {
            if beam != nil { for (name, original) in zip(names, originals) { original.map { cmd_ln_set_float_r(config, name, $0) } } }
        }
        guard ps_set_jsgf_string(decoder, "utterance", jsgf) == 0, ps_set_search(decoder, "utterance") == 0 else {
            throw .decoder("the grammar was rejected: \(jsgf)")
        }
        return try decode(features)
    }

    /// For each of `words`, the score of the n-gram of `history` and it in this decoder's language model
    /// (`ps_get_lm`, `ngram_ng_score`; the decoder's language weight applied), nil when the model has no such n-gram
    /// (it would back off to a shorter one) or lacks the word; empty when the decoder has no language model or the
    /// model lacks a …
    /// (Measurements and history: docs/speech.md, "PocketSphinxDecoder: scores".)
    package func scores(_ words: [String], after history: [String]) -> [Int32?] {
        guard !history.isEmpty, let search = ps_get_search(decoder), let model = ps_get_lm(decoder, search) else { return [] }
        let unknown = ngram_unknown_wid(model)
        var before = history.reversed().map { ngram_wid(model, $0) }  // the word just before first
        guard !before.contains(unknown) else { return [] }
        if wordIDs?.words != words { wordIDs = (words, words.map { ngram_wid(model, $0) }) }
        return (wordIDs?.ids ?? []).map { id in
            guard id != unknown else { return nil }
            var used: Int32 = 0
            let score = ngram_ng_score(model, id, &before, Int32(before.count), &used)
            return used == before.count + 1 ? score : nil
        }
    }
    var wordIDs: (words: [String], ids: [Int32])?

    /// How many phones the dictionary's pronunciation of `word` has ("off(2)"
    /// names its second), 0 for a word it does not have.
    package func phoneCount(of word: String) -> Int { phones(of: word)?.count ?? 0 }

    /// The phones of the dictionary's pronunciation of `word` ("off(2)" names its second; `ps_lookup_word`), nil for
    /// a word it does not have.
    func phones(of word: String) -> [Substring]? {
        guard let phones = ps_lookup_word(decoder, word) else { return nil }
        defer { ckd_free(phones) }
        return String(cString: phones).split(separator: " ")
    }

    private func result() -> Decoding {
        var score: Int32 = 0
        let hypothesis = ps_get_hyp(decoder, &score).map { String(cString: $0) } ?? ""
        var segments: [Segment] = []
        var segment = ps_seg_iter(decoder)
        while let current = segment {
            var start: Int32 = 0, end: Int32 = 0, acoustic: Int32 = 0, language: Int32 = 0, backoff: Int32 = 0
            ps_seg_frames(current, &start, &end)
            _ = ps_seg_prob(current, &acoustic, &language, &backoff)
            let word = ps_seg_word(current).map { String(cString: $0) } ?? ""
            segments.append(Segment(word: word, startFrame: Int(start), endFrame: Int(end), acousticScore: acoustic))
            segment = ps_seg_next(current)
        }
        return Decoding(hypothesis: hypothesis, score: score, frames: Int(ps_get_n_frames(decoder)), segments: segments)
    }
}
