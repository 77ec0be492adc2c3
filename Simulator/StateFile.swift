import Foundation
import VoiceShortcuts

/// `--state FILE`: plug states kept across restarts, like Tasmota's PowerOnState.
/// A JSON object of device id → "on" | "off", written atomically.
struct StateFile: Sendable {
    let path: String

    /// The saved states; empty when the file does not exist yet.
    func load() throws -> [String: PowerState] {
        guard FileManager.default.fileExists(atPath: path) else { return [:] }
        guard let data = FileManager.default.contents(atPath: path),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: String]
        else {
            throw StateFileError(path: path)
        }
        return object.compactMapValues { PowerState(rawValue: $0.lowercased()) }
    }

    func save(_ states: [String: PowerState]) throws {
        let object = states.mapValues(\.rawValue)
        let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .prettyPrinted])
        try data.write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}

struct StateFileError: Error, CustomStringConvertible {
    let path: String
    var description: String { "the state file '\(path)' is not a JSON object of device id → \"on\"/\"off\"; fix or remove it" }
}
