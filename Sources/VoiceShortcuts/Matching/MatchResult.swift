/// How a phrase was understood.
public enum MatchResult: Sendable, Equatable {
    /// A ToggleState intent.
    case recognized(ToggleStateIntent, MatchSource)
    /// Nothing to switch, and why.
    case notRecognized(NotRecognizedReason)

    public var intent: ToggleStateIntent? {
        if case .recognized(let intent, _) = self { return intent }
        return nil
    }
}

/// Where a recognized intent came from.
public enum MatchSource: Sendable, Equatable {
    /// A registered invocation phrase.
    case voiceShortcut(VoiceShortcut)
    /// A generic command naming the device (by name or alias).
    case command
    /// A generic command whose device name had one wrong, missing or extra
    /// letter: `heard` was taken for `corrected`.
    case correctedTypo(heard: String, corrected: String)
}

/// Why a phrase switches nothing.
public enum NotRecognizedReason: Error, Sendable, Equatable, CustomStringConvertible {
    /// The phrase has no words.
    case empty
    /// Not an on/off command (a question, a negation, another request).
    case notACommand
    /// An on/off command that names no device ("turn it off").
    case noDevice
    /// No configured device is called so.
    case unknownDevice(String)
    /// Several devices fit equally well; the ids of the candidates.
    case ambiguous(heard: String, candidates: [String])
    /// The device exists, but not in the area named.
    case notInArea(device: String, area: String)
    /// A group command or question names a place no device is in.
    case unknownArea(String)
    /// A group names no device that takes part (none in the area, or all opted out of group commands).
    case emptyGroup(area: String?)

    public var description: String {
        switch self {
        case .empty: "the phrase is empty"
        case .notACommand: "not an on/off command"
        case .noDevice: "the command names no device"
        case .unknownDevice(let name): "no device is called '\(name)'"
        case .ambiguous(let heard, let candidates): "'\(heard)' could be \(candidates.joined(separator: " or "))"
        case .notInArea(let device, let area): "\(device) is not in the \(area)"
        case .unknownArea(let area): "no device is in a place called '\(area)'"
        case .emptyGroup(let area?): "no device in the \(area) takes part in group commands"
        case .emptyGroup(nil): "no device takes part in group commands"
        }
    }

    /// A short machine-readable name (`ambiguous`, `unknown_device`, …).
    public var code: String {
        switch self {
        case .empty: "empty"
        case .notACommand: "not_a_command"
        case .noDevice: "no_device"
        case .unknownDevice: "unknown_device"
        case .ambiguous: "ambiguous"
        case .notInArea: "not_in_area"
        case .unknownArea: "unknown_area"
        case .emptyGroup: "empty_group"
        }
    }
}
