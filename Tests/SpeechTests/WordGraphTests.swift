import EspeakNG
import PocketSphinx
import Speech
import SpeechAudio
import SpeechGrammar
import Testing
import VoiceAdaptation

@Suite("A grammar's graph merged")
struct WordGraphTests {
    typealias Link = WordGraph.Link

    /// Every word sequence from the start to the final state with its best score (the graph has no loops).
    static func sentences(_ graph: WordGraph) -> [[Int32]: Int32] {
        var found: [[Int32]: Int32] = [:]
        func walk(_ state: Int, _ words: [Int32], _ score: Int32) {
            if state == graph.final { found[words] = max(found[words] ?? .min, score) }
            for link in graph.links where link.from == state {
                walk(link.to, words + (link.word.map { [$0] } ?? []), score + link.score)
            }
        }
        walk(graph.start, [], 0)
        return found
    }

    @Test(
        "states that go on alike, or came alike, are one unless the words before them end otherwise; the sentences and their best scores stay"
    )
    func mergesAlikeStates() {
        // "(switch | turn) on the (lamp | fan)" written out as jsgf_build_fsg would: each alternative its own states.
        let (switchWord, turn, on, the, lamp, fan): (Int32, Int32, Int32, Int32, Int32, Int32) = (0, 1, 2, 3, 4, 5)
        let graph = WordGraph(
            stateCount: 9, start: 0, final: 8,
            links: [
                Link(from: 0, to: 1, score: -5, word: switchWord), Link(from: 0, to: 2, score: -5, word: turn),
                Link(from: 1, to: 3, score: 0, word: on), Link(from: 2, to: 4, score: 0, word: on),
                Link(from: 3, to: 5, score: 0, word: the), Link(from: 4, to: 6, score: 0, word: the),
                Link(from: 5, to: 7, score: -2, word: lamp), Link(from: 6, to: 7, score: -2, word: lamp),
                Link(from: 5, to: 8, score: -3, word: fan), Link(from: 6, to: 8, score: -3, word: fan),
                Link(from: 7, to: 8, score: 0, word: nil),
            ])
        let merged = graph.merged()
        #expect(merged.stateCount == 6, "start, after the verb, after 'on', after 'the', after 'lamp', end: \(merged)")
        #expect(Self.sentences(merged) == Self.sentences(graph))
        #expect(Self.sentences(merged)[[turn, on, the, fan]] == -8)
        #expect(merged.merged().stateCount == merged.stateCount, "nothing more merges")
        // Words that end in other phones give the states after them other left contexts: those stay apart.
        let apart = graph.merged(lastPhones: [switchWord: ["CH"], turn: ["N"], on: ["N"], the: ["AH"], lamp: ["P"], fan: ["N"]])
        #expect(apart.stateCount == 7, "after 'switch' and after 'turn' apart: \(apart)")
        #expect(Self.sentences(apart) == Self.sentences(graph))
    }

    @Test("states whose links differ only in score stay apart")
    func keepsWhatDiffers() {
        let (a, b): (Int32, Int32) = (0, 1)
        let graph = WordGraph(
            stateCount: 4, start: 0, final: 3,
            links: [
                Link(from: 0, to: 1, score: 0, word: a), Link(from: 0, to: 2, score: 0, word: b),
                Link(from: 1, to: 3, score: -1, word: a), Link(from: 2, to: 3, score: -9, word: a),
            ])
        #expect(graph.merged().stateCount == 4)
        #expect(Self.sentences(graph.merged()) == Self.sentences(graph))
    }
}
