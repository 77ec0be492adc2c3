import Foundation

/// A registry request the rules refuse. Each message says what to do instead.
public enum RegistryError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The phrase (after normalization) already belongs to another shortcut.
    case phraseInUse(phrase: String, holder: VoiceShortcut)
    /// The (device, state) pair already has a voice shortcut: edit it instead.
    case pairHasShortcut(existing: VoiceShortcut)
    /// No shortcut has this id.
    case unknownShortcut(String)
    /// No configured device has this id.
    case unknownDevice(String, suggestion: String?)
    /// The phrase has no letters, digits or symbols left after normalization.
    case emptyPhrase
    /// The phrase is longer than the registry accepts.
    case phraseTooLong(limit: Int)
    /// The phrase already says another command: as a shortcut it would switch the wrong plug.
    case phraseIsCommand(phrase: String, means: ToggleStateIntent)
    /// The phrase already says a group command, a toggle or a question.
    case phraseIsRequest(phrase: String, means: String)

    public var description: String {
        switch self {
        case .phraseInUse(let phrase, let holder):
            let id = holder.id.uuidString
            return "'\(phrase)' already runs \(holder.intent.deviceID) → \(holder.intent.state) (shortcut \(id)); "
                + "use `voiceplug shortcuts edit \(id) --phrase …` to change that shortcut, or pick another phrase"
        case .pairHasShortcut(let existing):
            let id = existing.id.uuidString
            return "\(existing.intent.deviceID) → \(existing.intent.state) already has the voice shortcut "
                + "'\(existing.invocationPhrase)' (\(id)); use `voiceplug shortcuts edit \(id) --phrase …` to change its phrase"
        case .unknownShortcut(let id):
            return "no voice shortcut has the id '\(id)'; `voiceplug shortcuts list` shows them"
        case .unknownDevice(let id, let suggestion):
            let hint = suggestion.map { " — did you mean '\($0)'?" } ?? "; the config's devices are the ones that can be used"
            return "no device '\(id)'\(hint)"
        case .emptyPhrase:
            return "the phrase is empty once punctuation and spaces are dropped; give words to say"
        case .phraseTooLong(let limit):
            return "the phrase is longer than \(limit) characters; give a shorter one"
        case .phraseIsCommand(let phrase, let means):
            return "'\(phrase)' already means \(means.deviceID) → \(means.state); as a shortcut for anything else it would "
                + "switch the wrong plug — pick another phrase"
        case .phraseIsRequest(let phrase, let means):
            return "'\(phrase)' already means \(means); as a shortcut it would take that away — pick another phrase"
        }
    }
}
