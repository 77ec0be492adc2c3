import VoiceShortcuts

/// The grammar's forms beyond one device's on/off command, as the text matcher has them (`CommandGrammar`'s
/// everyday verbs, `PhraseMatcher+Requests`, `PhraseMatcher+Groups`): the heard words are then matched as typed
/// ones are, so a form the grammar has and the matcher lacks is merely refused.
extension Grammar {
    /// "shut off|down", "power up|down", each verb with its own particles.
    package static let everydayParticleVerbs = alternatives(
        CommandGrammar.everydayParticles.flatMap { verb, particles in particles.keys.map { [verb, $0] } })
    /// "shut … off|down", "power … up|down": the verb, and its particles after the target.
    package static let everydaySplitVerbs = CommandGrammar.everydayParticles.keys.sorted().map { verb in
        (verb, choice(CommandGrammar.everydayParticles[verb]!.keys.sorted()))
    }
    /// "cut the power to", "cut power for", ….
    package static let cutPower = alternatives(CommandGrammar.cutPower)
    /// The verbs that say the state by themselves, Home Assistant's and the everyday ones ("kill", "start", "stop").
    package static let fixedVerbStates = CommandGrammar.fixedVerbs.merging(CommandGrammar.everydayFixedVerbs) { first, _ in first }
    package static let toggleVerb = "toggle"

    /// A group of devices as a command's target: "everything", "all the plugs", "all the kitchen plugs", "every
    /// socket", each with a place after it when there are areas ("everything in the kitchen").
    package static func groupTarget(areas: Bool) -> String {
        let area = areas ? "[<area>] " : ""
        return "(everything | all [<det>] \(area)<groupnoun> | every <onegroupnoun>)\(areas ? " [<place>]" : "")"
    }

    // Lists of names ("the kettle and the desk fan") are typed only: spoken, "change the herb tower to off" was
    // heard as "change the hot tub and herb tower to off" (margin 24.3, refused by 0.7 only), a device not named.

    /// Questions about several devices: "what's on", "what is off in the kitchen", "which plugs are on", "is
    /// anything on", "are any plugs off", "are all the plugs off".
    package static func groupQuestion(areas: Bool) -> String {
        let place = areas ? " [<place>]" : ""
        return "((whats | what is | which <groupnoun> are) | (is | are) (anything | everything | any [<det>] <groupnoun> "
            + "| all [<det>] <groupnoun>)) [switched | turned] <state>\(place)"
    }

    /// The rules the forms above name.
    package static let groupRules = [
        "<groupnoun> = \(choice(PhraseMatcher.groupNouns.subtracting(unspokenGroupNouns).sorted()));",
        "<onegroupnoun> = \(choice(PhraseMatcher.singularGroupNouns.subtracting(unspokenGroupNouns).sorted()));",
    ]
    /// "all the things", "every thing": chatter ("all the things I want") was heard as "all the things on" on
    /// bench/speech/corpus.py's sixtieth set (three voices of eight); typed, they are groups still.
    package static let unspokenGroupNouns: Set<String> = ["things", "thing"]

    /// The particles of the everyday particle verb `words` use with one of its own ("power down the fan", "shut
    /// off the pump", "shut the pump off"); nil for none, and for "power on" and "power off", Home Assistant's.
    package static func ownParticles(_ words: [String]) -> [String: PowerState]? {
        for (verb, own) in CommandGrammar.everydayParticles where words.contains(verb) {
            if !CommandGrammar.particleVerbs.contains(verb) || words.contains(where: { own[$0] != nil }) { return own }
        }
        return nil
    }

    /// Whether `words` say a command with an everyday verb (see `verbCheck`).
    package static func hasEverydayVerb(_ words: [String]) -> Bool { verbCheck(words) != nil }

    /// Words that make a command one for several devices: a wrong hearing switches each of them, so these need
    /// more margin (see `extraMargin`).
    package static let groupWords: Set<String> = ["everything", "all", "every", "and"]

    /// A command with an everyday verb ("kill the heater", "cut the power to the fan", "shut down the pump") heard
    /// again with its verb open to every verb the grammar knows (and to none, with the state after the target
    /// instead): these short verbs took other commands and other speech ("activate my sound machine" → "cut
    /// power to our sound machine", "put the baby monitor on" → "kill the baby monitor", "dim the lights" → "kill
    /// the lights" on bench/speech/corpus.py's sets at 20 dB). Nil when the words hold no everyday verb.
    package static func verbCheck(_ words: [String]) -> String? {
        var start = 0
        if let polite = politePrefixes.filter({ words.starts(with: $0) }).max(by: { $0.count < $1.count }) { start = polite.count }
        let rest = Array(words[start...])
        var length = 0
        if let cut = CommandGrammar.cutPower.first(where: { rest.starts(with: $0) }) {
            length = cut.count
        } else if let first = rest.first, CommandGrammar.everydayFixedVerbs[first] != nil {
            length = 1
        } else if let first = rest.first, let own = CommandGrammar.everydayParticles[first], ownParticles(rest) != nil {
            // "shut off the pump", or "shut the pump off": the verb alone, its particle at the end.
            length = rest.count > 1 && own[rest[1]] != nil ? 2 : 1
        }
        guard length > 0, rest.count > length else { return nil }
        var target = Array(rest[length...])
        let particles = Set(CommandGrammar.particles.keys).union(CommandGrammar.everydayParticles.values.flatMap(\.keys))
        // The determiner open too: "activate my …" was heard as "cut power to our …".
        if let first = target.first, CommandGrammar.determiners.contains(first) {
            target[0] = "[" + choice(CommandGrammar.determiners.sorted()) + "]"
        }
        let verbs = alternatives(
            fixedVerbStates.keys.map { [$0] } + otherVerbs.map { [$0] } + CommandGrammar.cutPower
                + Self.verbs.union(CommandGrammar.everydayParticles.keys).flatMap { verb in
                    [[verb]] + particles.map { [verb, $0] }
                })
        return check(Array(words[..<start]) + [verbs] + target)
    }
}
