import Foundation
import PlugProtocols
import Storage
import Synchronization
import VoiceShortcuts

/// The devices the gateway controls: the configuration's, and those the plugs announced (kept in the store with
/// the person's names, or in memory without a store). The configuration wins where it names a device: the same
/// id or the same plug. Two devices that would answer to the same name are told apart: the one announced later
/// (by id) gets " 2", " 3", … after its name, and the log says so once.
public final class DeviceDirectory: Sendable {
    private let store: SQLiteShortcutStore?
    private let memory = Mutex<[String: KnownDevice]>([:])
    private let configured: Mutex<[Device]>
    /// The renamings already logged, so that each is said once.
    private let renamed = Mutex<Set<String>>([])

    public init(configured: [Device], store: SQLiteShortcutStore?) {
        self.configured = Mutex(configured)
        self.store = store
    }

    public var configuredDevices: [Device] {
        get { configured.withLock { $0 } }
        set { configured.withLock { $0 = newValue } }
    }

    /// The announced devices, gone ones too.
    public func known() throws -> [KnownDevice] {
        if let store { return try store.knownDevices() }
        return memory.withLock { $0.values.sorted { $0.announced.id < $1.announced.id } }
    }

    /// Grows with every change of the announced devices or their names, by any process (0 without a store).
    public func version() throws -> Int64 { try store?.devicesVersion() ?? 0 }

    /// Records what `source` announces now; whether anything changed.
    func record(source: String, devices: [Device]) throws -> Bool {
        if let store { return try store.recordAnnouncement(source: source, devices: devices) }
        return memory.withLock { known in
            var changed = false
            let ids = Set(devices.map(\.id))
            for device in devices {
                var entry = known[device.id] ?? KnownDevice(announced: device, source: source)
                let before = entry
                (entry.announced, entry.source, entry.gone) = (device, source, false)
                if before != entry || known[device.id] == nil { changed = true }
                known[device.id] = entry
            }
            for (id, entry) in known where entry.source == source && !entry.gone && !ids.contains(id) {
                known[id]?.gone = true
                changed = true
            }
            return changed
        }
    }

    /// The devices to control now, and the lines to log about names made distinct.
    public func devices() throws -> (devices: [Device], notes: [String]) {
        let configured = configuredDevices
        let ids = Set(configured.map(\.id))
        let plugs = Set(configured.map(Self.plug))
        var taken = Set(configured.flatMap { ([$0.name] + $0.aliases).map(PhraseNormalizer.normalize) })
        var devices = configured, notes: [String] = []
        for entry in try known() where !entry.gone && !ids.contains(entry.announced.id) && !plugs.contains(Self.plug(entry.announced)) {
            var device = entry.device
            let wanted = device.name
            var number = 2
            while taken.contains(PhraseNormalizer.normalize(device.name)) {
                device.name = "\(wanted) \(number)"
                number += 1
            }
            if device.name != wanted {
                let note =
                    "two plugs are called '\(wanted)': \(device.id) answers to '\(device.name)' (rename it: voiceplug devices rename)"
                if renamed.withLock({ $0.insert(note).inserted }) { notes.append(note) }
            }
            taken.formUnion(([device.name] + device.aliases).map(PhraseNormalizer.normalize))
            devices.append(device)
        }
        return (devices, notes)
    }

    /// What makes two devices the same plug: its channel and relay.
    private static func plug(_ device: Device) -> String {
        let channel = device.channel
        return
            "\(channel.protocol.rawValue)|\(channel.baseTopic ?? "")|\(channel.topic)|\(channel.mqtt?.commandTopic ?? "")|\(device.relay ?? -1)"
    }
}
