import CSQLite
import Foundation

/// SQLite's "copy the value" destructor (a macro C cannot hand to Swift).
private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// One connection to an SQLite file: the only code that calls SQLite's C API.
/// Not thread-safe: its owner serialises access.
final class SQLiteConnection {
    private let handle: OpaquePointer
    private var statements: [String: Statement] = [:]

    /// How a file is opened.
    enum Mode { case readWrite, readWriteCreate }

    /// Opens `path` (`sqlite3_open_v2`), with extended result codes.
    init(path: String, mode: Mode) throws(SQLiteError) {
        var pointer: OpaquePointer?
        var flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX
        if mode == .readWriteCreate { flags |= SQLITE_OPEN_CREATE }
        let rc = sqlite3_open_v2(path, &pointer, flags, nil)
        guard rc == SQLITE_OK, let pointer else {
            let message = pointer.map { String(cString: sqlite3_errmsg($0)) }
            if let pointer { sqlite3_close_v2(pointer) }
            throw SQLiteError(code: rc, message: message)
        }
        handle = pointer
        sqlite3_extended_result_codes(handle, 1)
    }

    deinit {
        statements.removeAll()
        sqlite3_close_v2(handle)
    }

    /// Waits up to `milliseconds` for another connection's lock (`sqlite3_busy_timeout`).
    func setBusyTimeout(milliseconds: Int32) {
        sqlite3_busy_timeout(handle, milliseconds)
    }

    /// Runs SQL without results (`sqlite3_exec`); may hold several statements.
    func execute(_ sql: String) throws(SQLiteError) {
        var message: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(handle, sql, nil, nil, &message)
        if rc != SQLITE_OK {
            let text = message.map { String(cString: $0) }
            sqlite3_free(message)
            throw SQLiteError(code: rc, message: text)
        }
    }

    /// A prepared statement for `sql`, cached for reuse (`sqlite3_prepare_v2`).
    func statement(_ sql: String) throws(SQLiteError) -> Statement {
        if let cached = statements[sql] {
            cached.reset()
            return cached
        }
        var pointer: OpaquePointer?
        let rc = sqlite3_prepare_v2(handle, sql, -1, &pointer, nil)
        guard rc == SQLITE_OK, let pointer else { throw error(rc) }
        let statement = Statement(handle: pointer, connection: self)
        statements[sql] = statement
        return statement
    }

    /// Runs `body` in a transaction; commits when it returns, rolls back when it throws.
    /// `immediate` takes the write lock at once (`BEGIN IMMEDIATE`).
    func transaction<Result>(immediate: Bool = true, _ body: () throws -> Result) throws -> Result {
        try execute(immediate ? "BEGIN IMMEDIATE" : "BEGIN")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// The rows changed by the last statement (`sqlite3_changes`).
    var changes: Int { Int(sqlite3_changes(handle)) }

    fileprivate func error(_ rc: Int32) -> SQLiteError {
        SQLiteError(code: rc, message: String(cString: sqlite3_errmsg(handle)))
    }
}

/// A prepared statement (`sqlite3_stmt`), finalized when freed.
final class Statement {
    private let handle: OpaquePointer
    private unowned let connection: SQLiteConnection

    fileprivate init(handle: OpaquePointer, connection: SQLiteConnection) {
        self.handle = handle
        self.connection = connection
    }

    deinit { sqlite3_finalize(handle) }

    /// Ends the statement's current run, releasing its read lock (`sqlite3_reset`).
    func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    /// Binds values to `?` parameters, in order (`sqlite3_bind_*`).
    @discardableResult
    func bind(_ values: SQLiteValue...) throws(SQLiteError) -> Statement {
        try bind(values)
    }

    /// Binds values to `?` parameters, in order.
    @discardableResult
    func bind(_ values: [SQLiteValue]) throws(SQLiteError) -> Statement {
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let rc: Int32
            switch value {
            case .null: rc = sqlite3_bind_null(handle, index)
            case .integer(let int): rc = sqlite3_bind_int64(handle, index, int)
            case .real(let double): rc = sqlite3_bind_double(handle, index, double)
            case .text(let text): rc = sqlite3_bind_text(handle, index, text, -1, transient)
            }
            guard rc == SQLITE_OK else { throw connection.error(rc) }
        }
        return self
    }

    /// Steps once (`sqlite3_step`): true when a row is ready, false when done.
    func step() throws(SQLiteError) -> Bool {
        let rc = sqlite3_step(handle)
        switch rc {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw connection.error(rc)
        }
    }

    /// Runs the statement to completion.
    func run() throws(SQLiteError) {
        while try step() {}
    }

    func text(_ column: Int32) -> String? {
        guard let pointer = sqlite3_column_text(handle, column) else { return nil }
        return String(cString: pointer)
    }

    func integer(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }
    func real(_ column: Int32) -> Double { sqlite3_column_double(handle, column) }
    func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }
}

/// A value bound to a statement parameter.
enum SQLiteValue {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
}

extension SQLiteValue {
    static func text(_ value: String?) -> SQLiteValue { value.map(SQLiteValue.text) ?? .null }
}
