import Foundation
import VoiceShortcuts

/// The voice shortcut store in an SQLite file (WAL mode), safe to use from
/// several processes at once: the command line and a running gateway.
///
/// `@unchecked Sendable`: the one connection is only used under `lock`.
public final class SQLiteShortcutStore: VoiceShortcutStore, @unchecked Sendable {
    public let path: String
    private let connection: SQLiteConnection
    private let lock = NSLock()
    /// The block of 1,000 changes the change log was last pruned in (under `lock`).
    private var lastPruneBlock: Int64 = -1
    /// How many executions are kept, the newest; set before use.
    public var historyLimit = VoicePlugConfiguration.defaultHistoryLimit
    /// The block of 1,000 executions the history was last pruned in (under `lock`).
    var lastHistoryPruneBlock: Int64 = -1
    /// When old phrase ids were last forgotten, in seconds since 1970 (under `lock`).
    var lastPhrasePrune: TimeInterval = 0

    /// The path of a store kept in memory, gone when closed.
    public static let inMemory = ":memory:"

    /// Opens the store at `path`, creating it when the file does not exist.
    /// An existing file that is not a VoicePlug store, is damaged or is newer
    /// is refused and never written to.
    public init(path: String) throws(StoreError) {
        self.path = path
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        let exists = attributes != nil
        let isEmptyFile = (attributes?[.size] as? NSNumber)?.intValue == 0
        if exists, (attributes?[.type] as? FileAttributeType) == .typeDirectory {
            throw .unavailable(path: path, detail: "it is a folder")
        }
        let connection: SQLiteConnection
        do {
            connection = try SQLiteConnection(path: path, mode: exists ? .readWrite : .readWriteCreate)
        } catch {
            throw .unavailable(path: path, detail: error.message)
        }
        connection.setBusyTimeout(milliseconds: 5000)
        // SQLite does not always wait for a lock while a file is being created and switched to WAL by another
        // process at the same moment (SQLITE_BUSY at once, seen about once in 100 such openings under load):
        // the checks are read again and repeated, within the same 5 s.
        let deadline = ContinuousClock.now + .seconds(5)
        while true {
            do {
                try Self.prepare(connection, path: path, mayInitialize: !exists || isEmptyFile)
                break
            } catch .busy where ContinuousClock.now < deadline {
                Thread.sleep(forTimeInterval: 0.02)
            }
        }
        self.connection = connection
    }

    /// Checks the file's identity, creates or migrates the schema, then
    /// switches to WAL. Nothing is written before the identity is known.
    private static func prepare(_ connection: SQLiteConnection, path: String, mayInitialize: Bool) throws(StoreError) {
        do {
            // One read transaction: another process may be creating the store this moment, and its identity and
            // tables must be seen together (read apart, the tables could appear without the identity).
            let (applicationID, version, tables) = try connection.transaction(immediate: false) {
                (
                    try connection.statement("PRAGMA application_id").integerResult(),
                    try connection.statement("PRAGMA user_version").integerResult(),
                    try connection.statement("SELECT count(*) FROM sqlite_master").integerResult()
                )
            }
            if applicationID != Schema.applicationID {
                guard applicationID == 0, tables == 0, mayInitialize else {
                    throw StoreError.notAStore(
                        path: path,
                        reason: applicationID == 0
                            ? "it is an SQLite database of another program" : "it belongs to another program")
                }
            } else if version > Schema.version {
                throw StoreError.newerSchema(path: path, version: Int(version))
            } else {
                let check = try connection.statement("PRAGMA quick_check(1)")
                defer { check.reset() }
                _ = try check.step()
                if let result = check.text(0), result != "ok" {
                    throw StoreError.corrupt(path: path, detail: result)
                }
            }
            try connection.transaction {
                // Read again under the write lock: another process may have just created it.
                let current = try connection.statement("PRAGMA user_version").integerResult()
                let owner = try connection.statement("PRAGMA application_id").integerResult()
                var from = owner == Schema.applicationID ? Int(current) : 0
                while from < Schema.version {
                    try connection.execute(Schema.migrations[from])
                    from += 1
                }
                if owner != Schema.applicationID { try connection.execute("PRAGMA application_id = \(Schema.applicationID)") }
                if current != Schema.version { try connection.execute("PRAGMA user_version = \(Schema.version)") }
            }
            try connection.execute("PRAGMA journal_mode = WAL")
            try connection.execute("PRAGMA synchronous = NORMAL")
            // Fewer checkpoints (each one syncs the file) when many shortcuts are added one by one.
            try connection.execute("PRAGMA wal_autocheckpoint = 10000")
            try connection.execute("PRAGMA foreign_keys = ON")
        } catch let error as StoreError {
            throw error
        } catch let error as SQLiteError {
            throw storeError(error, path: path)
        } catch {
            throw .unavailable(path: path, detail: "\(error)")
        }
    }

