/// The recognizer cannot work.
public enum SpeechError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The acoustic model or dictionary is missing or unreadable.
    case model(String)
    /// PocketSphinx refused the configuration or the grammar.
    case decoder(String)
    /// A speaker adaptation could not be read or estimated.
    case adaptation(String)
    /// A program the work needs is not installed (`make deps` installs `package`).
    case toolMissing(path: String, package: String)

    /// Whether this machine lacks a program: trying again will not help.
    public var isToolMissing: Bool {
        if case .toolMissing = self { return true }
        return false
    }

    public var description: String {
        switch self {
        case .model(let text): "speech model: \(text) (run `make deps` to install pocketsphinx-en-us)"
        case .decoder(let text): "speech decoder: \(text)"
        case .adaptation(let text): "speaker adaptation: \(text)"
        case .toolMissing(let path, let package): "\(path) is missing (run `make deps` to install \(package))"
        }
    }
}
