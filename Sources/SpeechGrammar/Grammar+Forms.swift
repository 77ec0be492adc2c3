import ChildProcesses
import EspeakNG
import PocketSphinx
import VoiceShortcuts

/// The words of the grammar's command forms — the text matcher's, less what
/// speech took too much with — and what is said of a device without switching it.
extension Grammar {
    /// The text matcher's verbs the speech grammar leaves out.
    /// (Measurements and history: docs/speech.md, "Grammar+Forms: unspokenVerbs".)
    package static let unspokenVerbs: Set<String> = ["put"]
    /// And its trailing "thanks" and "thank you" ("turn the page" → "the iron
    /// on thank you"); "please" and "for me" stay. On bench/speech/corpus.py's
    /// nine sets (932 utterances each way) in-grammar right 91.8% / 91.0% →
    /// 92.0% / 91.1%, out-of-grammar accepted 17 / 17 → 16 / 15. Without any
    /// trailing words, accepted 15 / 14 but the forms set's "… for me" and
    /// "… please" lost (−10.7 points there).
    package static let unspokenTails: [[String]] = [["thanks"], ["thank", "you"]]
    /// The text matcher's leading "please", only before a verb that takes a state word ("please switch on the
    /// heater"), as `requests` are; its other leading words ("i want to") stay out.
    /// (Measurements and history: docs/speech.md, "Grammar+Forms: politeness".)
    package static let politeness = CommandGrammar.politeness
    /// The text matcher's leading requests ("could you", "can you"), where "please" may stand (and with it after),
    /// "check" and "dim" too; and "did you" before a verb form, as what it is (a question).
    /// (Measurements and history: docs/speech.md, "Grammar+Forms: requests".)
    package static let requests = CommandGrammar.leadingSkips.filter { $0.last == "you" }
    /// What may come before a verb that takes a state word: "please", a request, a request and "please".
    package static let politePrefixes: [[String]] = {
        let please = politeness.sorted().map { [$0] }
        return please + requests.flatMap { request in [request] + please.map { request + $0 } }
    }()
    /// A device's place is said with "in", "at", "inside", …, not with "on"
    /// (the state's word) or "of" ("turn on the television" → "turn on the
    /// kettle of kitchen"). On bench/speech/corpus.py's nine sets (932
    /// utterances, clean / 20 dB) out-of-grammar accepted 18 / 15 → 15 / 11
    /// with this and verbless commands without a determiner, in-grammar right
    /// 866 / 851 → 866 / 851.
    package static let areaPrepositions = CommandGrammar.areaPrepositions.subtracting(["on", "of"])
    // A command without a verb is the text matcher's "[det] <name> [to] <state>", as Home Assistant's templates say
    // it ("our deck lights off", "the fan to on"); with a determiner it needs more margin (`extraMargin`).
    /// The verbs and states the grammar's forms use ("turn", "activate", "on", …).
    package static let verbs = CommandGrammar.particleVerbs.subtracting(unspokenVerbs)
    package static let fixedVerbs = Set(fixedVerbStates.keys)
    package static let states = Set(CommandGrammar.particles.keys)

    /// What people say about a device that is not a command to switch it is in the grammar too, so that the decoder
    /// hears it as what it is (and the text matcher refuses it like any other) rather than dropping the words that
    /// make it no command: "do not switch on the bread maker" → "switch on the bread maker" (margin +16), "who
    /// switched …
    /// (Measurements and history: docs/speech.md, "Grammar+Forms: verbFormPrefixes".)
    package static let verbFormPrefixes: [[String]] = {
        let negations = [["do", "not"], ["dont"], ["never"]]
        return negations + [["who"], ["did", "you"]] + politeness.sorted().flatMap { please in negations.map { [please] + $0 } }
    }()
    /// Before a verbless form: a question ("is the heater on").
    package static let verblessPrefixes: [[String]] = [["is"], ["was"]]
    /// Between a verbless form's name and its state, "to" makes a command ("the
    /// heater to on"), these a statement ("the heater is on", "the lights are
    /// off"), each with the garbage words' penalty: without it, "bathroom fan
    /// on" became "bathroom fan are on" (6 of 2,632 in-grammar utterances of
    /// bench/speech/corpus.py's twelve sets), with it 7 of 8 voices' "the
    /// string lights are off" are still heard as a statement.
    package static let statementLinks = ["is", "are", "was"]
    /// The link only a plural name takes ("the lights are on").
    /// (Measurements and history: docs/speech.md, "Grammar+Forms: pluralLink".)
    package static let pluralLink = "are"
    /// Whether a name's last word sounds plural ("lights", "blinds"): it ends in "s".
    package static func soundsPlural(_ name: [String]) -> Bool { name.last?.hasSuffix("s") ?? false }
    /// A question about a device that begins with "how" ("how loud is the sump pump"), with one or two garbage words
    /// for what is asked: heard as what it is (a hypothesis with a garbage word is no command) instead of "power on
    /// our basement sump pump" (margins 12–15).
    /// (Measurements and history: docs/speech.md, "Grammar+Forms: questionForm".)
    package static let questionForm = "how <gw> [<gw>] (is | are) <anytarget>"
    /// Verbs said of a device that do not switch it, in the place of "activate".
    package static let otherVerbs = ["check", "dim"]
    /// The verbs heard with "up" and "down" as no state ("turn up the heater", "switch the fan down"): heard as said,
    /// and no command, instead of "turn off the heater" and "turn on the fan" (every flite voice of the sixty-second
    /// set, clean). Not "change", "set" or "bring": with them too, "change the herb tower to off" went unheard.
    /// (Measurements and history: docs/speech.md, "The sixty-second set".)
    package static let turnedUp = "(switch | turn)"

