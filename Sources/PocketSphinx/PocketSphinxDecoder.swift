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

    private let decoder: OpaquePointer
    private let config: OpaquePointer

    /// sphinxbase's log, off for the whole process (it logs to stderr by
    /// default): set once, before anything of PocketSphinx's runs, and never
    /// again. A decoder's `-logfn` would reopen it while another thread's
    /// decoder or language model (`CommonWords`) may be writing to it.
    private static let quietLog: Void = err_set_logfp(nil)

    /// Decoders and front ends start one at a time, whichever thread starts
    /// them: sphinxbase keeps the frequency warp's parameters (`-warp_params`)
    /// in variables of its own, read with `strtok`, for every front end
    /// (a decoder has one too).
    private static let starting = NSLock()

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

    /// Adds a search of the grammar in the JSGF file at `path`, read before it returns: what `ps_set_jsgf_file` does
    /// (the public rule's graph, `jsgf_build_fsg`, then `ps_set_fsg`), but with the silences and the dictionary's
    /// `alternatives` (see `alternatives(inDictionary:)`) added to the graph here, as the search would add them, the
    /// …
    /// (Measurements and history: docs/speech.md, "PocketSphinxDecoder: addSearch".)
    package func addSearch(_ name: String, jsgfFile path: String, alternatives: [String: [String]], merging: Bool = true)
        throws(SpeechError)
        -> Search
    {
        Self.starting.lock()
        defer { Self.starting.unlock() }
        guard let grammar = jsgf_parse_file(path, nil) else { throw .decoder("the grammar was rejected: \(path)") }
        defer { jsgf_grammar_free(grammar) }
        let rule = cmd_ln_str_r(config, "-toprule").map { jsgf_get_rule(grammar, $0) } ?? jsgf_get_public_rule(grammar)
        guard let rule, let built = jsgf_build_fsg(grammar, rule, ps_get_logmath(decoder), number("-lw")) else {
            throw .decoder("the grammar has no rule to start from: \(path)")
        }
        var graph = built
        if merging {
            defer { fsg_model_free(built) }
            // The last phones of each word and of its alternatives: where they differ, so may the models of the words
            // after them (see `WordGraph.merged`).
            var lastPhones: [Int32: Set<String>] = [:]
            for id in 0..<built.pointee.n_word {
                guard let word = built.pointee.vocab[Int(id)].map({ String(cString: $0) }) else { continue }
                lastPhones[id] = Set(([word] + (alternatives[word] ?? [])).compactMap { phones(of: $0)?.last.map(String.init) })
            }
            guard let merged = Self.graph(Self.wordGraph(of: built).merged(lastPhones: lastPhones), wordsOf: built) else {
                throw .decoder("the grammar's graph could not be made again: \(path)")
            }
            graph = merged
        }
        defer { fsg_model_free(graph) }  // the search keeps its own reference
        if flag("-fsgusefiller") { addSilences(to: graph) }
        if flag("-fsgusealtpron") { add(alternatives, to: graph) }
        guard ps_set_fsg(decoder, name, graph) == 0 else { throw .decoder("the search \(name) did not start") }
        return Search(decoder: self, name: name)
    }

    /// A graph's states and links, each state's links in the order the search meets them.
    private static func wordGraph(of graph: UnsafeMutablePointer<fsg_model_t>) -> WordGraph {
        var links: [WordGraph.Link] = []
        for state in 0..<graph.pointee.n_state {
            var arc = fsg_model_arcs(graph, state)
            while let current = arc {
                if let link = fsg_arciter_get(current)?.pointee {
                    links.append(
                        WordGraph.Link(
                            from: Int(link.from_state), to: Int(link.to_state), score: link.logs2prob, word: link.wid < 0 ? nil : link.wid))
                }
                arc = fsg_arciter_next(current)
            }
        }
        return WordGraph(
            stateCount: Int(graph.pointee.n_state), start: Int(graph.pointee.start_state), final: Int(graph.pointee.final_state),
            links: links)
    }

    /// A graph of `wordGraph`'s states and links with the words, name, log math and language weight of `original`
    /// (`fsg_model_init`, `fsg_model_trans_add`, `fsg_model_null_trans_add`); its null links closed as
    /// `jsgf_build_fsg` closes them (`fsg_model_null_trans_closure`), for the search follows one at a time.
    private static func graph(_ wordGraph: WordGraph, wordsOf original: UnsafeMutablePointer<fsg_model_t>)
        -> UnsafeMutablePointer<fsg_model_t>?
    {
        let source = original.pointee
        guard let graph = fsg_model_init(source.name, source.lmath, source.lw, Int32(wordGraph.stateCount)) else { return nil }
        graph.pointee.start_state = Int32(wordGraph.start)
        graph.pointee.final_state = Int32(wordGraph.final)
        for id in 0..<source.n_word {
            guard let word = source.vocab[Int(id)], fsg_model_word_add(graph, word) == id else {
                fsg_model_free(graph)
                return nil
            }
        }
        for link in wordGraph.links {
            if let word = link.word {
                fsg_model_trans_add(graph, Int32(link.from), Int32(link.to), link.score, word)
            } else {
                _ = fsg_model_null_trans_add(graph, Int32(link.from), Int32(link.to), link.score)
            }
        }
        glist_free(fsg_model_null_trans_closure(graph, nil))
        return graph
    }

    /// How many states the search `name`'s graph has; nil when there is no such grammar search.
    package func stateCount(of name: String) -> Int? { ps_get_fsg(decoder, name).map { Int($0.pointee.n_state) } }

    /// The loops `fsg_search_add_silences` gives every state: "<sil>" with `-silprob`, then the dictionary's fillers
    /// but the utterance's start and end, with `-fillprob`; its loop stops short of the last filler ("[SPEECH]" with
    /// the model's noisedict), and so does this.
    private func addSilences(to graph: UnsafeMutablePointer<fsg_model_t>) {
        fsg_model_add_silence(graph, "<sil>", -1, number("-silprob"))
        for word in fillers.dropLast() where word != "<s>" && word != "</s>" {
            fsg_model_add_silence(graph, word, -1, number("-fillprob"))
        }
    }

    /// The dictionary's fillers in its order: the words of the filler file as the decoder found it ("_fdict":
    /// `-fdict`, or the model's noisedict) that the dictionary took ("##" and ";;" begin comments, a word needs a
    /// pronunciation of the model's phones, and is taken once), then "<s>", "</s>" and "<sil>" when it lacked them.
    private var fillers: [String] {
        let path = cmd_ln_str_r(config, "_fdict") ?? cmd_ln_str_r(config, "-fdict")
        let text = path.flatMap { try? String(contentsOfFile: String(cString: $0), encoding: .utf8) } ?? ""
        var words: [String] = []
        for line in text.split(whereSeparator: \.isNewline) where !line.hasPrefix("##") && !line.hasPrefix(";;") {
            let fields = line.split(whereSeparator: \.isWhitespace)
            guard fields.count > 1, !words.contains(String(fields[0])), knows(String(fields[0])) else { continue }
            words.append(String(fields[0]))
        }
        return words + ["<s>", "</s>", "<sil>"].filter { !words.contains($0) }
    }

    /// `fsg_search_add_altpron`'s links, in its order: for each word of the graph, each of its alternatives in turn
    /// gets a link beside every link of the word (prepended to its list, as `fsg_model_add_alt` does), and is marked
    /// as an alternative (each the dictionary took); but the links are found in one walk.
    private func add(_ alternatives: [String: [String]], to graph: UnsafeMutablePointer<fsg_model_t>) {
        var added: [(base: Int32, alternative: Int32)] = []
        for base in 0..<graph.pointee.n_word {
            guard let word = graph.pointee.vocab[Int(base)].map({ String(cString: $0) }), let others = alternatives[word] else { continue }
            for other in others where knows(other) { added.append((base, fsg_model_word_add(graph, other))) }
        }
        guard !added.isEmpty else { return }
        let bases = Set(added.map(\.base))
        var links: [Int32: [WordGraph.Link]] = [:]
        for link in Self.wordGraph(of: graph).links {
            if let word = link.word, bases.contains(word) { links[word, default: []].append(link) }
        }
        for (base, alternative) in added {
            for link in links[base] ?? [] { fsg_model_trans_add(graph, Int32(link.from), Int32(link.to), link.score, alternative) }
        }
        // `bitvec_alloc` and `bitvec_set` are macros; the vector is freed with the graph (`ckd_free`, that is `free`).
        let words = Int(graph.pointee.n_word_alloc)
        let marks = calloc((words + 31) / 32, MemoryLayout<bitvec_t>.stride).assumingMemoryBound(to: bitvec_t.self)
        for (_, alternative) in added { marks[Int(alternative) / 32] |= 1 << (UInt32(alternative) % 32) }
        graph.pointee.altwords = marks
    }

    /// The graph of the search `name` as PocketSphinx writes it (`fsg_model_write`: each state's links in the order
    /// the search meets them), nil when there is no such grammar search; for diagnosis.
    package func graphText(of name: String) -> String? {
        guard let graph = ps_get_fsg(decoder, name) else { return nil }
        var buffer: UnsafeMutablePointer<CChar>?
        var size = 0
        guard let stream = open_memstream(&buffer, &size) else { return nil }
        fsg_model_write(graph, stream)
        fclose(stream)
        defer { free(buffer) }
        return buffer.map { String(cString: $0) }
    }

    /// Whether the decoder's dictionary took `word` (`ps_lookup_word`): a line it refused (a phone the model lacks)
    /// is no word of its, nor an alternative pronunciation.
    private func knows(_ word: String) -> Bool { phones(of: word) != nil }

    /// A decoder option's number (`-lw`, `-silprob`, …) as PocketSphinx reads it for a search (`cmd_ln_float32_r`).
    private func number(_ name: String) -> Float { Float(cmd_ln_access_r(config, name)?.pointee.fl ?? 0) }
    /// A decoder option's yes or no.
    private func flag(_ name: String) -> Bool { (cmd_ln_access_r(config, name)?.pointee.i ?? 0) != 0 }

    /// The alternative pronunciations of the words of a dictionary's text: "lamp(2)" and "lamp(3)" of "lamp", in the
    /// order PocketSphinx's dictionary links them (the last read first).
    package static func alternatives(inDictionary text: String) -> [String: [String]] {
        var alternatives: [String: [String]] = [:]
        for line in text.split(separator: "\n") {
            guard let word = line.split(separator: " ", maxSplits: 1).first, word.last == ")",
                let open = word.lastIndex(of: "("), open > word.startIndex
            else { continue }
            alternatives[String(word[..<open]), default: []].insert(String(word), at: 0)
        }
        return alternatives
    }

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
    package func decode(_ features: Features, grammar jsgf: String) throws(SpeechError) -> Decoding {
        guard ps_set_jsgf_string(decoder, "utterance", jsgf) == 0, ps_set_search(decoder, "utterance") == 0 else {
            throw .decoder("the grammar was rejected: \(jsgf)")
        }
        return try decode(features)
    }

    /// How common each of `words` is in English: its unigram log probability
    /// in the language model at `path` (`ngram_model_read`, `ngram_ng_score`
    /// without history), nil for a word the model lacks.
    package static func unigramScores(languageModel path: String, words: [String]) throws(SpeechError) -> [Int32?] {
        quietLog
        guard let logmath = logmath_init(1.0001, 0, 0) else { throw .model("cannot start logmath") }
        defer { logmath_free(logmath) }
        guard let model = ngram_model_read(nil, path, NGRAM_AUTO, logmath) else {
            throw .model("cannot read the language model \(path)")
        }
        defer { ngram_model_free(model) }
        let unknown = ngram_unknown_wid(model)
        return words.map { word in
            let id = ngram_wid(model, word)
            guard id != unknown else { return nil }
            var used: Int32 = 0
            return ngram_ng_score(model, id, nil, 0, &used)
        }
    }

    /// The `count` of `words` the language model at `path` scores highest
    /// as unigrams (`unigramScores`), the highest first, and in alphabetical
    /// order among equals; none the model lacks.
    package static func mostFrequent(_ words: [String], languageModel path: String, count: Int) throws(SpeechError) -> [String] {
        zip(words, try unigramScores(languageModel: path, words: words)).compactMap { word, score in score.map { (word, $0) } }
            .sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 < $1.0 }.prefix(count).map(\.0)
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
    private var wordIDs: (words: [String], ids: [Int32])?

    /// How many phones the dictionary's pronunciation of `word` has ("off(2)"
    /// names its second), 0 for a word it does not have.
    package func phoneCount(of word: String) -> Int { phones(of: word)?.count ?? 0 }

    /// The phones of the dictionary's pronunciation of `word` ("off(2)" names its second; `ps_lookup_word`), nil for
    /// a word it does not have.
    private func phones(of word: String) -> [Substring]? {
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

/// One utterance's acoustic features (cepstra): `frames` rows of `width` values.
package struct Features: Equatable {
    package var values: [Float]
    package var frames: Int
    package var width: Int

    /// The features of some of the frames.
    package func frames(_ range: ClosedRange<Int>) -> Features {
        guard frames > 0 else { return self }
        let range = range.clamped(to: 0...max(0, frames - 1))
        return Features(
            values: Array(values[(range.lowerBound * width)..<((range.upperBound + 1) * width)]), frames: range.count, width: width)
    }
}

/// A front end (`fe_t`): 16 kHz samples to the features a decoder scores,
/// made by `PocketSphinxDecoder.frontEnd(warp:removingNoise:frameRate:)`. Not thread-safe.
package final class FrontEnd {
    private let frontEnd: OpaquePointer

    fileprivate init(_ frontEnd: OpaquePointer) { self.frontEnd = frontEnd }

    deinit { fe_free(frontEnd) }

    /// The features of a whole utterance, as the decoder makes them from raw audio (`fe_start_utt`,
    /// `fe_process_frames`, `fe_end_utt`).
    /// (Measurements and history: docs/speech.md, "PocketSphinxDecoder: features".)
    package func features(_ samples: [Int16]) throws(SpeechError) -> Features {
        let width = Int(fe_get_output_size(frontEnd))
        var count = samples.count
        var frames: Int32 = 0
        guard fe_process_frames(frontEnd, nil, &count, nil, &frames, nil) >= 0 else { throw .decoder("the audio could not be processed") }
        var values = [Float](repeating: 0, count: (Int(frames) + 1) * width)
        let made = samples.withUnsafeBufferPointer { audio in
            values.withUnsafeMutableBufferPointer { buffer -> Int32 in
                guard let base = buffer.baseAddress else { return -1 }
                var rows: [UnsafeMutablePointer<Float>?] = (0...Int(frames)).map { base + $0 * width }
                var input = audio.baseAddress
                var remaining = audio.count
                var produced = frames
                fe_start_stream(frontEnd)
                fe_start_utt(frontEnd)
                guard fe_process_frames(frontEnd, &input, &remaining, &rows, &produced, nil) >= 0 else { return -1 }
                var tail: Int32 = 0
                fe_end_utt(frontEnd, rows[Int(produced)], &tail)
                return produced + tail
            }
        }
        guard made >= 0 else { throw .decoder("the audio could not be processed") }
        return Features(values: Array(values.prefix(Int(made) * width)), frames: Int(made), width: width)
    }
}
