/// The store's schema and its migrations. `PRAGMA application_id` marks a
/// VoicePlug store; `PRAGMA user_version` is the schema version.
enum Schema {
    /// 'VPLG'.
    static let applicationID: Int64 = 0x5650_4C47
    static let version = 3

    /// Migration `n` brings a store from version `n` to `n + 1`; index 0 creates it.
    static let migrations: [String] = [
        """
        CREATE TABLE voice_shortcuts (
            id TEXT PRIMARY KEY NOT NULL,
            phrase TEXT NOT NULL,
            normalized_phrase TEXT NOT NULL UNIQUE,
            device_id TEXT NOT NULL,
            state TEXT NOT NULL CHECK (state IN ('on', 'off')),
            created_at REAL NOT NULL,
            updated_at REAL NOT NULL,
            UNIQUE (device_id, state)
        );
        CREATE TABLE shortcut_changes (
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            shortcut_id TEXT NOT NULL
        );
        CREATE TRIGGER voice_shortcut_added AFTER INSERT ON voice_shortcuts
            BEGIN INSERT INTO shortcut_changes (shortcut_id) VALUES (NEW.id); END;
        CREATE TRIGGER voice_shortcut_edited AFTER UPDATE ON voice_shortcuts
            BEGIN INSERT INTO shortcut_changes (shortcut_id) VALUES (NEW.id); END;
        CREATE TRIGGER voice_shortcut_deleted AFTER DELETE ON voice_shortcuts
            BEGIN INSERT INTO shortcut_changes (shortcut_id) VALUES (OLD.id); END;
        CREATE TABLE executions (
            id INTEGER PRIMARY KEY,
            device_id TEXT NOT NULL,
            state TEXT NOT NULL CHECK (state IN ('on', 'off')),
            shortcut_id TEXT REFERENCES voice_shortcuts (id) ON DELETE SET NULL,
            phrase TEXT NOT NULL,
            source TEXT NOT NULL,
            confirmed INTEGER NOT NULL,
            at REAL NOT NULL
        );
        CREATE INDEX executions_by_pair ON executions (device_id, state);
        """,
        // Requesters' phrase ids seen lately, with the answer given: a phrase delivered again (after a crash or a
        // broker restart, by a persistent session) is not executed or answered again.
        """
        CREATE TABLE recent_phrases (
            id TEXT PRIMARY KEY NOT NULL,
            at REAL NOT NULL,
            result TEXT
        );
        CREATE INDEX recent_phrases_by_time ON recent_phrases (at);
        """,
        // Devices the plugs announced, with what the person named them; every change counted, so that a running
        // gateway notices another process's rename.
        """
        CREATE TABLE devices (
            id TEXT PRIMARY KEY NOT NULL,
            source TEXT NOT NULL,
            announced TEXT NOT NULL,
            name TEXT,
            aliases TEXT,
            area TEXT,
            gone INTEGER NOT NULL DEFAULT 0,
            seen_at REAL NOT NULL
        );
        CREATE INDEX devices_by_source ON devices (source);
        CREATE TABLE device_changes (seq INTEGER PRIMARY KEY AUTOINCREMENT, device_id TEXT NOT NULL);
        CREATE TRIGGER device_added AFTER INSERT ON devices
            BEGIN INSERT INTO device_changes (device_id) VALUES (NEW.id); END;
        CREATE TRIGGER device_changed AFTER UPDATE ON devices
            WHEN NEW.announced IS NOT OLD.announced OR NEW.name IS NOT OLD.name OR NEW.aliases IS NOT OLD.aliases
                OR NEW.area IS NOT OLD.area OR NEW.gone IS NOT OLD.gone
            BEGIN INSERT INTO device_changes (device_id) VALUES (NEW.id); END;
        CREATE TRIGGER device_forgotten AFTER DELETE ON devices
            BEGIN INSERT INTO device_changes (device_id) VALUES (OLD.id); END;
        """,
    ]

    /// How many change records are kept; a reader further behind reloads everything.
    static let changeHistory: Int64 = 10_000
}
