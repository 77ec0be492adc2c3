/// What a phrase asks of one device that is no on/off command.
public enum DeviceRequest: Sendable, Equatable {
    /// "toggle the kettle": switch it to the opposite of its known state.
    case toggle(deviceID: String)
    /// "is the kettle on": its state, switching nothing; `asked` is the state the question names.
    case question(deviceID: String, asked: PowerState?)
    /// "turn off everything in the kitchen", "turn on the kettle and the desk fan": each device to `state`.
    case group(deviceIDs: [String], state: PowerState)
    /// "what's on", "are any plugs on in the kitchen": the states of these devices, switching nothing.
    case groupQuestion(deviceIDs: [String], asked: PowerState)
}

/// Toggles, questions and groups (`PhraseMatcher+Groups`):
///
///     toggle [det] <target>
///     is|are [det] <target> [switched|turned] on|off
///
/// with the command forms' skip words around them; the target resolves as a command's does.
extension PhraseMatcher {
    /// The toggle, question or group command `text` says, or its reason for naming no device; nil when it is
    /// none of these forms.
    public func request(_ text: String) -> Result<DeviceRequest, NotRecognizedReason>? {
        request(words: PhraseNormalizer.words(text))
    }

    /// `match` and then, for a phrase that is no command, `request`, normalizing it once: what `voiceplug match`
    /// answers.
    public func matchOrRequest(_ text: String, shortcuts: (some VoiceShortcutLookup)?) -> (
        MatchResult, Result<DeviceRequest, NotRecognizedReason>?
    ) {
        let words = PhraseNormalizer.words(text)
        let matched = match(words: words, shortcuts: shortcuts)
        guard case .notRecognized = matched else { return (matched, nil) }
        return (matched, request(words: words))
    }

    /// The words that may begin a request, and those that make a group anywhere: a phrase with neither is none
    /// (checked before the forms are, which most phrases that are no command never need).
    static let requestStarts: Set<String> = ["toggle", "is", "are", "whats", "what", "which"]
    static let groupWords: Set<String> = ["everything", "anything", "all", "every", "any", "and"]
    static let questionStarts: Set<String> = ["whats", "what", "which"]

    func request(words normalized: [String]) -> Result<DeviceRequest, NotRecognizedReason>? {
        let words = CommandGrammar.withoutSkipWords(normalized[...])
        guard let first = words.first, words.count <= Self.maximumWords else { return nil }
        // Only a phrase with a group's word, or a "what" question, is read as one for several devices.
        let several = words.contains(where: Self.groupWords.contains) || Self.questionStarts.contains(first)
        guard several || Self.requestStarts.contains(first) else { return nil }
        if several, let question = groupQuestion(words) { return question }
        if several, let frame = CommandGrammar.frame(Array(words)), let group = groupCommand(frame) { return group }
        let target: ArraySlice<String>
        let asked: PowerState?
        switch first {
        case "toggle":
            (target, asked) = (words.dropFirst(), nil)
        case "is", "are":
            guard let last = words.last, let state = CommandGrammar.particles[last], words.count > 2 else { return nil }
            var middle = words.dropFirst().dropLast()
            if let verb = middle.last, Self.questionVerbs.contains(verb) { middle = middle.dropLast() }
            (target, asked) = (middle, state)
        default:
            return nil
        }
        // The target resolves as a command's would (exact names, areas, one typo); the state is the frame's only.
        switch resolve(CommandGrammar.Frame(state: asked ?? .on, target: target)) {
        case .recognized(let intent, _):
            return .success(asked == nil ? .toggle(deviceID: intent.deviceID) : .question(deviceID: intent.deviceID, asked: asked))
        case .notRecognized(let reason):
            return .failure(reason)
        }
    }

    /// "is the lamp switched on", "are the lights turned off".
    static let questionVerbs: Set<String> = ["switched", "turned"]
}