    /// Runs `body` with the connection, turning SQLite's errors into `StoreError`.
    func withConnection<Result>(_ body: (SQLiteConnection) throws -> Result) throws -> Result {
        lock.lock()
        defer { lock.unlock() }
        do {
            return try body(connection)
        } catch let error as SQLiteError {
            throw Self.storeError(error, path: path)
        }
    }

    private static func storeError(_ error: SQLiteError, path: String) -> StoreError {
        if error.code == 26 { return .notAStore(path: path, reason: "it is not an SQLite database") }  // SQLITE_NOTADB
        if error.isCorruption { return .corrupt(path: path, detail: error.message) }
        if error.isBusy { return .busy(path: path) }
        return .unavailable(path: path, detail: error.message)
    }

    // MARK: VoiceShortcutStore

    public func loadAll() throws -> (shortcuts: [VoiceShortcut], token: Int64) {
        try withConnection { connection in
            try connection.transaction(immediate: false) {
                let token = try connection.statement("SELECT coalesce(max(seq), 0) FROM shortcut_changes").integerResult()
                return (try Self.rows(connection.statement("SELECT id, phrase, device_id, state FROM voice_shortcuts")), token)
            }
        }
    }

    public func add(_ shortcut: VoiceShortcut) throws {
        try add(contentsOf: [shortcut])
    }

    public func add(contentsOf shortcuts: [VoiceShortcut]) throws {
        try withConnection { connection in
            try connection.transaction {
                let now = Date().timeIntervalSince1970
                for shortcut in shortcuts {
                    let phrase = shortcut.normalizedPhrase
                    if let holder = try Self.shortcut(connection, where: "normalized_phrase = ?", .text(phrase)) {
                        throw RegistryError.phraseInUse(phrase: shortcut.invocationPhrase, holder: holder)
                    }
                    if let existing = try Self.shortcut(
                        connection, where: "device_id = ? AND state = ?",
                        .text(shortcut.intent.deviceID), .text(shortcut.intent.state.rawValue))
                    {
                        throw RegistryError.pairHasShortcut(existing: existing)
                    }
                    try connection.statement(
                        """
                        INSERT INTO voice_shortcuts (id, phrase, normalized_phrase, device_id, state, created_at, updated_at)
                        VALUES (?, ?, ?, ?, ?, ?, ?)
                        """
                    ).bind(
                        .text(shortcut.id.uuidString), .text(shortcut.invocationPhrase), .text(phrase),
                        .text(shortcut.intent.deviceID), .text(shortcut.intent.state.rawValue), .real(now), .real(now)
                    ).run()
                }
                try pruneChanges(connection)
            }
        }
    }

    public func setPhrase(_ phrase: String, ofShortcut id: UUID) throws -> VoiceShortcut {
        try withConnection { connection in
            try connection.transaction {
                guard var shortcut = try Self.shortcut(connection, where: "id = ?", .text(id.uuidString)) else {
                    throw RegistryError.unknownShortcut(id.uuidString)
                }
                shortcut.invocationPhrase = phrase
                let normalized = shortcut.normalizedPhrase
                if let holder = try Self.shortcut(
                    connection, where: "normalized_phrase = ? AND id != ?", .text(normalized), .text(id.uuidString))
                {
                    throw RegistryError.phraseInUse(phrase: phrase, holder: holder)
                }
                try connection.statement("UPDATE voice_shortcuts SET phrase = ?, normalized_phrase = ?, updated_at = ? WHERE id = ?")
                    .bind(.text(phrase), .text(normalized), .real(Date().timeIntervalSince1970), .text(id.uuidString)).run()
                try pruneChanges(connection)
                return shortcut
            }
        }
    }

