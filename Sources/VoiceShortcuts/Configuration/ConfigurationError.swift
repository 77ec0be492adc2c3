/// A configuration file that cannot be used. The message names the file and
/// the key, as in `voiceplug.json: devices[2].protocol: …`.
public struct ConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file, as given.
    public var file: String
    /// The key path (`devices[2].protocol`), or empty for the whole file.
    public var key: String
    /// What is wrong and, where possible, what to write instead.
    public var problem: String

    public init(file: String, key: String, problem: String) {
        self.file = file
        self.key = key
        self.problem = problem
    }

    public var description: String {
        key.isEmpty ? "\(file): \(problem)" : "\(file): \(key): \(problem)"
    }
}
