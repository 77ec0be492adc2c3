/// A grammar's graph as PocketSphinx's search walks it (an `fsg_model_t`,
/// read and written by `PocketSphinxDecoder`): states, a start and a final
/// state, and links that say a word (or nothing) at a score.
struct WordGraph: Equatable {
    struct Link: Hashable {
        var from: Int
        var to: Int
        /// The link's log probability, the language weight applied, as PocketSphinx keeps it.
        var score: Int32
        /// The word's number in the graph's vocabulary; nil for a null link.
        var word: Int32?
    }

    var stateCount: Int
    var start: Int
    var final: Int
    var links: [Link]

    /// The same sentences at the same best scores in as few states as
    /// merging allows: states whose ways on to the end are the same (each
    /// link the same word at the same score into states merged alike) are
    /// one state, and so are states whose ways from the start are the same;
    /// merged until nothing more merges. PocketSphinx's search does work for
    /// every state and frame whether anything is there or not (a history
    /// list for each state and phone, `fsg_history_end_frame`), and every
    /// state's links are models of their own; `jsgf_build_fsg` makes a state
    /// wherever a rule's text has one, so each use of a rule is a copy of
    /// it, and names and phrases that end alike end in states of their own.
    ///
    /// A path into a merged state goes on as it could from either state it
    /// was: the sentences and their scores are the same. PocketSphinx's
    /// search of them is not quite (its models of a state's words, and what
    /// it prunes, are per state): of the forty-eighth set of
    /// bench/speech/corpus.py (640 files), 255 of the 330 margins moved, 85
    /// by more than 0.2 and 11 by more than 1 (at most 2.7), and one command
    /// was lost at 20 dB (19.1 → 18.6, the threshold 19).
    ///
    /// With 100 devices and 1,000 shortcuts (`voiceplug bench --speech`'s
    /// grammar) 638 states → 151, a home's (10 and 10) 215 → 151;
    /// `fsg_history_end_frame` 11.8 % → 3.1 % of the bench's time (`perf record`).
    /// The bench, three rounds interleaved with the build before:
    /// real-time factor of commands 0.142–0.158 → 0.118–0.145, a home's
    /// 0.124–0.150 → 0.111–0.135, speech that is no command 0.128–0.161 →
    /// 0.100–0.108; start 0.52–1.03 → 0.47–0.78 s, rebuild 0.27–0.49 →
    /// 0.23–0.37 s (a busy machine: Python's 10M-addition loop took 1.8 s).
    /// On eight of bench/speech/corpus.py's sets (example, held-out,
    /// validation, final-check, the forty-eighth and fifty-third to
    /// fifty-fifth: 1,028 in-grammar and 1,028 out-of-grammar files each way,
    /// clean / 20 dB) right 998 / 1,000 → 997 / 997, wrong 1 / 0 and
    /// accepted 14 / 12 unchanged.
    func merged() -> WordGraph {
        var graph = self
        while true {
            let next = graph.mergingAlike(towardTheEnd: true).mergingAlike(towardTheEnd: false)
            guard next.stateCount < graph.stateCount else { return next }
            graph = next
        }
    }

    /// The graph with the states merged whose links on (toward the end) or
    /// back (toward the start) are alike: the coarsest such partition,
    /// refined from the final (or start) state and all the others.
    private func mergingAlike(towardTheEnd: Bool) -> WordGraph {
        struct Step: Hashable {
            var score: Int32
            var word: Int32?
            var group: Int
        }
        struct Signature: Hashable {
            var group: Int
            var steps: Set<Step>
        }
        let fixed = towardTheEnd ? final : start
        var group = (0..<stateCount).map { $0 == fixed ? 1 : 0 }
        var groups = Set(group).count
        while true {
            var steps = [Set<Step>](repeating: [], count: stateCount)
            for link in links {
                let (state, next) = towardTheEnd ? (link.from, link.to) : (link.to, link.from)
                steps[state].insert(Step(score: link.score, word: link.word, group: group[next]))
            }
            var numbers: [Signature: Int] = [:]
            group = (0..<stateCount).map { state in
                let signature = Signature(group: group[state], steps: steps[state])
                if let number = numbers[signature] { return number }
                numbers[signature] = numbers.count
                return numbers.count - 1
            }
            guard numbers.count > groups else { break }
            groups = numbers.count
        }
        // Links made alike by the merge are one, at the best score of those merged; a null link from a state to
        // itself goes nowhere.
        var best: [Link: Int32] = [:]
        var order: [Link] = []
        for link in links {
            let key = Link(from: group[link.from], to: group[link.to], score: 0, word: link.word)
            guard key.word != nil || key.from != key.to else { continue }
            if let score = best[key] {
                best[key] = max(score, link.score)
            } else {
                best[key] = link.score
                order.append(key)
            }
        }
        return WordGraph(
            stateCount: groups, start: group[start], final: group[final],
            links: order.map { Link(from: $0.from, to: $0.to, score: best[$0] ?? $0.score, word: $0.word) })
    }
}
