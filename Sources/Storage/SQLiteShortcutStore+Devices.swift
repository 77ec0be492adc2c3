import Foundation
import VoiceShortcuts

/// The devices plugs announced (discovery), with the person's names for them.
extension SQLiteShortcutStore {
    /// Every known device, gone ones too, by id.
    public func knownDevices() throws -> [KnownDevice] {
        try withConnection { connection in
            let rows = try connection.statement("SELECT announced, source, name, aliases, area, gone FROM devices ORDER BY id")
            defer { rows.reset() }
            var devices: [KnownDevice] = []
            while try rows.step() {
                guard let json = rows.text(0), let announced = try? JSONDecoder().decode(Device.self, from: Data(json.utf8)) else {
                    continue
                }
                let aliases = rows.text(3).flatMap { try? JSONDecoder().decode([String].self, from: Data($0.utf8)) }
                devices.append(
                    KnownDevice(
                        announced: announced, source: rows.text(1) ?? "", name: rows.text(2), aliases: aliases, area: rows.text(4),
                        gone: rows.integer(5) != 0))
            }
            return devices
        }
    }

    /// A number that grows with every change of the devices, by any process.
    public func devicesVersion() throws -> Int64 {
        try withConnection { connection in
            try connection.statement("SELECT COALESCE(MAX(seq), 0) FROM device_changes").integerResult()
        }
    }

    /// Records what `source` announces now: its devices are added or updated (the person's names kept), the ones
    /// it announced before and not now are gone. Whether anything changed.
    @discardableResult
    public func recordAnnouncement(source: String, devices: [Device], now: Date = Date()) throws -> Bool {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return try withConnection { connection in
            try connection.transaction {
                let before = try connection.statement("SELECT COALESCE(MAX(seq), 0) FROM device_changes").integerResult()
                for device in devices {
                    let json = String(decoding: try encoder.encode(device), as: UTF8.self)
                    try connection.statement(
                        """
                        INSERT INTO devices (id, source, announced, gone, seen_at) VALUES (?, ?, ?, 0, ?)
                        ON CONFLICT (id) DO UPDATE SET source = excluded.source, announced = excluded.announced, gone = 0,
                            seen_at = excluded.seen_at
                        """
                    ).bind(.text(device.id), .text(source), .text(json), .real(now.timeIntervalSince1970)).run()
                }
                let ids = devices.map(\.id)
                let placeholders = ids.map { _ in "?" }.joined(separator: ",")
                try connection.statement(
                    "UPDATE devices SET gone = 1 WHERE source = ? AND gone = 0" + (ids.isEmpty ? "" : " AND id NOT IN (\(placeholders))")
                ).bind([.text(source)] + ids.map { .text($0) }).run()
                return try connection.statement("SELECT COALESCE(MAX(seq), 0) FROM device_changes").integerResult() != before
            }
        }
    }

    /// Sets the person's name, aliases or area of a known device (nil name or area: the announced one again);
    /// false when no device has `id`.
    @discardableResult
    public func updateKnownDevice(id: String, name: String?? = .none, aliases: [String]? = nil, area: String?? = .none) throws -> Bool {
        try withConnection { connection in
            try connection.transaction {
                let exists = try connection.statement("SELECT COUNT(*) FROM devices WHERE id = ?").bind(.text(id)).integerResult() > 0
                guard exists else { return false }
                if let name {
                    try connection.statement("UPDATE devices SET name = ? WHERE id = ?").bind(.text(name), .text(id)).run()
                }
                if let aliases {
                    let json = String(decoding: try JSONEncoder().encode(aliases), as: UTF8.self)
                    try connection.statement("UPDATE devices SET aliases = ? WHERE id = ?").bind(.text(json), .text(id)).run()
                }
                if let area {
                    try connection.statement("UPDATE devices SET area = ? WHERE id = ?").bind(.text(area), .text(id)).run()
                }
                return true
            }
        }
    }

    /// Forgets a known device and the person's names for it; a plug still announcing it brings it back, new.
    @discardableResult
    public func forgetKnownDevice(id: String) throws -> Bool {
        try withConnection { connection in
            try connection.transaction {
                let exists = try connection.statement("SELECT COUNT(*) FROM devices WHERE id = ?").bind(.text(id)).integerResult() > 0
                if exists { try connection.statement("DELETE FROM devices WHERE id = ?").bind(.text(id)).run() }
                return exists
            }
        }
    }
}
