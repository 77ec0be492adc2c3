import EspeakNG
import Foundation
import PocketSphinx
import Speech
import SpeechAudio
import SpeechGrammar
import TestSupport
import Testing
import VoiceAdaptation
import VoiceShortcuts

@Suite("The speech grammar")
struct GrammarTests {
    @Test(
        "the graph with its silences and alternative pronunciations added in one walk is PocketSphinx's own, link for link, and hears alike; merged, it has fewer states and hears the same words"
    )
    func graphAsPocketSphinxMakesIt() async throws {
        let devices = [
            Device(id: "lamp", name: "reading lamp", area: "living room"), Device(id: "heater", name: "garage heater"),
            Device(id: "tv", name: "TV & sound bar"),
        ]
        let movies = VoiceShortcut(
            invocationPhrase: "movie time", shortcut: Shortcut(intent: ToggleStateIntent(deviceID: "tv", state: .on)))
        let grammar = Grammar(devices: devices, shortcuts: [movies])
        let dictionary = try Pronunciations(
            words: grammar.words, dictionary: SpeechRecognizer.defaultModel + "/cmudict-en-us.dict", variants: grammar.commandWords,
            names: grammar.nameWords, spelled: grammar.capitalWords
        ).fileText
        let alternatives = PocketSphinxDecoder.alternatives(inDictionary: dictionary)
        #expect(alternatives["turn"]?.count ?? 0 > 1 && alternatives["g_turn"] != nil, "\(alternatives)")
        #expect(alternatives["turn"]?.last == "turn(2)", "the last read first")
        #expect(alternatives.keys.allSatisfy { !$0.hasSuffix(")") }, "\(alternatives)")
        let folder = try AdaptationTests.Folder()
        let jsgf = try folder.file("grammar.jsgf", grammar.jsgf), words = try folder.file("words.dict", dictionary)
        let spoken = try await Synthesizer.speak("turn off the reading lamp", voice: "slt").samples
        let chatter = try await Synthesizer.speak("the garage is full of boxes", voice: "espeak").samples
        try await blocking {
            let base = ["-hmm", SpeechRecognizer.hmmPath(SpeechRecognizer.defaultModel), "-dict", words]
            let own = try PocketSphinxDecoder(arguments: base + ["-jsgf", jsgf])  // PocketSphinx's own way (ps_set_jsgf_file)
            let ours = try PocketSphinxDecoder(arguments: base)
            let search = try ours.addSearch(ours.ownSearch.name, jsgfFile: jsgf, alternatives: alternatives, merging: false)
            let graph = try #require(own.graphText(of: own.ownSearch.name))
            #expect(graph.contains(" turn(2)") && graph.contains(" g_turn(2)") && graph.contains(" <sil>") && graph.contains(" [NOISE]"))
            #expect(ours.graphText(of: search.name) == graph)
            let frontEnd = try own.frontEnd(warp: 1.0, removingNoise: false)
            for samples in [spoken, chatter] {
                let features = try frontEnd.features(samples)
                #expect(try search.decode(features) == own.ownSearch.decode(features))
            }
            #expect(try search.decode(frontEnd.features(spoken)).hypothesis == "turn off the reading lamp")
            // Its states merged (`WordGraph.merged`): fewer, and the same words heard.
            let merged = try ours.addSearch("merged", jsgfFile: jsgf, alternatives: alternatives)
            let states = try #require(ours.stateCount(of: search.name)), fewer = try #require(ours.stateCount(of: merged.name))
            #expect(fewer < states * 3 / 4, "\(fewer) of \(states)")
            #expect(try merged.decode(frontEnd.features(spoken)).hypothesis == "turn off the reading lamp")
            #expect(try merged.decode(frontEnd.features(chatter)).words.contains { $0.word.hasPrefix(Grammar.garbagePrefix) })
        }
    }

    @Test("phrases share their beginnings; a phrase that is another's beginning stays whole")
    func sharedBeginnings() {
        let phrases = [["quiet", "morning", "mode"], ["quiet", "morning", "time"], ["quiet"], ["lights", "out"]]
        #expect(Grammar.alternatives(phrases) == "(lights out | quiet [morning (mode | time)])")
        #expect(Grammar.alternatives([["lights", "out"]]) == "lights out")
    }

