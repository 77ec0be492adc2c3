/// A grammar's graph as PocketSphinx's search walks it (an `fsg_model_t`,
/// read and written by `PocketSphinxDecoder`): states, a start and a final
/// state, and links that say a word (or nothing) at a score.
package struct WordGraph: Equatable {
    package struct Link: Hashable {
        package var from: Int
        package var to: Int
        /// The link's log probability, the language weight applied, as PocketSphinx keeps it.
        package var score: Int32
        /// The word's number in the graph's vocabulary; nil for a null link.
        package var word: Int32?

        package init(from: Int, to: Int, score: Int32, word: Int32?) {
            self.from = from
            self.to = to
            self.score = score
            self.word = word
        }
    }

    package var stateCount: Int
    package var start: Int
    package var final: Int
    package var links: [Link]

    package init(stateCount: Int, start: Int, final: Int, links: [Link]) {
        self.stateCount = stateCount
        self.start = start
        self.final = final
        self.links = links
    }

    /// The same sentences at the same scores in fewer states: states with the same left contexts (`lastPhones` of the
    /// words that end in them) whose ways on to the end are the same (each link the same word at the same score into
    /// states merged alike) are one state, and so are states whose ways from the start are the same; merged until …
    /// (Measurements and history: docs/speech.md, "WordGraph: merged".)
    package func merged(lastPhones: [Int32: Set<String>] = [:]) -> WordGraph {
        var graph = self
        while true {
            let next = graph.mergingAlike(towardTheEnd: true, lastPhones: lastPhones).mergingAlike(
                towardTheEnd: false, lastPhones: lastPhones)
            guard next.stateCount < graph.stateCount else { return next }
            graph = next
        }
    }

    /// The graph with the states merged whose links on (toward the end) or
    /// back (toward the start) are alike: the coarsest such partition,
    /// refined from the final (or start) state and all the others.
    private func mergingAlike(towardTheEnd: Bool, lastPhones: [Int32: Set<String>]) -> WordGraph {
        struct Step: Hashable {
            var score: Int32
            var word: Int32?
            var group: Int
        }
        struct Signature: Hashable {
            var group: Int
            var steps: Set<Step>
        }
        struct Start: Hashable {
            var fixed: Bool
            var before: Set<String>
        }
        /// Each state's group: the number of its key among the states' distinct keys, and how many there are.
        func grouped<Key: Hashable>(by key: (Int) -> Key) -> (group: [Int], count: Int) {
            var numbers: [Key: Int] = [:]
            let group = (0..<stateCount).map { state in
                let key = key(state)
                if let number = numbers[key] { return number }
                numbers[key] = numbers.count
                return numbers.count - 1
            }
            return (group, numbers.count)
        }
        let fixed = towardTheEnd ? final : start
        let before = leftContexts(lastPhones)
        var (group, groups) = grouped { Start(fixed: $0 == fixed, before: before[$0]) }
        while true {
            var steps = [Set<Step>](repeating: [], count: stateCount)
            for link in links {
                let (state, next) = towardTheEnd ? (link.from, link.to) : (link.to, link.from)
                steps[state].insert(Step(score: link.score, word: link.word, group: group[next]))
            }
            let refined = grouped { Signature(group: group[$0], steps: steps[$0]) }
            group = refined.group
            guard refined.count > groups else { break }
            groups = refined.count
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

    /// Each state's left contexts as PocketSphinx finds them (`fsg_lextree_lc_rc`): the last phones of the words
    /// that end in it, and of those that end in a state a null link leads from. Every state has silence too.
    private func leftContexts(_ lastPhones: [Int32: Set<String>]) -> [Set<String>] {
        var before = [Set<String>](repeating: [], count: stateCount)
        for link in links { if let word = link.word { before[link.to].formUnion(lastPhones[word] ?? []) } }
        var changed = true
        while changed {
            changed = false
            for link in links where link.word == nil && !before[link.from].isSubset(of: before[link.to]) {
                before[link.to].formUnion(before[link.from])
                changed = true
            }
        }
        return before
    }
}
