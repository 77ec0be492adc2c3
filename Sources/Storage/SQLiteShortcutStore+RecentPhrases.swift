import Foundation

/// The phrase ids requesters gave, kept for a while with the answer, so that a phrase delivered twice is executed
/// once.
extension SQLiteShortcutStore {
    /// What a phrase id was seen as.
    public enum PhraseClaim: Sendable, Equatable {
        /// Not seen within the window: this one executes it.
        case new
        /// Seen and answered: the answer, to send again.
        case answered(String)
        /// Seen, but its answer was never recorded (the gateway stopped or crashed meanwhile): its outcome is unknown.
        case unanswered
    }

    /// Claims `id` for executing, unless it was seen within `window`; ids older than that are forgotten, at most
    /// once a minute (not a delete for every phrase).
    public func claimPhrase(id: String, window: TimeInterval, now: Date = Date()) throws -> PhraseClaim {
        try withConnection { connection in
            try connection.transaction {
                let oldest = now.timeIntervalSince1970 - window
                if now.timeIntervalSince1970 - lastPhrasePrune >= 60 {
                    try connection.statement("DELETE FROM recent_phrases WHERE at < ?").bind(.real(oldest)).run()
                    lastPhrasePrune = now.timeIntervalSince1970
                }
                let seen = try connection.statement("SELECT result FROM recent_phrases WHERE id = ? AND at >= ?")
                    .bind(.text(id), .real(oldest))
                defer { seen.reset() }
                if try seen.step() {
                    return seen.text(0).map(PhraseClaim.answered) ?? .unanswered
                }
                try connection.statement("INSERT OR REPLACE INTO recent_phrases (id, at, result) VALUES (?, ?, NULL)")
                    .bind(.text(id), .real(now.timeIntervalSince1970)).run()
                return .new
            }
        }
    }

    /// Records the answer given to the phrase with `id`.
    public func recordAnswer(_ result: String, toPhrase id: String) throws {
        try withConnection { connection in
            try connection.statement("UPDATE recent_phrases SET result = ? WHERE id = ?").bind(.text(result), .text(id)).run()
        }
    }
}