    @Test(
        "a name, area or phrase written with signs or in camel case is in the grammar as said too; one with a word that cannot be said, only as said"
    )
    func namesWithSigns() {
        let grammar = Grammar(
            devices: [Device(id: "tv", name: "TV & sound bar", area: "den"), Device(id: "xmas", name: "🎄 tree")], shortcuts: [])
        #expect(
            grammar.jsgf.contains("<name> = (den tv (and sound bar | sound bar) | tree | tv (and sound bar | sound bar));"),
            "\(grammar.jsgf)")
        let signs = Grammar(
            devices: [Device(id: "lamp", name: "lamp", area: "Living & Dining")],
            shortcuts: [
                VoiceShortcut(
                    invocationPhrase: "Movies & chill", shortcut: Shortcut(intent: ToggleStateIntent(deviceID: "lamp", state: .on)))
            ])
        #expect(signs.jsgf.contains("<area> = living (and dining | dining);"), "\(signs.jsgf)")
        #expect(signs.jsgf.contains("<shortcut> = movies (and chill | chill);"), "\(signs.jsgf)")
        let camel = Grammar(devices: [Device(id: "lamp", name: "LivingRoomLamp")], shortcuts: [])
        #expect(camel.jsgf.contains("<name> = (living room lamp | livingroomlamp);"), "\(camel.jsgf)")
        let keycap = Grammar(devices: [Device(id: "lamp", name: "Lamp 1️⃣")], shortcuts: [])
        #expect(keycap.jsgf.contains("<name> = lamp 1;"), "a keycap is said as its digit: \(keycap.jsgf)")
    }

    @Test(
        "after a name's beginning, a loop of phones may stand for its rest, at the end or before the state, never before a place or a tail")
    func nameRestMayBeOtherwise() {
        let names = [["lava", "lamp"], ["kettle"], ["quiet", "morning", "mode"]]
        #expect(Grammar.beginnings(names) == [["lava"], ["quiet"], ["quiet", "morning"]])
        #expect(Grammar.alternatives(Grammar.beginnings(names)) == "(lava | quiet [morning])")
        let grammar = Grammar(devices: [Device(id: "lava", name: "lava lamp", area: "den")], shortcuts: [])
        #expect(grammar.jsgf.contains("<name> = (den lava lamp | lava lamp);"), "\(grammar.jsgf)")
        #expect(grammar.jsgf.contains("<partial> = lava <otherwise>;"))
        #expect(grammar.jsgf.contains("<partialtarget> = [<det>] [<area>] <partial>;"))
        #expect(grammar.jsgf.contains("<otherwise> = <phone> <phone>*;"))
        #expect(grammar.jsgf.contains("/\(Grammar.phoneWeight)/ g_ph_aa | "))
        #expect(grammar.jsgf.contains("(down | up)) | <fixed>) ((<target> [<tail>] | <partialtarget>) | <group> [<tail>]) |"))
        #expect(grammar.jsgf.contains("<verb> ((<target> | <partialtarget>) | <group>) [to] <state> [<place>] [<tail>] |"))
        #expect(!grammar.words.contains(where: { $0.hasPrefix("g_") || $0.hasPrefix("/") }), "\(grammar.words.sorted())")
        let oneWord = Grammar(devices: [Device(id: "kettle", name: "kettle")], shortcuts: [])
        #expect(!oneWord.jsgf.contains("<partial"), "no name has a beginning: \(oneWord.jsgf)")
        #expect(oneWord.jsgf.contains("(down | up)) | <fixed>) (<target> [<tail>] | <group> [<tail>]) |"))
    }

    @Test("a name's number has no loop of phones before it (the numbers' check hears the rest); a shortcut's has")
    func noLoopBeforeANamesNumber() {
        let names = [["plug", "12"], ["desk", "lamp"], ["tv", "2", "remote"]]
        #expect(Grammar.beginnings(names, beforeNumbers: false) == [["desk"], ["tv", "2"]])
        #expect(Grammar.beginnings(names) == [["desk"], ["plug"], ["tv"], ["tv", "2"]])
        let grammar = Grammar(
            devices: [Device(id: "plug", name: "Plug 12"), Device(id: "lamp", name: "desk lamp")],
            shortcuts: [
                VoiceShortcut(invocationPhrase: "scene 2 now", shortcut: Shortcut(intent: ToggleStateIntent(deviceID: "lamp", state: .on)))
            ])
        #expect(grammar.jsgf.contains("<partial> = desk <otherwise>;"), "\(grammar.jsgf)")
        #expect(grammar.jsgf.contains("<shortcutpartial> = scene [2] <shortcutrest>;"), "\(grammar.jsgf)")
    }

    @Test("after a shortcut's beginning, a loop of phones of its own may stand for its rest; a one-word shortcut has none")
    func shortcutRestMayBePhones() {
        func voiceShortcut(_ phrase: String) -> VoiceShortcut {
            VoiceShortcut(invocationPhrase: phrase, shortcut: Shortcut(intent: ToggleStateIntent(deviceID: "lamp", state: .on)))
        }
        let devices = [Device(id: "lamp", name: "lamp")]
        let grammar = Grammar(
            devices: devices,
            shortcuts: [
                voiceShortcut("warm up the office"), voiceShortcut("lights out"),
                voiceShortcut("relax"),
            ])
        #expect(
            grammar.jsgf.contains(
                "public <utterance> = (<shortcut> | <shortcutpartial> | <generic> | <groupquestion> | <question>) | <garbage>;"),
            "\(grammar.jsgf)")
        #expect(grammar.jsgf.contains("<shortcutpartial> = (lights | warm [up [the]]) <shortcutrest>;"), "\(grammar.jsgf)")
        #expect(
            grammar.jsgf.contains(
                "<shortcutrest> = <shortcutphone> <shortcutphone>*;\n<shortcutphone> = /\(Grammar.shortcutPhoneWeight)/ g_ph_aa | "))
        #expect(
            !grammar.words.contains("shortcutpartial") && !grammar.words.contains("shortcutrest")
                && !grammar.words.contains("shortcutphone"))
        let oneWord = Grammar(devices: devices, shortcuts: [voiceShortcut("relax")])
        #expect(!oneWord.jsgf.contains("<shortcutpartial>"), "\(oneWord.jsgf)")
    }

    @Test(
        "after a determiner, or a determiner and an area, a whole name may be a loop of phones (a device that does not exist), but not in a verbless form"
    )
    func unknownName() {
        let grammar = Grammar(devices: [Device(id: "lava", name: "lava lamp", area: "den")], shortcuts: [])
        #expect(
            grammar.jsgf.contains(
                "<target> = [<det>] <name> [<place>] | <det> <unknown> [<place>] | <det> <area> <areaunknown> [<place>];"),
            "\(grammar.jsgf)")
        #expect(grammar.jsgf.contains("<areaunknown> = (/\(Grammar.areaUnknownWeight)/ g_ph_aa | "))
        #expect(grammar.jsgf.contains(") <areaunknownphone>*;\n<areaunknownphone> = /\(Grammar.unknownPhoneWeight)/ g_ph_aa | "))
        #expect(grammar.jsgf.contains("<unknown> = (/\(Grammar.unknownNameWeight)/ g_un_aa | "))
        #expect(grammar.jsgf.contains(") <unknownphone>*;\n<unknownphone> = /\(Grammar.unknownPhoneWeight)/ g_un_aa | "))
        #expect(grammar.jsgf.contains("| [(is | was)] ([<det>] (<singularname> [<place>] ["), "\(grammar.jsgf)")
        #expect(!grammar.words.contains("unknown") && !grammar.words.contains("unknownphone"))
        let withoutAreas = Grammar(devices: [Device(id: "lava", name: "lava lamp")], shortcuts: [])
        #expect(withoutAreas.jsgf.contains("<target> = [<det>] <name> | <det> <unknown>;"), "\(withoutAreas.jsgf)")
    }

    @Test("a name comes after its own device's area only, but after any area before phones or in a question")
    func areaBeforeItsOwnNames() {
        let grammar = Grammar(
            devices: [
                Device(id: "vinyl", name: "vinyl player", aliases: ["turntable"], area: "music room"),
                Device(id: "soda", name: "soda maker", area: "bar"), Device(id: "fan", name: "fan"),
                Device(id: "lamp", name: "bar lamp", area: "bar"),
            ],
            shortcuts: [])
        #expect(
            grammar.jsgf.contains(
                "<name> = (bar (lamp | soda maker) | fan | music room (turntable | vinyl player) | soda maker | turntable | vinyl player);"),
            "no \"bar bar lamp\": \(grammar.jsgf)")
        #expect(grammar.jsgf.contains("<anyname> = (bar lamp | fan | soda maker | turntable | vinyl player);"), "\(grammar.jsgf)")
        #expect(grammar.jsgf.contains("<area> = (bar | music room);"), "the place after a name: \(grammar.jsgf)")
        #expect(grammar.jsgf.contains("<partial> = (bar | soda | vinyl) <otherwise>;"), "\(grammar.jsgf)")
        #expect(grammar.jsgf.contains("<partialtarget> = [<det>] [<area>] <partial>;"))
        let withoutAreas = Grammar(devices: [Device(id: "fan", name: "desk fan")], shortcuts: [])
        #expect(
            withoutAreas.jsgf.contains("<name> = desk fan;") && withoutAreas.jsgf.contains("<anytarget> = <target>;"),
            "\(withoutAreas.jsgf)")
    }

    @Test("a device may be called by the grammar's rule names")
    func ruleNamesAreWordsToo() {
        let grammar = Grammar(devices: [Device(id: "x", name: "state name", area: "target")], shortcuts: [])
        #expect(grammar.commandWords.isSuperset(of: ["state", "name", "target"]))
        #expect(
            !grammar.words.contains("generic") && !grammar.words.contains("det") && !grammar.words.contains("otherwise")
                && !grammar.words.contains("partial") && !grammar.words.contains("partialtarget")
                && !grammar.words.contains("anyname") && !grammar.words.contains("anytarget"))
    }

    @Test(
        "the text matcher's forms without \"put\", \"please\" only before a verb with a state word; no place with \"on\" or \"of\"; what is said of a device but no command (a \"how\" question among it); chatter words are garbage only"
    )
    func forms() {
        let grammar = Grammar(devices: [Device(id: "lava", name: "lava lamp", area: "den")], shortcuts: [])
        #expect(grammar.jsgf.contains("<place> = (across | around | at | in | inside | throughout) [<det>] <area>;"))
        let statement = "(to | /\(Grammar.garbageWeight)/ is | /\(Grammar.garbageWeight)/ are | /\(Grammar.garbageWeight)/ was)"
        let singular = "(to | /\(Grammar.garbageWeight)/ is | /\(Grammar.garbageWeight)/ was)"
        #expect(
            grammar.jsgf.contains(
                "| [(is | was)] ([<det>] (<singularname> [<place>] [\(singular)]) | <partialtarget> [\(statement)]) "
                    + "<state> [<place>] [<tail>];"), "no verbless group: \(grammar.jsgf)")
        let generic: [String] = [
            "<generic> = [(did you | do not | dont | never | please (do not | dont | never) | who)] ",
            "(([<polite>] (<verb> <state> | (power (down | up) | shut (down | off)) | ",
            "cut (power (for | to) | the power (for | of | on | to)) | (check | dim) | (switch | turn) (down | up)) | ",
            "<fixed>) ((<target> [<tail>] | <partialtarget>) | <group> [<tail>]) | ",
            "[<polite>] toggle (<target> [<tail>] | <partialtarget>) | ",
            "[<polite>] <verb> ((<target> | <partialtarget>) | <group>) [to] <state> [<place>] [<tail>] | ",
            "[<polite>] (switch | turn) ((<target> | <partialtarget>) | <group>) (down | up) [<place>] [<tail>] | ",
            "[<polite>] power ((<target> | <partialtarget>) | <group>) (down | up) [<place>] [<tail>] | ",
            "[<polite>] shut ((<target> | <partialtarget>) | <group>) (down | off) [<place>] [<tail>]) |",
        ]
        #expect(grammar.jsgf.contains(generic.joined()), "\(grammar.jsgf)")
        #expect(
            grammar.jsgf.contains("<polite> = (can you [please] | could you [please] | please | will you [please] | would you [please]);"),
            "\(grammar.jsgf)")
        #expect(grammar.jsgf.contains("public <utterance> = (<generic> | <groupquestion> | <question>) | <garbage>;"), "\(grammar.jsgf)")
        #expect(
            grammar.jsgf.contains(
                "<group> = (everything | all [<det>] [<area>] <groupnoun> | every <onegroupnoun>) [<place>];"),
            "groups, no lists of names: \(grammar.jsgf)")
        #expect(
            grammar.jsgf.contains(
                "<groupquestion> = ((whats | what is | which <groupnoun> are) | (is | are) (anything | everything "
                    + "| any [<det>] <groupnoun> | all [<det>] <groupnoun>)) [switched | turned] <state> [<place>];"),
            "questions about several devices: \(grammar.jsgf)")
        #expect(grammar.jsgf.contains("<question> = how <gw> [<gw>] (is | are) <anytarget>;"))
        #expect(
            grammar.jsgf.contains(
                "<anytarget> = [<det>] [<area>] <anyname> [<place>] | <det> <unknown> [<place>] | <det> <area> <areaunknown> [<place>];"))
        #expect(grammar.jsgf.contains("<verb> = (bring | change | power | set | switch | turn);"), "no \"put\"")
        #expect(grammar.jsgf.contains("<fixed> = (activate | deactivate | disable | enable | kill | start | stop);"))
        #expect(grammar.jsgf.contains("<tail> = (for me | please);"), "no \"thanks\"")
        #expect(grammar.jsgf.contains("g_why") && !grammar.commandWords.contains("why"))
        #expect(grammar.commandWords.isSuperset(of: ["turn", "lava", "lamp", "den", "dont", "who", "are", "check"]))
        #expect(!grammar.words.contains(where: { $0.contains("/") }), "a weight is not a word")
    }

    @Test("in a verbless form, \"are\" comes only after a name that sounds plural")
    func pluralLink() {
        let grammar = Grammar(
            devices: [
                Device(id: "iron", name: "curling iron", area: "bathroom"),
                Device(id: "lights", name: "fairy lights", aliases: ["string lights"]),
            ], shortcuts: [])
        #expect(grammar.jsgf.contains("<singularname> = (bathroom curling iron | curling iron);"), "\(grammar.jsgf)")
        #expect(grammar.jsgf.contains("<pluralname> = (fairy lights | string lights);"), "\(grammar.jsgf)")
        let w = Grammar.garbageWeight
        #expect(
            grammar.jsgf.contains(
                "([<det>] (<singularname> [<place>] [(to | /\(w)/ is | /\(w)/ was)] | "
                    + "<pluralname> [<place>] [(to | /\(w)/ is | /\(w)/ are | /\(w)/ was)])"), "\(grammar.jsgf)")
        #expect(Grammar.soundsPlural(["fairy", "lights"]) && !Grammar.soundsPlural(["curling", "iron"]))
        let pluralOnly = Grammar(devices: [Device(id: "blinds", name: "blinds")], shortcuts: [])
        #expect(
            !pluralOnly.jsgf.contains("<singularname>") && pluralOnly.jsgf.contains("[<det>] (<pluralname> [(to | "), "\(pluralOnly.jsgf)")
    }

    @Test("the grammar without its garbage loop has the same rules and only the phrases at the top; nothing to say, no such grammar")
    func withoutGarbage() {
        let lamp = Device(id: "lamp", name: "reading lamp", area: "den")
        let grammar = Grammar(
            devices: [lamp],
            shortcuts: [
                VoiceShortcut(
                    invocationPhrase: "lights out",
                    shortcut: Shortcut(intent: ToggleStateIntent(deviceID: "lamp", state: .off)))
            ])
        let top = "public <utterance> = (<shortcut> | <shortcutpartial> | <generic> | <groupquestion> | <question>)"
        #expect(grammar.jsgf.contains(top + " | <garbage>;\n"), "\(grammar.jsgf)")
        #expect(grammar.withoutGarbage == grammar.jsgf.replacingOccurrences(of: top + " | <garbage>;", with: top + ";"))
        #expect(grammar.withoutGarbage?.contains("<partial> = reading <otherwise>;") == true, "the phone loops stay")
        let nothing = Grammar(devices: [], shortcuts: [])
        #expect(nothing.withoutGarbage == nil && nothing.withoutUnknownNames == nil)
        #expect(nothing.jsgf.contains("public <utterance> = <garbage>;\n"), "\(nothing.jsgf)")
    }

    @Test(
        "the grammar without its unknown name: no garbage loop, a name of the devices' wherever a name stands; the other loops of phones stay"
    )
    func withoutUnknownNames() throws {
        let lamp = Device(id: "lamp", name: "reading lamp", area: "den")
        let grammar = Grammar(devices: [lamp], shortcuts: [])
        let known = try #require(grammar.withoutUnknownNames)
        #expect(known.contains("public <utterance> = (<generic> | <groupquestion> | <question>);\n"), "\(known)")
        #expect(known.contains("<target> = [<det>] <name> [<place>];"), "\(known)")
        #expect(known.contains("<anytarget> = [<det>] [<area>] <anyname> [<place>];"), "\(known)")
        #expect(!known.contains("<unknown> [<place>]") && !known.contains("<areaunknown> [<place>]"))
        #expect(known.contains("<partial> = reading <otherwise>;"), "the loop after a name's beginning stays")
        // Only the rules that named the unknown name differ.
        let without = grammar.withoutGarbage ?? ""
        #expect(
            known
                == without.replacingOccurrences(of: " | <det> <unknown> [<place>] | <det> <area> <areaunknown> [<place>]", with: ""))
    }

    @Test("a command's state check: its words with the state word open (and optional), only for one state word")
    func stateCheck() {
        #expect(
            Grammar.stateCheck(["turn", "the", "lamp", "off"])
                == "#JSGF V1.0;\ngrammar check;\npublic <check> = turn the lamp [(down | off | on | up)];\n")
        #expect(
            Grammar.stateCheck(["enable", "the", "lamp"])
                == "#JSGF V1.0;\ngrammar check;\npublic <check> = (deactivate | disable | enable) the lamp;\n")
        #expect(
            Grammar.stateCheck(["please", "deactivate", "my", "lamp"])
                == "#JSGF V1.0;\ngrammar check;\npublic <check> = please (activate | deactivate | enable) my lamp;\n")
        // The everyday verbs: "kill" is checked against the verbs that say on; after "power" and "shut" their own
        // particles are state words, each checked against the other state's words.
        #expect(Grammar.stateCheck(["kill", "the", "fan"]) == Grammar.check(["(activate | enable | kill | start)", "the", "fan"]))
        #expect(Grammar.stateCheck(["power", "down", "the", "fan"]) == Grammar.check(["power", "[(down | on | up)]", "the", "fan"]))
        #expect(Grammar.stateCheck(["power", "the", "fan", "up"]) == Grammar.check(["power", "the", "fan", "[(down | off | up)]"]))
        #expect(Grammar.stateCheck(["shut", "off", "the", "fan"]) == Grammar.check(["shut", "[(off | on)]", "the", "fan"]))
        #expect(Grammar.stateCheck(["turn", "the", "lamp", "up"]) == nil, "\"up\" is a state word after power and shut only")
        #expect(
            Grammar.stateCheck(["power", "off", "the", "fan"]) == Grammar.check(["power", "[(off | on | up)]", "the", "fan"]),
            "power off is checked against power up too")
        #expect(Grammar.verbCheck(["power", "off", "the", "fan"]) == nil && Grammar.verbCheck(["power", "down", "the", "fan"]) != nil)
        #expect(Grammar.verbCheck(["turn", "on", "the", "fan"]) == nil && Grammar.verbCheck(["please", "kill", "the", "fan"]) != nil)
        #expect(Grammar.stateCheck(["lights", "out"]) == nil)
        #expect(Grammar.stateCheck(["turn", "on", "the", "lamp", "off"]) == nil)
        // "power up" is asked back; "turn up", "power on" and "power down" are not this check's.
        #expect(Grammar.saysPowerUp(["power", "up", "the", "fan"]) && Grammar.saysPowerUp(["please", "power", "the", "fan", "up"]))
        #expect(!Grammar.saysPowerUp(["turn", "up", "the", "fan"]) && !Grammar.saysPowerUp(["power", "on", "the", "fan"]))
        #expect(!Grammar.saysPowerUp(["power", "down", "the", "fan"]))
    }

    @Test("a command with the other state's words where its state word is, and whether it says on")
    func otherState() throws {
        let on = try #require(Grammar.otherState(["turn", "the", "lamp", "on"]))
        #expect(on.grammar == Grammar.check(["turn", "the", "lamp", "off"]) && on.index == 3 && on.particleSays == .on)
        let off = try #require(Grammar.otherState(["switch", "off", "the", "lamp"]))
        #expect(off.grammar == Grammar.check(["switch", "on", "the", "lamp"]) && off.index == 1 && off.particleSays == .off)
        let up = try #require(Grammar.otherState(["power", "up", "the", "fan"]))
        #expect(up.grammar == Grammar.check(["power", "(down | off)", "the", "fan"]) && up.particleSays == .on)
        let kill = try #require(Grammar.otherState(["please", "kill", "the", "fan"]))
        #expect(kill.grammar == Grammar.check(["please", "(activate | enable | start)", "the", "fan"]) && kill.particleSays == nil)
        let activate = try #require(Grammar.otherState(["activate", "the", "fan"]))
        #expect(activate.grammar == Grammar.check(["(deactivate | disable | kill | stop)", "the", "fan"]) && activate.particleSays == nil)
        #expect(Grammar.otherState(["toggle", "the", "fan"]) == nil)
        #expect(Grammar.otherState(["turn", "on", "the", "lamp", "off"]) == nil)
        #expect(Grammar.otherState(["lights", "out"]) == nil)
    }

    @Test("a state particle is checked against up and down, unless its verb says a state with them")
    func upOrDown() throws {
        let off = try #require(Grammar.upOrDown(["turn", "off", "the", "heater"]))
        #expect(off.grammar == Grammar.check(["turn", "(down | up)", "the", "heater"]) && off.words == 1...1)
        let on = try #require(Grammar.upOrDown(["turn", "the", "lamp", "on"]))
        #expect(on.grammar == Grammar.check(["turn", "the", "lamp", "(down | up)"]) && on.words == 3...3)
        let toOn = try #require(Grammar.upOrDown(["turn", "the", "lamp", "to", "on"]))
        #expect(toOn.grammar == Grammar.check(["turn", "the", "lamp", "(down | up)"]) && toOn.words == 3...4)
        // With the common words in the dictionary, "to high" and "to low" too.
        let level = try #require(Grammar.upOrDown(["set", "the", "lamp", "to", "on"], levels: true))
        #expect(level.grammar == Grammar.check(["set", "the", "lamp", "[to] (o_high | o_low)"]) && level.words == 3...4)
        #expect(Grammar.upOrDown(["power", "off", "the", "fan"]) == nil)
        #expect(Grammar.upOrDown(["power", "up", "the", "fan"]) == nil)
        #expect(Grammar.upOrDown(["please", "kill", "the", "fan"]) == nil)
        #expect(Grammar.upOrDown(["turn", "on", "the", "lamp", "off"]) == nil)
        #expect(Grammar.upOrDown(["lamp", "heater"]) == nil)
    }

    @Test("a heard name is checked against the other devices' names, not its own aliases nor a name another shares")
    func otherNames() throws {
        let grammar = Grammar(
            devices: [
                Device(id: "lamp", name: "desk lamp", aliases: ["reading light"], area: "office"),
                Device(id: "fan", name: "box fan", area: "bedroom"), Device(id: "hall", name: "desk lamp", area: "hall"),
            ], shortcuts: [])
        let other = try #require(Grammar.otherNames(["turn", "off", "the", "desk", "lamp"], device: "lamp", sayings: grammar.sayings))
        #expect(other.name == 3..<5)
        #expect(other.grammar == Grammar.check(["(bedroom box fan | box fan | hall desk lamp)"]))
        // The longest saying found: the area's.
        let inArea = try #require(Grammar.otherNames(["office", "desk", "lamp", "on"], device: "lamp", sayings: grammar.sayings))
        #expect(inArea.name == 0..<3)
        #expect(Grammar.otherNames(["turn", "off", "the", "kettle"], device: "lamp", sayings: grammar.sayings) == nil)
        #expect(Grammar.otherNames(["lamp", "on"], device: "lamp", sayings: Grammar(devices: [], shortcuts: []).sayings) == nil)
    }

    @Test("a toggle is heard again with a verb and a state in its place")
    func toggleCheck() {
        #expect(
            Grammar.toggleCheck(["please", "toggle", "the", "fan"])
                == Grammar.check(["please", "(turn | switch | power) (on | off)", "the", "fan"]))
        #expect(Grammar.toggleCheck(["turn", "off", "the", "fan"]) == nil)
    }

    @Test("a shortcut heard whole needs less margin, unless the open pass heard more than one of its words")
    func shortcutAllowance() {
        #expect(SpeechRecognizer.marginAllowance(isShortcut: true, spoken: ["all", "done"], openHeard: "old are you") > 0)
        // "let it go" heard as the shortcut "let it snow": the open pass heard "let it", so the difference is in the rest.
        #expect(SpeechRecognizer.marginAllowance(isShortcut: true, spoken: ["let", "it", "snow"], openHeard: "let it go") == 0)
        #expect(SpeechRecognizer.marginAllowance(isShortcut: false, spoken: ["kettle", "on"], openHeard: "cattle") == 0)
    }

    @Test("a name's word the open pass heard as another word after the name's word before it is checked; other differences are not")
    func openHeardAnotherName() {
        let other = OtherWords(
            checked: [
                "photo": [["F", "OW", "T", "OW"]], "printer": [["P", "R", "IH", "N", "T", "ER"]], "bed": [["B", "EH", "D"]],
                "cool": [["K", "UW", "L"]],
            ],
            runs: [["photo", "printer"], ["cool", "the"], ["the", "bed"], ["cool", "the", "bed"]], common: CommonWords(entries: []))
        func checked(_ spoken: String, _ open: String) -> Bool {
            SpeechRecognizer.openHeardAnotherName(spoken.split(separator: " ").map(String.init), openHeard: open, words: other)
        }
        #expect(checked("switch on the photo printer", "switch on the photo frame"))
        #expect(checked("switch on the photo printer", "pitt switch on the photo frame"), "whatever else the open pass heard")
        #expect(checked("switch on the photo printer", "switch on the photo"), "nothing after the name's first word")
        #expect(!checked("switch on the photo printer", "switch on the photo printer"))
        #expect(!checked("switch on the photo printer", "our oval clock"), "the name's first word not heard")
        #expect(!checked("switch on the photo printer", "switch off the photo printer"), "not a name's word")
        #expect(!checked("cool the bed", "feel the bed"), "a name's first word")
        #expect(checked("cool the bed", "cool the bad"), "a shortcut's word after another of its words")
        #expect(
            !SpeechRecognizer.openHeardAnotherName(["photo", "printer"], openHeard: "photo frame", words: nil),
            "no check without the language model")
    }

    @Test("a name of one word is checked whatever the margin, not where it is part of a longer name")
    func oneWordNames() {
        let grammar = Grammar(
            devices: [
                Device(id: "modem", name: "modem", aliases: ["Netgear"], area: "office"), Device(id: "lamp", name: "lamp", area: "hall"),
                Device(id: "desk", name: "desk lamp", area: "office"),
            ],
            shortcuts: [])
        #expect(grammar.oneWordNames == ["modem", "netgear", "lamp"])
        let other = OtherWords(
            checked: [:], runs: grammar.nameRuns, oneWordNames: grammar.oneWordNames, common: CommonWords(entries: []))
        func checked(_ spoken: String) -> Bool {
            SpeechRecognizer.saidOneWordName(spoken.split(separator: " ").map(String.init), words: other)
        }
        #expect(checked("switch off the modem"))
        #expect(checked("netgear off"), "an alias")
        #expect(checked("turn on the lamp in the hall"))
        #expect(!checked("turn on the desk lamp"), "part of a longer name")
        #expect(!checked("turn on the desk lamp in the office"), "an area of one word is no name")
        #expect(!SpeechRecognizer.saidOneWordName(["modem", "off"], words: nil), "no check without the language model")
    }

    @Test("the words written in capitals are a name's, an area's or a shortcut's of two to four letters")
    func capitalWords() {
        let grammar = Grammar(
            devices: [
                Device(id: "strip", name: "LED strip 2", area: "TV room"), Device(id: "lamp", name: "Led lamp", aliases: ["HUGE LAMP"]),
            ],
            shortcuts: [
                VoiceShortcut(invocationPhrase: "stop the AC", shortcut: Shortcut(intent: ToggleStateIntent(deviceID: "lamp", state: .off)))
            ])
        #expect(grammar.capitalWords == ["led", "tv", "ac", "huge", "lamp"], "\(grammar.capitalWords)")
        let plain = Grammar(devices: [Device(id: "lamp", name: "Lamp A", area: "Hall")], shortcuts: [])
        #expect(plain.capitalWords.isEmpty, "one capital is no word in capitals")
    }

    @Test("a word with a number is checked against the same word with other numbers; a word without one is not")
    func otherNumbers() {
        let ps5 = OtherWords.otherNumbers(of: "ps5")
        #expect(ps5.contains("ps4") && ps5.contains("ps6") && ps5.contains("ps0") && ps5.contains("ps20") && ps5.contains("ps90"))
        #expect(!ps5.contains("ps5"), "not the word itself")
        #expect(Set(ps5).count == ps5.count, "each once")
        let heater = OtherWords.otherNumbers(of: "2000")
        #expect(heater.contains("1000") && heater.contains("2100") && heater.contains("1999") && heater.contains("2001"))
        #expect(!heater.contains("0000") && !heater.contains("2000"), "no leading zero")
        let droid = OtherWords.otherNumbers(of: "r2d2")
        #expect(droid.contains("r3d2") && droid.contains("r2d3") && !droid.contains("r3d3"), "one number at a time")
        #expect(OtherWords.otherNumbers(of: "lamp").isEmpty)
        #expect(OtherWords.otherNumbers(of: "7").contains("8"))
        let other = OtherWords(checked: ["5": [["F", "AY", "V"]]], runs: [], common: CommonWords(entries: []), numbers: ["5": ["4", "6"]])
        #expect(other.numberAlternatives(for: "5") == "/\(GrammarTuning.numberWeight)/ o_4 | /\(GrammarTuning.numberWeight)/ o_6")
        #expect(other.numberAlternatives(for: "lamp") == nil)
    }

    @Test("a rebuilt grammar keeps the alternatives found for a name's word while its pronunciations, runs and numbers are the same")
    func otherWordsKept() {
        let common = CommonWords(entries: [
            ("lamb", [["L", "AE", "M"]]), ("limp", [["L", "IH", "M", "P"]]), ("desk", [["D", "EH", "S", "K"]]),
        ])
        let checked = ["lamp": [["L", "AE", "M", "P"]], "desk": [["D", "EH", "S", "K"]]]
        var calls = 0
        func scores(_ words: [String], _ history: [String]) -> [Int32?] {
            calls += 1
            return words.map { _ in -100 }
        }
        let first = OtherWords(checked: checked, runs: [["desk", "lamp"]], common: common)
        let found = first.alternatives(for: "lamp", after: ["desk"], scores: scores)
        #expect(found?.contains("o_lamb") == true, "\(found ?? "nil")")
        #expect(calls == 1, "the words after \"desk\" scored once")
        let kept = OtherWords(checked: checked, runs: [["desk", "lamp"]], common: common)
        kept.keep(from: first)
        #expect(kept.alternatives(for: "lamp", after: ["desk"], scores: scores) == found)
        #expect(calls == 1, "kept, not found again")
        let renamed = OtherWords(checked: ["lamp": [["L", "AA", "M", "P"]]], runs: [["desk", "lamp"]], common: common)
        renamed.keep(from: first)
        _ = renamed.alternatives(for: "lamp", after: ["desk"], scores: scores)
        #expect(calls == 2, "another pronunciation: found again")
        let longer = OtherWords(checked: checked, runs: [["desk", "lamp"], ["old", "desk", "lamp"]], common: common)
        longer.keep(from: first)
        _ = longer.alternatives(for: "lamp", after: ["desk"], scores: scores)
        #expect(calls == 3, "other runs: found again")
        let alone = OtherWords(checked: checked, runs: [["desk", "lamp"]], oneWordNames: ["lamp"], common: common)
        alone.keep(from: first)
        _ = alone.alternatives(for: "lamp", after: ["desk"], scores: scores)
        #expect(calls == 4, "a name of one word now, open to more near words: found again")
    }

    @Test("a verbless command with a determiner needs more margin than the other forms")
    func extraMargin() {
        #expect(Grammar.extraMargin(["turn", "on", "the", "lamp"]) == 0)
        #expect(Grammar.extraMargin(["bring", "the", "lamp", "on"]) == 0)
        #expect(Grammar.extraMargin(["lamp", "on"]) == 0)
        #expect(Grammar.extraMargin(["the", "lamp", "on"]) > 0)
        #expect(Grammar.extraMargin([]) == 0)
        // A command for several devices, and one with an everyday verb, need more.
        #expect(Grammar.extraMargin(["turn", "off", "everything"]) == Grammar.groupMargin)
        let heard = ["turn", "all", "plugs", "at", "loft", "on"]
        #expect(Grammar.extraMargin(heard, openHeard: ["same", "old", "looks", "on"]) == Grammar.groupMargin + Grammar.unheardGroupMargin)
        #expect(Grammar.extraMargin(heard, openHeard: ["in", "all", "goes", "on"]) == Grammar.groupMargin + Grammar.unheardGroupMargin)
        #expect(Grammar.extraMargin(heard, openHeard: ["turn", "all", "plugs", "on"]) == Grammar.groupMargin)
        #expect(Grammar.groupSaid(["switch", "off", "every", "switch", "in", "the", "hall"]) == ["every", "switch"])
        #expect(Grammar.groupSaid(["turn", "everything", "off"]) == ["everything"])
        #expect(Grammar.groupSaid(["turn", "on", "the", "tv", "and", "sound", "bar"]) == [])
        #expect(Grammar.extraMargin(["lamp", "on"], openHeard: []) == 0)
        #expect(Grammar.extraMargin(["kill", "the", "lamp"]) == Grammar.everydayVerbMargin)
        #expect(Grammar.extraMargin(["power", "off", "the", "lamp"]) == Grammar.everydayVerbMargin, "\"power up\" is heard as it")
    }
}
