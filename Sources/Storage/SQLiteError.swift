import CSQLite

/// An SQLite result code as a typed error, with SQLite's own message.
public struct SQLiteError: Error, Sendable, CustomStringConvertible {
    /// The primary result code (`SQLITE_BUSY`, `SQLITE_CORRUPT`, …).
    public let code: Int32
    /// The extended result code.
    public let extendedCode: Int32
    /// `sqlite3_errmsg` at the time of the failure (or `sqlite3_errstr`).
    public let message: String

    init(code: Int32, message: String? = nil) {
        self.extendedCode = code
        self.code = code & 0xFF
        self.message = message ?? String(cString: sqlite3_errstr(code))
    }

    public var description: String { message }

    /// The file is not a database, or is damaged.
    public var isCorruption: Bool { code == SQLITE_CORRUPT || code == SQLITE_NOTADB }
    /// A UNIQUE or other constraint refused the change.
    public var isConstraint: Bool { code == SQLITE_CONSTRAINT }
    /// Another connection held a lock for longer than the busy timeout.
    public var isBusy: Bool { code == SQLITE_BUSY || code == SQLITE_LOCKED }
}
