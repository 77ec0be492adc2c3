/// Commands and questions for several devices at once:
///
///     <command> everything | all [det] [<area>] [<noun>] | every <noun>     [<prep> [det] <area>]
///     <command> <target> and <target> [and <target> …]
///     what's | what is | which <noun> are   [switched|turned] on|off  [<prep> [det] <area>]
///     is | are   anything | everything | any [det] <noun> | all [det] <noun>   [switched|turned] on|off  [<prep> …]
///
/// `<command>` is any of `CommandGrammar`'s forms ("turn off everything", "everything in the kitchen off");
/// `<noun>` = plugs, devices, switches, outlets, sockets, things, appliances (singular after "every"). A group
/// command leaves out the devices that opted out of it (`Device.groupCommands`); a list of names switches each
/// device named, and nothing when one name is not known. Not a group: an area alone ("turn off the kitchen").
extension PhraseMatcher {
    public static let groupNouns: Set<String> = ["plugs", "devices", "switches", "outlets", "sockets", "things", "appliances"]
    public static let singularGroupNouns: Set<String> = ["plug", "device", "switch", "outlet", "socket", "thing", "appliance"]

    /// The group command in `frame`: nil when its target is no group.
    func groupCommand(_ frame: CommandGrammar.Frame) -> Result<DeviceRequest, NotRecognizedReason>? {
        var target = frame.target
        if let first = target.first, CommandGrammar.determiners.contains(first) { target = target.dropFirst() }
        if let scope = scope(target, question: false) {
            return scope.map { .group(deviceIDs: $0, state: frame.state) }
        }
        return namedList(target, state: frame.state).map { $0.map { .group(deviceIDs: $0, state: frame.state) } }
    }

    /// The question about several devices `words` asks; nil when it asks none.
    func groupQuestion(_ words: ArraySlice<String>) -> Result<DeviceRequest, NotRecognizedReason>? {
        var rest = words
        var scopeWords: [String]
        if rest.first == "whats" {
            rest = rest.dropFirst()
            scopeWords = ["everything"]
        } else if rest.starts(with: ["what", "is"]) {
            rest = rest.dropFirst(2)
            scopeWords = ["everything"]
        } else if rest.count > 2, rest.first == "which", Self.groupNouns.contains(rest[rest.startIndex + 1]),
            ["are", "is"].contains(rest[rest.startIndex + 2])
        {
            scopeWords = ["all", rest[rest.startIndex + 1]]
            rest = rest.dropFirst(3)
        } else if let first = rest.first, first == "is" || first == "are" {
            // The scope runs to the state word: "is anything on in the kitchen".
            rest = rest.dropFirst()
            guard let stateIndex = rest.firstIndex(where: { CommandGrammar.particles[$0] != nil }) else { return nil }
            scopeWords = Array(rest[..<stateIndex])
            rest = rest[stateIndex...]
        } else {
            return nil
        }
        if let verb = scopeWords.last, Self.questionVerbs.contains(verb) { scopeWords.removeLast() }
        if let verb = rest.first, Self.questionVerbs.contains(verb) { rest = rest.dropFirst() }
        guard let stateWord = rest.first, let asked = CommandGrammar.particles[stateWord] else { return nil }
        guard let scope = scope(ArraySlice(scopeWords + rest.dropFirst()), question: true) else { return nil }
        return scope.map { .groupQuestion(deviceIDs: $0, asked: asked) }
    }

