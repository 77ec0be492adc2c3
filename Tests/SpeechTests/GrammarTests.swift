import Testing
import VoiceShortcuts
@testable import Speech

@Suite("The speech grammar")
struct GrammarTests {
    @Test("phrases share their beginnings; a phrase that is another's beginning stays whole")
    func sharedBeginnings() {
        let phrases = [["quiet", "morning", "mode"], ["quiet", "morning", "time"], ["quiet"], ["lights", "out"]]
        #expect(Grammar.alternatives(phrases) == "(lights out | quiet [morning (mode | time)])")
        #expect(Grammar.alternatives([["lights", "out"]]) == "lights out")
    }

    @Test("a device may be called by the grammar's rule names")
    func ruleNamesAreWordsToo() {
        let grammar = Grammar(devices: [Device(id: "x", name: "state name", area: "target")], shortcuts: [])
        #expect(grammar.commandWords.isSuperset(of: ["state", "name", "target"]))
        #expect(!grammar.words.contains("generic") && !grammar.words.contains("det"))
    }

    @Test("a place may follow the state; chatter words are garbage only")
    func forms() {
        let grammar = Grammar(devices: [Device(id: "lava", name: "lava lamp", area: "den")], shortcuts: [])
        #expect(grammar.jsgf.contains("<place> = in [the] <area>;"))
        #expect(grammar.jsgf.contains("(turn | switch) <target> [to] <state> [<place>]"))
        #expect(grammar.jsgf.contains("g_is") && !grammar.commandWords.contains("is"))
        #expect(grammar.commandWords.isSuperset(of: ["turn", "lava", "lamp", "den"]))
    }
}
