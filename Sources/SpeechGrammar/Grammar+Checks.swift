import VoiceShortcuts

/// The grammars a heard command is heard again with: its state word open (`stateCheck`), the other state in its
/// place (`otherState`), one phrase as heard (`check`). The verb open is `verbCheck` (`Grammar+Requests`).
extension Grammar {
    /// A grammar of one heard command with its state word open and optional ("turn the lamp [(off | on)]"), to hear
    /// the utterance again with (see `SpeechRecognizer`); nil when the words hold no state word or more than one.
    /// (Measurements and history: docs/speech.md, "Grammar: stateCheck".)
    package static func stateCheck(_ words: [String]) -> String? {
        guard let (at, stateWords, ownParticles) = stateWord(in: words) else { return nil }
        let word = words[at]
        var open = words
        if let state = fixedVerbStates[word] {
            // Home Assistant's verbs are checked against Home Assistant's, the everyday ones against all: "activate"
            // re-heard as "stop" lost right commands, and a short "kill" is the one that takes others.
            let verbs = CommandGrammar.fixedVerbs[word] != nil ? CommandGrammar.fixedVerbs : fixedVerbStates
            open[at] = choice(verbs.filter { $0.key == word || $0.value != state }.keys)
        } else if let state = stateWords[word], ownParticles {
            // The word itself and the other state's words: "power up" was not heard otherwise when it fits "on".
            open[at] = "[" + choice(stateWords.filter { $0.key == word || $0.value != state }.keys) + "]"
        } else {
            // "up" and "down" too: "turn up the heater" was heard as "turn off the heater", "turn down" as "turn on",
            // by every flite voice of the sixty-second set.
            open[at] = "[" + choice(states.union(["up", "down"])) + "]"
        }
        return check(open)
    }

    /// Where the words' one state word (a particle or a verb that says a state) is, the particles it is among, and
    /// whether its verb has particles of its own; nil when the words hold none or more than one. After "power" or
    /// "shut" their own particles are state words too ("power the fan down"), and the other state's are checked for:
    /// "power up" was heard as "power off" (sixtieth set, one voice, both conditions).
    static func stateWord(in words: [String]) -> (index: Int, stateWords: [String: PowerState], ownParticles: Bool)? {
        let own = words.compactMap { CommandGrammar.everydayParticles[$0] }.first ?? [:]
        let stateWords = CommandGrammar.particles.merging(own) { first, _ in first }
        let at = words.indices.filter { stateWords[words[$0]] != nil || fixedVerbs.contains(words[$0]) }
        return at.count == 1 ? (at[0], stateWords, !own.isEmpty) : nil
    }

    /// Whether the words say "on" with "power up" ("power up the fan", "power the fan up"): spoken, it is asked back,
    /// never switched at once. "power off" was switched on as "power up" in household 11, the sixty-third set and
    /// household 17, "up" fitting better than "off" by 13.0 and 22.0 a frame in the last two; "power up" is rare.
    package static func saysPowerUp(_ words: [String]) -> Bool {
        guard let (at, _, ownParticles) = stateWord(in: words) else { return false }
        return ownParticles && words[at] == "up"
    }

    /// The heard command with the other state's words where its state word is ("turn the lamp (off)" for "turn the
    /// lamp on"), and that word's index: to measure how much better the state heard explains the audio (see
    /// `SpeechRecognizer.stateMargin`), and the state the words say with a particle (nil when a verb says it); nil
    /// when the words hold no state word or more than one.
    package static func otherState(_ words: [String]) -> (grammar: String, index: Int, particleSays: PowerState?)? {
        guard let (at, stateWords, _) = stateWord(in: words), let state = fixedVerbStates[words[at]] ?? stateWords[words[at]]
        else { return nil }
        let isVerb = fixedVerbStates[words[at]] != nil
        let others = (isVerb ? fixedVerbStates : stateWords).filter { $0.value != state }
        guard !others.isEmpty else { return nil }
        var open = words
        open[at] = choice(others.keys.sorted())
        // Verbs are not held to it: "activate" against "deactivate", which holds it, is not a measure.
        return (check(open), at, isVerb ? nil : state)
    }

    /// The heard command with "up" or "down" where its state particle is, and a "to" before it ("turn the heater
    /// (down | up)" for "turn the heater off" and for "turn the heater to on"), and those words' indices: to measure
    /// how much better the state heard explains the audio than the near miss "turn up/down the X" (see
    /// `SpeechRecognizer.upDownMargin`; "turn the alcove lamp down" was heard as "turn the alcove lamp to on", sixty-fifth
    /// set); nil when the state is said by a verb, when "up" and "down" say a state after its verb ("power up"), or
    /// the words hold no state word or several. With `levels`, "[to] (high | low)" in their place instead, as the
    /// common words (`CommonWords`) are in the dictionary: "set the futon heater to high" was heard as "… to on" at
    /// 10 dB (sixty-sixth set, two voices). Heard apart: in one grammar, the pruning lost "up" where it fit best.
    package static func upOrDown(_ words: [String], levels: Bool = false) -> (grammar: String, words: ClosedRange<Int>)? {
        guard let (at, stateWords, _) = stateWord(in: words), stateWords[words[at]] != nil, stateWords["up"] == nil,
            stateWords["down"] == nil
        else { return nil }
        let from = at > 0 && words[at - 1] == "to" ? at - 1 : at
        var open = words
        let prefix = CommonWords.prefix
        open.replaceSubrange(from...at, with: [levels ? "[to] (\(prefix)high | \(prefix)low)" : "(down | up)"])
        return (check(open), from...at)
    }

    /// A toggle's words with "toggle" open to "turn", "switch" or "power" and "on" or "off" after it: which state
    /// the audio says, for the question a toggle heard is asked back as ("toggle the X" was "turn off the X" or
    /// "power off the X" each time the living room and the corpus heard one); nil without "toggle".
    package static func toggleCheck(_ words: [String]) -> String? {
        guard let at = words.firstIndex(of: toggleVerb) else { return nil }
        var open = words
        open[at] = "(turn | switch | power) (on | off)"
        return check(open)
    }

    /// Where in `words` the name of `device` is (its longest saying found there), and a grammar of the other
    /// devices' names, to hear those frames again with; nil when none of its sayings is there or no other device
    /// has another name. A name another device shares is left out: the area tells those apart, not the name.
    package static func otherNames(_ words: [String], device: String, sayings: [String: [[String]]]) -> (
        name: Range<Int>, grammar: String
    )? {
        let own = (sayings[device] ?? []).sorted { $0.count > $1.count }
        guard
            let name = own.lazy.compactMap({ saying in
                words.indices.first { words[$0...].starts(with: saying) }.map { $0..<($0 + saying.count) }
            }).first
        else { return nil }
        let others = Set(sayings.filter { $0.key != device }.values.joined()).subtracting(own)
        guard !others.isEmpty else { return nil }
        return (name, check([alternatives(others.sorted { $0.lexicographicallyPrecedes($1) })]))
    }

    /// A grammar of one phrase, `words` in this order (some of them JSGF alternatives), to hear an utterance again
    /// with (see `stateCheck`, `SpeechRecognizer.otherWordsHeard`).
    package static func check(_ words: [String]) -> String {
        "#JSGF V1.0;\ngrammar check;\npublic <check> = \(words.joined(separator: " "));\n"
    }
}