    public func delete(id: UUID) throws -> VoiceShortcut {
        try withConnection { connection in
            try connection.transaction {
                guard let shortcut = try Self.shortcut(connection, where: "id = ?", .text(id.uuidString)) else {
                    throw RegistryError.unknownShortcut(id.uuidString)
                }
                try connection.statement("DELETE FROM voice_shortcuts WHERE id = ?").bind(.text(id.uuidString)).run()
                try pruneChanges(connection)
                return shortcut
            }
        }
    }

    public func changes(since token: Int64) throws -> ShortcutChanges {
        try withConnection { connection in
            let latest = try connection.statement("SELECT coalesce(max(seq), 0) FROM shortcut_changes").integerResult()
            guard latest != token else { return ShortcutChanges(token: token, upserted: [], deleted: [], isFullReload: false) }
            return try connection.transaction(immediate: false) {
                let latest = try connection.statement("SELECT coalesce(max(seq), 0) FROM shortcut_changes").integerResult()
                let oldest = try connection.statement("SELECT coalesce(min(seq), 0) FROM shortcut_changes").integerResult()
                if token < oldest - 1 || token > latest {
                    let all = try Self.rows(connection.statement("SELECT id, phrase, device_id, state FROM voice_shortcuts"))
                    return ShortcutChanges(token: latest, upserted: all, deleted: [], isFullReload: true)
                }
                let changed = try connection.statement("SELECT DISTINCT shortcut_id FROM shortcut_changes WHERE seq > ? AND seq <= ?")
                    .bind(.integer(token), .integer(latest))
                var ids: [String] = []
                while try changed.step() { if let id = changed.text(0) { ids.append(id) } }
                var upserted: [VoiceShortcut] = []
                var deleted: [UUID] = []
                for id in ids {
                    if let shortcut = try Self.shortcut(connection, where: "id = ?", .text(id)) {
                        upserted.append(shortcut)
                    } else if let uuid = UUID(uuidString: id) {
                        deleted.append(uuid)
                    }
                }
                return ShortcutChanges(token: latest, upserted: upserted, deleted: deleted, isFullReload: false)
            }
        }
    }

    // MARK: Rows

    private static func shortcut(_ connection: SQLiteConnection, where condition: String, _ values: SQLiteValue...) throws -> VoiceShortcut?
    {
        let statement = try connection.statement("SELECT id, phrase, device_id, state FROM voice_shortcuts WHERE \(condition) LIMIT 1")
        return try rows(statement.bind(values)).first
    }

    private static func rows(_ statement: Statement) throws -> [VoiceShortcut] {
        var shortcuts: [VoiceShortcut] = []
        while try statement.step() {
            guard let id = statement.text(0).flatMap(UUID.init(uuidString:)), let phrase = statement.text(1),
                let device = statement.text(2), let state = statement.text(3).flatMap(PowerState.init(rawValue:))
            else { throw SQLiteError(code: 11, message: "a voice shortcut row holds values VoicePlug did not write") }
            shortcuts.append(
                VoiceShortcut(
                    id: id, invocationPhrase: phrase,
                    shortcut: Shortcut(intent: ToggleStateIntent(deviceID: device, state: state))))
        }
        return shortcuts
    }

    /// Drops change records older than `Schema.changeHistory`, when the
    /// change sequence has entered a new block of 1,000 since the last prune
    /// (a delete on every write would double the cost of adding).
    private func pruneChanges(_ connection: SQLiteConnection) throws {
        let latest = try connection.statement("SELECT coalesce(max(seq), 0) FROM shortcut_changes").integerResult()
        guard latest / 1000 != lastPruneBlock else { return }
        lastPruneBlock = latest / 1000
        try connection.statement("DELETE FROM shortcut_changes WHERE seq <= ?").bind(.integer(latest - Schema.changeHistory)).run()
    }
}

extension Statement {
    /// The first column of the first row as an integer; the statement is
    /// reset afterwards so it holds no read lock.
    func integerResult() throws(SQLiteError) -> Int64 {
        defer { reset() }
        guard try step() else { return 0 }
        return integer(0)
    }
}
