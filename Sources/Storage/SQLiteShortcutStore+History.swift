import Foundation
import VoiceShortcuts

/// The execution history: what was switched by phrase, read back for
/// suggestions and for inspection.
extension SQLiteShortcutStore {
    public func record(_ execution: Execution) throws {
        try withConnection { connection in
            try connection.statement(
                """
                INSERT INTO executions (device_id, state, shortcut_id, phrase, source, confirmed, at)
                VALUES (?, ?, (SELECT id FROM voice_shortcuts WHERE id = ?), ?, ?, ?, ?)
                """
            ).bind(
                .text(execution.intent.deviceID), .text(execution.intent.state.rawValue),
                .text(execution.shortcutID?.uuidString), .text(PhraseNormalizer.normalize(execution.phrase)),
                .text(execution.source.rawValue), .integer(execution.confirmed ? 1 : 0),
                .real(execution.date.timeIntervalSince1970)
            ).run()
            try pruneHistory(connection)
        }
    }

    /// Drops all but the newest `historyLimit` executions, when the history has entered a new block of 1,000 rows
    /// since the last prune (a delete on every phrase would cost more than the phrase).
    private func pruneHistory(_ connection: SQLiteConnection) throws {
        let latest = try connection.statement("SELECT coalesce(max(id), 0) FROM executions").integerResult()
        guard latest / 1000 != lastHistoryPruneBlock else { return }
        lastHistoryPruneBlock = latest / 1000
        try connection.statement("DELETE FROM executions WHERE id <= ?").bind(.integer(latest - Int64(historyLimit))).run()
    }

    public func suggestions(minimumCount: Int) throws -> [ShortcutSuggestion] {
        try withConnection { connection in
            let query = try connection.statement(
                """
                SELECT e.device_id, e.state, count(*) AS uses,
                       (SELECT p.phrase FROM executions p
                         WHERE p.device_id = e.device_id AND p.state = e.state AND p.confirmed = 1
                         GROUP BY p.phrase ORDER BY count(*) DESC, max(p.at) DESC LIMIT 1)
                  FROM executions e
                 WHERE e.confirmed = 1
                   AND NOT EXISTS (SELECT 1 FROM voice_shortcuts v WHERE v.device_id = e.device_id AND v.state = e.state)
                 GROUP BY e.device_id, e.state
                HAVING uses >= ?
                 ORDER BY uses DESC, max(e.at) DESC, e.device_id, e.state
                """
            ).bind(.integer(Int64(minimumCount)))
            var suggestions: [ShortcutSuggestion] = []
            while try query.step() {
                guard let device = query.text(0), let state = query.text(1).flatMap(PowerState.init(rawValue:)) else { continue }
                suggestions.append(
                    ShortcutSuggestion(
                        intent: ToggleStateIntent(deviceID: device, state: state),
                        count: Int(query.integer(2)), commonPhrase: query.text(3) ?? ""))
            }
            return suggestions
        }
    }

    /// The newest `limit` executions, newest first. A shortcut deleted since
    /// leaves its executions in place with `shortcutID` nil.
    public func recentExecutions(limit: Int) throws -> [Execution] {
        try withConnection { connection in
            let query = try connection.statement(
                """
                SELECT device_id, state, shortcut_id, phrase, source, confirmed, at
                  FROM executions ORDER BY id DESC LIMIT ?
                """
            ).bind(.integer(Int64(limit)))
            var executions: [Execution] = []
            while try query.step() {
                guard let device = query.text(0), let state = query.text(1).flatMap(PowerState.init(rawValue:)),
                    let phrase = query.text(3), let source = query.text(4).flatMap(Execution.Source.init(rawValue:))
                else { throw SQLiteError(code: 11, message: "an execution row holds values VoicePlug did not write") }
                executions.append(
                    Execution(
                        intent: ToggleStateIntent(deviceID: device, state: state), phrase: phrase,
                        shortcutID: query.text(2).flatMap(UUID.init(uuidString:)), source: source,
                        confirmed: query.integer(5) != 0, date: Date(timeIntervalSince1970: query.real(6))))
            }
            return executions
        }
    }
}
