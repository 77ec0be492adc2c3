import CPocketSphinx
import Foundation

/// Searches made from grammars: their word graphs read, merged and written back.
extension PocketSphinxDecoder {
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
    static func wordGraph(of graph: UnsafeMutablePointer<fsg_model_t>) -> WordGraph {
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
    static func graph(_ wordGraph: WordGraph, wordsOf original: UnsafeMutablePointer<fsg_model_t>)
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
    func addSilences(to graph: UnsafeMutablePointer<fsg_model_t>) {
        fsg_model_add_silence(graph, "<sil>", -1, number("-silprob"))
        for word in fillers.dropLast() where word != "<s>" && word != "</s>" {
            fsg_model_add_silence(graph, word, -1, number("-fillprob"))
        }
    }

    /// The dictionary's fillers in its order: the words of the filler file as the decoder found it ("_fdict":
    /// `-fdict`, or the model's noisedict) that the dictionary took ("##" and ";;" begin comments, a word needs a
    /// pronunciation of the model's phones, and is taken once), then "<s>", "</s>" and "<sil>" when it lacked them.
    var fillers: [String] {
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
    func add(_ alternatives: [String: [String]], to graph: UnsafeMutablePointer<fsg_model_t>) {
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
    func knows(_ word: String) -> Bool { phones(of: word) != nil }

    /// A decoder option's number (`-lw`, `-silprob`, …) as PocketSphinx reads it for a search (`cmd_ln_float32_r`).
    func number(_ name: String) -> Float { Float(cmd_ln_access_r(config, name)?.pointee.fl ?? 0) }
    /// A decoder option's yes or no.
    func flag(_ name: String) -> Bool { (cmd_ln_access_r(config, name)?.pointee.i ?? 0) != 0 }

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
}