    /// How much more margin than the threshold a phrase needs; `openHeard`, the words the open-vocabulary pass
    /// heard, when it ran (see `unheardGroupMargin`).
    /// (Measurements and history: docs/speech.md, "Grammar+Forms: extraMargin".)
    package static func extraMargin(_ words: [String], isShortcut: Bool = false, openHeard: [String]? = nil) -> Double {
        guard let first = words.first else { return 0 }
        // A voice shortcut's own phrase ("all done") is no group and no everyday verb.
        var group = 0.0
        if !isShortcut, words.contains(where: groupWords.contains) {
            let unheard = openHeard.map { heard in groupSaid(words).contains { !heard.contains($0) } } ?? false
            group = groupMargin + (unheard ? unheardGroupMargin : 0)
        }
        let everyday = !isShortcut && (hasEverydayVerb(words) || words.contains("power")) ? everydayVerbMargin : 0
        return (CommandGrammar.determiners.contains(first) ? 4 : 0) + group + everyday
    }
    /// The more margin a command for several devices needs (see `groupWords`).
    /// "every plug counts" was heard as "every plug on please", "turn off every light in the city" as "turn off
    /// every outlet in the shed" (sixtieth set) at 2.
    package static let groupMargin = 6.0
    /// And more when the open-vocabulary pass did not hear each of the group's words (`groupSaid`): "turn off the
    /// cellar fan" was heard as "turn all plugs at loft on" 0.3–3.9 over `groupMargin` (one espeak-ng accent; the
    /// open pass: "same old looks on look on", "in all goes on look on"), every plug in the loft switched on.
    /// (Measurements and history: docs/speech.md, "Grammar+Forms: groupMargin".)
    package static let unheardGroupMargin = 4.0
    /// The words that make `words` a group's command: "all", "every" or "everything", and the group's noun after it
    /// ("plugs", "outlet"); none for a list of names ("and"), which speech does not take.
    package static func groupSaid(_ words: [String]) -> [String] {
        guard let first = words.firstIndex(where: spokenGroupWords.contains) else { return [] }
        return [words[first]] + words[(first + 1)...].filter { spokenGroupWords.contains($0) || groupNounWords.contains($0) }
    }
    private static let spokenGroupWords = groupWords.subtracting(["and"])
    private static let groupNounWords = PhraseMatcher.groupNouns.union(PhraseMatcher.singularGroupNouns)
    /// The more margin a command with an everyday verb needs (see `verbCheck`): "kill the baby monitor" heard for
    /// "put the baby monitor on" at margin 24.6, "cut power to our sound machine" for "activate my sound machine" at
    /// 25.1 (needing 25 with 6 more), where right commands with these verbs had 28 to 33.
    /// At 8, 69 of 256 such commands of the sixtieth set were lost (margins 22 to 27); 7 still refuses 25.1, and
    /// `verbCheck` does not (it heard "cut power to our" again): these verbs are heard less, never wrongly.
    /// "power" too, Home Assistant's "power on/off" included: "power up" was heard as "power off" (margins 23.8
    /// and 32.6) by two voices of the sixtieth and sixty-first sets, and its state check heard "off" again.
    package static let everydayVerbMargin = 7.0
}