    /// The devices a group's words name: nil when they name no group.
    private func scope(_ words: ArraySlice<String>, question: Bool) -> Result<[String], NotRecognizedReason>? {
        var rest = words
        var area: String?
        switch rest.first {
        case "everything"?:
            rest = rest.dropFirst()
        case "anything"? where question:
            rest = rest.dropFirst()
        case "all"?, "any"?:
            if rest.first == "any" && !question { return nil }
            rest = rest.dropFirst()
            if let first = rest.first, CommandGrammar.determiners.contains(first) { rest = rest.dropFirst() }
            // An area before the noun: "all the kitchen plugs".
            if let nounIndex = rest.firstIndex(where: Self.groupNouns.contains), nounIndex > rest.startIndex {
                guard let named = catalog.area(rest[..<nounIndex]) else { return nil }
                area = named
                rest = rest[nounIndex...]
            }
            if let first = rest.first, Self.groupNouns.contains(first) {
                rest = rest.dropFirst()
            } else if words.first == "any" || !(rest.isEmpty || CommandGrammar.areaPrepositions.contains(rest.first ?? "")) {
                return nil  // "any" needs its noun; "all" alone or before a place is everything
            }
        case "every"?:
            guard rest.count > 1, Self.singularGroupNouns.contains(rest[rest.startIndex + 1]) else { return nil }
            rest = rest.dropFirst(2)
        default:
            return nil
        }
        // A place after it: "in the kitchen".
        if let preposition = rest.first {
            guard CommandGrammar.areaPrepositions.contains(preposition) else { return nil }
            rest = rest.dropFirst()
            if let first = rest.first, CommandGrammar.determiners.contains(first) { rest = rest.dropFirst() }
            guard let named = catalog.area(rest) else { return .failure(.unknownArea(rest.joined(separator: " "))) }
            if let area, area != named { return nil }
            area = named
        }
        let ids = catalog.devices.indices.filter { index in
            (area == nil || catalog.area(ofDeviceAt: index) == area) && (question || catalog.devices[index].groupCommands)
        }.map { catalog.devices[$0].id }
        return ids.isEmpty ? .failure(.emptyGroup(area: area)) : .success(ids)
    }

    /// The devices a list of names says ("the kettle and the desk fan"), each resolved as a command's target;
    /// nil when it is no list. One name that is not known refuses the whole.
    private func namedList(_ target: ArraySlice<String>, state: PowerState) -> Result<[String], NotRecognizedReason>? {
        guard target.contains("and") else { return nil }
        // A name with "and" in it ("salt and pepper lamp") is one device: a command, not a list.
        if case .recognized = resolve(CommandGrammar.Frame(state: state, target: target)) { return nil }
        let parts = target.split(separator: "and", omittingEmptySubsequences: false)
        guard parts.count >= 2, parts.allSatisfy({ !$0.isEmpty }) else { return nil }
        var ids: [String] = []
        for part in parts {
            // "the kettle, the fan and the lamp" comes without its commas: a part may hold several names, each
            // with its determiner.
            var names: [ArraySlice<String>] = [part]
            if case .notRecognized = resolve(CommandGrammar.Frame(state: state, target: part)) {
                names = Self.splitAtDeterminers(part)
            }
            for name in names {
                switch resolve(CommandGrammar.Frame(state: state, target: name)) {
                case .recognized(let intent, _):
                    if !ids.contains(intent.deviceID) { ids.append(intent.deviceID) }
                case .notRecognized(let reason):
                    return .failure(reason)
                }
            }
        }
        return .success(ids)
    }

    /// `words` cut before each determiner but the first word.
    private static func splitAtDeterminers(_ words: ArraySlice<String>) -> [ArraySlice<String>] {
        var pieces: [ArraySlice<String>] = []
        var start = words.startIndex
        for index in words.indices.dropFirst() where CommandGrammar.determiners.contains(words[index]) {
            pieces.append(words[start..<index])
            start = index
        }
        pieces.append(words[start...])
        return pieces.filter { !$0.isEmpty }
    }
}

extension PhraseMatcher {
    /// What `phrase` says without any voice shortcut: a command for one device, a group command, a toggle or a
    /// question; nil when it says none of these.
    public func meaning(of phrase: String) -> PhraseMeaning? {
        if let intent = match(phrase).intent { return .command(intent) }
        switch request(phrase) {
        case .success(.group(let ids, let state))?: return .request("a command for \(ids.count) devices → \(state)")
        case .success(.groupQuestion)?: return .request("a question about the plugs' states")
        case .success(.question(let id, _))?: return .request("a question about \(id)")
        case .success(.toggle(let id))?: return .request("toggle \(id)")
        default: return nil
        }
    }

    /// The voice shortcuts whose phrase also says something else as a command (a device added or renamed after
    /// the shortcut was): the shortcut wins, since shortcuts are looked up first, but the person should know.
    public func shadowedMeanings(of shortcuts: [VoiceShortcut]) -> [(shortcut: VoiceShortcut, alsoMeans: String)] {
        shortcuts.compactMap { shortcut in
            switch meaning(of: shortcut.invocationPhrase) {
            case .command(let intent)? where intent != shortcut.intent:
                return (shortcut, "\(intent.deviceID) → \(intent.state)")
            case .request(let what)?:
                return (shortcut, what)
            default:
                return nil
            }
        }
    }
}
