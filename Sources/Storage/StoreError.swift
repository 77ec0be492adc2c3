/// The shortcut store cannot be used. The command line exits with 3 for these.
public enum StoreError: Error, Sendable, CustomStringConvertible {
    /// The file exists but is not a VoicePlug store; it was left untouched.
    case notAStore(path: String, reason: String)
    /// The store is damaged.
    case corrupt(path: String, detail: String)
    /// The store was written by a newer VoicePlug.
    case newerSchema(path: String, version: Int)
    /// The file cannot be opened or written (permissions, disk, folder missing).
    case unavailable(path: String, detail: String)
    /// Another process held the store locked for too long.
    case busy(path: String)

    public var description: String {
        switch self {
        case .notAStore(let path, let reason):
            "'\(path)' is not a VoicePlug shortcut store (\(reason)); it was left untouched — give another file with --db"
        case .corrupt(let path, let detail):
            "the shortcut store '\(path)' is damaged (\(detail)); it was left untouched — restore a backup or give another file with --db"
        case .newerSchema(let path, let version):
            "the shortcut store '\(path)' was written by a newer VoicePlug (schema \(version)); update VoicePlug to use it"
        case .unavailable(let path, let detail):
            "cannot use the shortcut store '\(path)': \(detail)"
        case .busy(let path):
            "the shortcut store '\(path)' stayed locked by another process; try again"
        }
    }
}
