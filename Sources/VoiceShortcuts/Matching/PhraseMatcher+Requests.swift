/// What a phrase asks of one device that is no on/off command.
public enum DeviceRequest: Sendable, Equatable {
    /// "toggle the kettle": switch it to the opposite of its known state.
    case toggle(deviceID: String)
    /// "is the kettle on": its state, switching nothing; `asked` is the state the question names.
    case question(deviceID: String, asked: PowerState?)
}

/// Toggles and questions:
///
///     toggle [det] <target>
///     is|are [det] <target> [switched|turned] on|off
///
/// with the command forms' skip words around them; the target resolves as a command's does.
extension PhraseMatcher {
    /// The toggle or question `text` says, or its reason for naming no device; nil when it is neither form.
    public func request(_ text: String) -> Result<DeviceRequest, NotRecognizedReason>? {
        let words = CommandGrammar.withoutSkipWords(PhraseNormalizer.words(text)[...])
        guard let first = words.first, words.count <= Self.maximumWords else { return nil }
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
