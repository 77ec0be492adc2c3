/// The English on/off command forms (those Home Assistant's HassTurnOn /
/// HassTurnOff templates accept for a named device, and a few more):
///
///     <verb> on|off [det] <target>
///     <verb> [det] <target> [to] on|off
///     activate|enable|deactivate|disable [det] <target>
///     [det] <target> [to] on|off
///
/// around which Home Assistant's skip words may stand: "please", "can you",
/// "could you", "would you", "I'd like (to)", "I want (to)" before, "please"
/// and "for me" after.
///
///     <target> = [<area>] <device> [<prep> [det] <area>]
///     <verb>   = turn | switch | change | bring | put | set | power
///     <det>    = the | my | our
///     <prep>   = in | on | at | of | across | around | throughout | inside
///
/// and everyday verbs beyond Home Assistant's (`everydayFixedVerbs`, `everydayParticles`, `cutPower`):
///
///     shut off|down [det] <target>      shut [det] <target> off|down      (off)
///     power up|down [det] <target>      power [det] <target> up|down      (on | off)
///     kill [det] <target> (off)   start [det] <target> (on)   stop [det] <target> (off)
///     cut [the] power to|for|on [det] <target>                           (off)
///
/// Anything else (questions, negations, other requests) is not a command.
/// The speech grammar is made from the same lists (`SpeechGrammar`'s `Grammar+Requests` for the everyday verbs, groups,
/// toggle and questions).
public enum CommandGrammar {
    public static let particleVerbs: Set<String> = ["turn", "switch", "change", "bring", "put", "set", "power"]
    public static let fixedVerbs: [String: PowerState] = ["activate": .on, "enable": .on, "deactivate": .off, "disable": .off]
    public static let particles: [String: PowerState] = ["on": .on, "off": .off]
    /// Verbs that say the state by themselves, beyond Home Assistant's.
    public static let everydayFixedVerbs: [String: PowerState] = ["kill": .off, "start": .on, "stop": .off]
    /// Particle verbs with particles of their own: "shut" takes only off and down, "power" up and down too.
    public static let everydayParticles: [String: [String: PowerState]] = [
        "shut": ["off": .off, "down": .off], "power": ["up": .on, "down": .off],
    ]
    /// "cut the power to the heater": off.
    public static let cutPower: [[String]] = [
        ["cut", "the", "power", "to"], ["cut", "power", "to"], ["cut", "the", "power", "for"], ["cut", "power", "for"],
        ["cut", "the", "power", "on"], ["cut", "the", "power", "of"],
    ]
    public static let determiners: Set<String> = ["the", "my", "our"]
    public static let areaPrepositions: Set<String> = ["in", "on", "at", "of", "across", "around", "throughout", "inside"]
    public static let politeness: Set<String> = ["please"]
    public static let leadingSkips: [[String]] = [
        ["please"], ["can", "you"], ["could", "you"], ["would", "you"], ["will", "you"],
        ["id", "like", "to"], ["id", "like"], ["i", "would", "like", "to"], ["i", "want", "to"], ["i", "want"],
    ]
    public static let trailingSkips: [[String]] = [["please"], ["for", "me"], ["thanks"], ["thank", "you"]]
    /// Words a question begins with ("is the kettle on"): never a command.
    static let questionWords: Set<String> = ["is", "are", "was", "were"]
    /// Words that stand for a device without naming one.
    static let pronouns: Set<String> = ["it", "that", "this", "them", "those", "these", "everything", "all", "something"]

    /// A command split into its state and the words that name the target.
    struct Frame {
        var state: PowerState
        var target: ArraySlice<String>
        /// The target must end in "<prep> [det] <area>" (the words after the
        /// state were taken as an area).
        var trailingAreaRequired = false

        init(state: PowerState, target: ArraySlice<String>, trailingAreaRequired: Bool = false) {
            self.state = state
            self.target = target
            self.trailingAreaRequired = trailingAreaRequired
        }
    }

    /// The state and target of `words`, or nil when it is not an on/off command.
    static func frame(_ words: [String]) -> Frame? {
        let words = withoutSkipWords(words[...])
        guard let first = words.first, !questionWords.contains(first) else { return nil }

        if let prefix = cutPower.first(where: { words.starts(with: $0) }) {
            let target = words.dropFirst(prefix.count)
            return target.isEmpty ? nil : Frame(state: .off, target: target)
        }
        if let own = everydayParticles[first] {
            let rest = words.dropFirst()
            if let second = rest.first, let state = own[second] {
                let target = rest.dropFirst()
                if let last = target.last, particles[last] != nil || own[last] != nil { return nil }  // "shut off the fan on"
                guard !target.isEmpty else { return nil }
                return Frame(state: state, target: target)
            }
            if let last = rest.last, let state = own[last], rest.count > 1 {
                return Frame(state: state, target: rest.dropLast())
            }
            if first == "shut" { return nil }  // "shut on", "shut the door"
        }
        if let state = fixedVerbs[first] ?? everydayFixedVerbs[first] {
            let target = words.dropFirst()
            if let last = target.last, particles[last] != nil { return nil }  // "activate the fan off"
            return Frame(state: state, target: target)
        }
        var rest = words
        if particleVerbs.contains(first) {
            rest = words.dropFirst()
            if let second = rest.first, let state = particles[second] {
                let target = rest.dropFirst()
                if let last = target.last, particles[last] != nil { return nil }  // "turn on the fan off"
                return Frame(state: state, target: target)
            }
        }
        if let last = rest.last, let state = particles[last] {
            var target = rest.dropLast()
            if target.last == "to" { target = target.dropLast() }
            return Frame(state: state, target: target)
        }
        // "turn the lamp on in the kitchen": the state before a trailing area.
        for index in rest.indices.dropFirst().reversed() where areaPrepositions.contains(rest[index]) {
            let before = index - 1
            guard before > rest.startIndex, let state = particles[rest[before]] else { continue }
            var target = rest[..<before]
            if target.last == "to" { target = target.dropLast() }
            return Frame(state: state, target: target + rest[index...], trailingAreaRequired: true)
        }
        return nil
    }

    private static let leadingSkipStarts = Set(leadingSkips.map { $0[0] })
    private static let trailingSkipEnds = Set(trailingSkips.map { $0[$0.count - 1] })

    /// `words` without skip words at either end.
    static func withoutSkipWords(_ words: ArraySlice<String>) -> ArraySlice<String> {
        guard let first = words.first, let last = words.last,
            leadingSkipStarts.contains(first) || trailingSkipEnds.contains(last)
        else { return words }
        var words = words
        var changed = true
        while changed {
            changed = false
            for skip in leadingSkips where words.starts(with: skip) && words.count > skip.count {
                words = words.dropFirst(skip.count)
                changed = true
            }
            for skip in trailingSkips where words.reversed().starts(with: skip.reversed()) && words.count > skip.count {
                words = words.dropLast(skip.count)
                changed = true
            }
        }
        return words
    }
}
