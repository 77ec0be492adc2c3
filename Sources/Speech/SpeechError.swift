/// The recognizer cannot work.
public enum SpeechError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The acoustic model or dictionary is missing or unreadable.
    case model(String)
    /// PocketSphinx refused the configuration or the grammar.
    case decoder(String)
    /// A speaker adaptation could not be read or estimated.
    case adaptation(String)

    public var description: String {
        switch self {
        case .model(let text): "speech model: \(text) (run `make deps` to install pocketsphinx-en-us)"
        case .decoder(let text): "speech decoder: \(text)"
        case .adaptation(let text): "speaker adaptation: \(text)"
        }
    }
}
