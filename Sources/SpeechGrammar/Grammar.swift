import ChildProcesses
import EspeakNG
import Foundation
import PocketSphinx
import VoiceShortcuts

/// A JSGF grammar of everything that can be said: every voice shortcut's phrase and the on/off command forms over
/// every device name, alias and area — and, as its competitor, a loop over the grammar's own words and frequent
/// English function words (prefixed `g_`, a penalty on each) that out-of-grammar speech falls into (the cheapest …
/// (Measurements and history: docs/speech.md, "Grammar: Grammar".)
package struct Grammar {
    package let jsgf: String
    /// The same grammar without its garbage loop as an alternative to the phrases: every utterance is forced onto a
    /// phrase, for the hearing of last resort (see `SpeechRecognizer.forcedMargin`).
    /// (Measurements and history: docs/speech.md, "Grammar: withoutGarbage".)
    package let withoutGarbage: String?
    /// The same grammar without its garbage loop and without the unknown
    /// name (`unknownNameWeight`): a command is forced onto a configured
    /// name, for the hearing of an utterance whose name went into the loop
    /// of phones (see `SpeechRecognizer.unknownNameShortfall`). The loops
    /// after a name's beginning stay. Nil when there is nothing to say.
    package let withoutUnknownNames: String?
    /// Every word the grammar uses.
    package let words: Set<String>
    /// The words of the commands and shortcuts (the garbage loop's chatter words left out).
    package let commandWords: Set<String>
    /// The words of the devices' names, aliases and areas and of the shortcuts' phrases, but
    /// states, determiners and chatter words: the words a heard command is checked for (see
    /// `GrammarTuning.otherWordWeight`).
    package let nameWords: Set<String>
    /// The words written in capitals in a name, an area or a voice shortcut's
    /// phrase, two to four letters ("LED", "AC"): said letter by letter too
    /// (see `Pronunciations.spelled`).
    package let capitalWords: Set<String>
    /// Each two and three words that follow each other in a name, an area or
    /// a voice shortcut's phrase ("heat lamp", "let the plants"; see `OtherWords.alternatives`).
    package let nameRuns: Set<[String]>
    /// The devices' names and aliases that are one word ("modem", "Roku"):
    /// a command with one is always heard again with its words open (see
    /// `SpeechRecognizer.saidOneWordName`).
    package let oneWordNames: Set<String>
    /// Each device's names and aliases as said, and after its own area ("kitchen lamp"), by the device's id: a
    /// command's name is heard again against the other devices' (see `SpeechRecognizer.nameMargin`).
    package let sayings: [String: [[String]]]

    package init(devices: [Device], shortcuts: [VoiceShortcut], pronounceable: (String) -> Bool = { _ in true }) {
        func phrase(_ text: String) -> [String]? {
            let words = PhraseNormalizer.words(text)
            return words.isEmpty || !words.allSatisfy({ Self.isJSGFWord($0) && pronounceable($0) }) ? nil : words
        }
        let texts = devices.flatMap { [$0.name] + $0.aliases + [$0.area].compactMap { $0 } } + shortcuts.map(\.invocationPhrase)
        capitalWords = Set(
            texts.flatMap { $0.split(whereSeparator: { !$0.isLetter && !$0.isNumber }) }
                .filter { (2...4).contains($0.count) && $0.allSatisfy { ("A"..."Z").contains($0) } }.map { $0.lowercased() })
        // Each name, alias, area and shortcut's phrase as written and, when it is written with signs or in camel case,
        // as said ("TV & sound bar" is also "tv and sound bar", "🎄 tree" only "tree", "LivingRoomLamp" also "living
        // room lamp"; see `PhraseNormalizer.otherSayings`).
        func said(_ text: String) -> [[String]] {
            ([text] + PhraseNormalizer.otherSayings(text).map { $0.joined(separator: " ") }).compactMap(phrase)
        }
        // Each device's names and aliases, then each said after its own area (see `afterOwnArea`).
        let own = devices.map { device in (plain: ([device.name] + device.aliases).flatMap(said), inArea: Self.afterOwnArea([device], said))
        }
        let plainNames = own.flatMap(\.plain)
        sayings = Dictionary(zip(devices.map(\.id), own.map { $0.plain + $0.inArea }), uniquingKeysWith: +)
        let names = plainNames + own.flatMap(\.inArea)
        let areas = devices.compactMap(\.area).flatMap(said)
        let shortcutPhrases = shortcuts.map(\.invocationPhrase).flatMap(said)
        let named = plainNames + areas + shortcutPhrases
        nameWords = Set(named.joined())
            .subtracting(Self.states).subtracting(CommandGrammar.determiners).subtracting(Self.chatterWords)
        nameRuns = Set(
            named.flatMap { words in
                words.indices.flatMap { i in [2, 3].compactMap { n in i + n <= words.count ? Array(words[i..<(i + n)]) : nil } }
            })
        oneWordNames = Set(plainNames.filter { $0.count == 1 }.joined()).intersection(nameWords)

        var rules: [String] = []
        var top: [String] = []
        // The rules that name the unknown name, each as it is without it (see `withoutUnknownNames`).
        var withoutUnknown: [Int: String] = [:]
        func appendNamingUnknown(_ unknown: String, _ rule: (String) -> String) {
            withoutUnknown[rules.count] = rule("")
            rules.append(rule(" | " + unknown))
        }
        if !shortcutPhrases.isEmpty {
            rules.append("<shortcut> = \(Self.alternatives(shortcutPhrases));")
            top.append("<shortcut>")
            let beginnings = Self.beginnings(shortcutPhrases)
            if !beginnings.isEmpty {
                rules.append("<shortcutpartial> = \(Self.alternatives(beginnings)) <shortcutrest>;")
                top.append("<shortcutpartial>")
            }
        }
        if !names.isEmpty {
            rules.append("<name> = \(Self.alternatives(names));")
            var place = ""
            if !areas.isEmpty {
                rules.append("<area> = \(Self.alternatives(areas));")
                rules.append("<place> = \(Self.choice(Self.areaPrepositions)) [<det>] <area>;")
                place = " [<place>]"  // also after the state: "turn the lamp off in the den"
            }
            let target = "[<det>] <name>\(place)"
            let unknown = "<det> <unknown>\(place)" + (areas.isEmpty ? "" : " | <det> <area> <areaunknown>\(place)")
            rules.append("<det> = \(Self.choice(CommandGrammar.determiners));")
            // A question may have any area before any name (see `afterOwnArea`).
            if areas.isEmpty {
                rules.append("<anytarget> = <target>;")
            } else {
                rules.append("<anyname> = \(Self.alternatives(plainNames));")
                appendNamingUnknown(unknown) { "<anytarget> = [<det>] [<area>] <anyname>\(place)\($0);" }
            }
            rules.append("<state> = \(Self.choice(Self.states));")
            rules.append("<verb> = \(Self.choice(Self.verbs));")
            rules.append("<fixed> = \(Self.choice(Self.fixedVerbs));")
            appendNamingUnknown(unknown) { "<target> = \(target)\($0);" }
            // A name's beginning and then phones (see `phones`), never followed by a place or a tail (see `beginnings`);
            // after any area, for this is garbage anyway (see `afterOwnArea`).
            var atEnd = "<target> [<tail>]", beforeState = "<target>"
            let beginnings = Self.beginnings(plainNames, beforeNumbers: false)
            if !beginnings.isEmpty {
                rules.append("<partial> = \(Self.alternatives(beginnings)) <otherwise>;")
                rules.append("<partialtarget> = [<det>] \(areas.isEmpty ? "" : "[<area>] ")<partial>;")
                atEnd = "(\(atEnd) | <partialtarget>)"
                beforeState = "(<target> | <partialtarget>)"
            }
            // The text matcher's forms (CommandGrammar) and trailing skip words ("...
            // (Measurements and history: docs/speech.md, "Grammar, a note in the code".)
            rules.append("<polite> = \(Self.alternatives(Self.politePrefixes));")
            rules.append("<tail> = \(Self.alternatives(CommandGrammar.trailingSkips.filter { !Self.unspokenTails.contains($0) }));")
            // A verbless form's name and its link; "are" only after a name that sounds plural (see `pluralLink`).
            func links(_ words: [String]) -> String { "(to | " + Self.weighted(words, Self.garbageWeight) + ")" }
            let allLinks = links(Self.statementLinks)
            var linked: [String] = []
            let singular = names.filter { !Self.soundsPlural($0) }, plural = names.filter(Self.soundsPlural)
            if !singular.isEmpty {
                rules.append("<singularname> = \(Self.alternatives(singular));")
                linked.append("<singularname>\(place) [\(links(Self.statementLinks.filter { $0 != Self.pluralLink }))]")
            }
            if !plural.isEmpty {
                rules.append("<pluralname> = \(Self.alternatives(plural));")
                linked.append("<pluralname>\(place) [\(allLinks)]")
            }
            var verbless = "[<det>] (" + linked.joined(separator: " | ") + ")"
            if !beginnings.isEmpty { verbless = "(\(verbless) | <partialtarget> [\(allLinks)])" }
            // Groups stand where one target does, but after "toggle" (see `Grammar+Requests`); lists of names do not.
            rules += Self.groupRules
            rules.append("<group> = \(Self.groupTarget(areas: !areas.isEmpty));")
            let anyAtEnd = "(\(atEnd) | <group> [<tail>])", anyBeforeState = "(\(beforeState) | <group>)"
            let splitVerbs = Self.everydaySplitVerbs.map { verb, particles in
                "[<polite>] \(verb) \(anyBeforeState) \(particles)\(place) [<tail>]"
            }
            rules.append(
                "<generic> = [\(Self.alternatives(Self.verbFormPrefixes))] "
                    + "(([<polite>] (<verb> <state> | \(Self.everydayParticleVerbs) | \(Self.cutPower) | "
                    + "\(Self.choice(Self.otherVerbs)) | \(Self.turnedUp) (down | up)) | <fixed>) \(anyAtEnd) | "
                    + "[<polite>] \(Self.toggleVerb) \(atEnd) | "
                    + "[<polite>] <verb> \(anyBeforeState) [to] <state>\(place) [<tail>] | "
                    + "[<polite>] \(Self.turnedUp) \(anyBeforeState) (down | up)\(place) [<tail>] | "
                    + splitVerbs.joined(separator: " | ") + ") | "
                    + "[\(Self.alternatives(Self.verblessPrefixes))] \(verbless) <state>\(place) [<tail>];")
            top.append("<generic>")
            rules.append("<groupquestion> = \(Self.groupQuestion(areas: !areas.isEmpty));")
            top.append("<groupquestion>")
            rules.append("<question> = \(Self.questionForm);")
            top.append("<question>")
        }
        let ruleText = rules.joined(separator: "\n")
        // The words are what is left when the rule names and weights are taken out (a device may be called "state lamp").
        let ruleBodies = ruleText.replacingOccurrences(of: "<[^>]*>|/[^/ ]*/", with: " ", options: .regularExpression)
        var words = Set(ruleBodies.split(whereSeparator: { " ()|[];=\n".contains($0) }).map(String.init))
        commandWords = words
        words.formUnion(Self.chatterWords)
        let garbage = Self.weighted(words.sorted().map { Self.garbagePrefix + $0 }, Self.garbageWeight)
        self.words = words
        let phrases = "(" + top.joined(separator: " | ") + ")"
        func rest(_ ruleText: String) -> String {
            """
            <garbage> = <gw> <gw>*;
            <gw> = \(garbage.isEmpty ? Self.weighted([Self.garbagePrefix + "um"], Self.garbageWeight) : garbage);
            <otherwise> = <phone> <phone>*;
            <phone> = \(Self.anyPhone(Self.phoneWeight));
            <shortcutrest> = <shortcutphone> <shortcutphone>*;
            <shortcutphone> = \(Self.anyPhone(Self.shortcutPhoneWeight));
            <unknown> = (\(Self.anyPhone(Self.unknownNameWeight, Self.unknownPrefix))) <unknownphone>*;
            <unknownphone> = \(Self.anyPhone(Self.unknownPhoneWeight, Self.unknownPrefix));
            <areaunknown> = (\(Self.anyPhone(Self.areaUnknownWeight))) <areaunknownphone>*;
            <areaunknownphone> = \(Self.anyPhone(Self.unknownPhoneWeight));
            \(ruleText)

            """
        }
        let header = "#JSGF V1.0;\ngrammar voiceplug;\npublic <utterance> = "
        let allRules = rest(ruleText)
        jsgf = header + (top.isEmpty ? "" : phrases + " | ") + "<garbage>;\n" + allRules
        withoutGarbage = top.isEmpty ? nil : header + phrases + ";\n" + allRules
        let knownRuleText = rules.indices.map { withoutUnknown[$0] ?? rules[$0] }.joined(separator: "\n")
        withoutUnknownNames = top.isEmpty ? nil : header + phrases + ";\n" + rest(knownRuleText)
    }

    /// Each device's names and aliases after its own area ("music room vinyl player"), unless a name begins with it:
    /// an area before another area's device is not in the grammar (typed, the text matcher refuses it).
    /// (Measurements and history: docs/speech.md, "Grammar: afterOwnArea".)
    package static func afterOwnArea(_ devices: [Device], _ said: (String) -> [[String]]) -> [[String]] {
        devices.flatMap { device -> [[String]] in
            let names = ([device.name] + device.aliases).flatMap(said)
            return (device.area.map(said) ?? []).flatMap { area in names.filter { !$0.starts(with: area) }.map { area + $0 } }
        }
    }

    /// Phrases as JSGF alternatives with their common beginnings shared
    /// ("quiet (morning (mode | time) | evening mode)"): PocketSphinx's
    /// search does work per grammar state and frame, and a shared beginning
    /// is one set of states instead of one per phrase.
    package static func alternatives(_ phrases: [[String]]) -> String {
        let groups = Dictionary(grouping: phrases.filter { !$0.isEmpty }, by: \.[0])
        let parts = groups.keys.sorted().map { word -> String in
            let rests = groups[word]!.map { Array($0.dropFirst()) }
            let longer = rests.filter { !$0.isEmpty }
            guard !longer.isEmpty else { return word }
            let inner = alternatives(longer)
            return rests.contains(where: \.isEmpty) ? "\(word) [\(inner)]" : "\(word) \(inner)"
        }
        return parts.count == 1 ? parts[0] : "(" + parts.joined(separator: " | ") + ")"
    }

    /// The beginnings of names (or shortcuts' phrases, see `shortcutPhoneWeight`), each a name's first words with at
    /// least one more to come ("lava" of "lava lamp"; "fish" and "fish tank" of "fish tank heater").
    /// (Measurements and history: docs/speech.md, "Grammar: beginnings".)
    package static func beginnings(_ names: [[String]], beforeNumbers: Bool = true) -> [[String]] {
        Set(
            names.flatMap { name in
                name.indices.dropFirst().filter { beforeNumbers || !name[$0].contains(where: \.isASCIIDigit) }.map { Array(name[..<$0]) }
            }
        ).sorted { $0.lexicographicallyPrecedes($1) }
    }

    /// Words as JSGF alternatives, each with a weight ("/1e-12/ g_a | /1e-12/ g_and").
    package static func weighted(_ words: [String], _ weight: String) -> String {
        words.map { "/\(weight)/ \($0)" }.joined(separator: " | ")
    }

    /// Any one of the model's phones as a garbage word, each with `weight`.
    package static func anyPhone(_ weight: String, _ prefix: String = phonePrefix) -> String {
        weighted(phones.map { prefix + $0 }, weight)
    }

    /// Single words as JSGF alternatives (`alternatives` of one-word phrases).
    package static func choice<Words: Sequence<String>>(_ words: Words) -> String {
        alternatives(words.map { [$0] })
    }

    /// A word JSGF and the dictionary can carry (letters, digits, apostrophes).
    package static func isJSGFWord(_ word: String) -> Bool {
        word.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) }
    }
}
