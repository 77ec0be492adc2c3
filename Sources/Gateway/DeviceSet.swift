import Foundation
import VoiceShortcuts

/// The devices in use and what is built from them: by id, the matcher, the tracker.
struct DeviceSet: Sendable {
    let list: [Device]
    let byID: [String: Device]
    let matcher: PhraseMatcher
    let tracker: PlugTracker

    init(_ devices: [Device], carryingOver previous: PlugTracker? = nil) {
        list = devices
        byID = Dictionary(devices.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        matcher = PhraseMatcher(devices: devices)
        tracker = PlugTracker(devices: devices, carryingOver: previous)
    }
}

/// A configuration file's identity and modification time, to notice edits.
struct ConfigurationFile: Sendable {
    let path: String
    let stamp: [String]

    init(path: String) {
        self.path = path
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        stamp = [FileAttributeKey.modificationDate, .size, .systemFileNumber].map { "\(attributes?[$0] ?? "-")" }
    }

    /// The file as it is now, if it changed since.
    func changed() -> ConfigurationFile? {
        let now = ConfigurationFile(path: path)
        return now.stamp == stamp ? nil : now
    }
}
