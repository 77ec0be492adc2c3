import Foundation
import VoiceShortcuts

/// Something a plug did, for the live view or the event lines.
struct SimulatorEvent: Sendable {
    enum Kind: Sendable {
        case online
        case offline(reason: String)
        case switched(PowerState, command: String)
        case unchanged(PowerState, command: String)
        case dropped(command: String)
        case unknownCommand(String)
        case faults(String)
    }

    var date = Date()
    var deviceID: String
    var kind: Kind

    /// One line for `--no-tui` output.
    var line: String {
        let time = Self.formatter.string(from: date)
        switch kind {
        case .online: return "\(time) \(deviceID) online"
        case .offline(let reason): return "\(time) \(deviceID) offline (\(reason))"
        case .switched(let state, let command): return "\(time) \(deviceID) \(state.rawValue.uppercased()) (\(command))"
        case .unchanged(let state, let command): return "\(time) \(deviceID) stays \(state.rawValue.uppercased()) (\(command))"
        case .dropped(let command): return "\(time) \(deviceID) dropped \(command)"
        case .unknownCommand(let name): return "\(time) \(deviceID) unknown command \(name)"
        case .faults(let text): return "\(time) \(deviceID) \(text)"
        }
    }

    nonisolated(unsafe) private static let formatter: ISO8601DateFormatter = {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter
    }()
}

/// What the live view shows of one device.
struct DeviceSnapshot: Sendable {
    var id: String
    var name: String
    var protocolName: String
    var power: PowerState
    var online: Bool
    var watts: Double
    var lastChange: Date?
    var commands: Int
}
