import Foundation
import VoiceShortcuts

/// The controller's side of each protocol (what the gateway publishes and
/// listens to): commands, reported states, availability.
extension PlugChannel {
    /// The command that switches `relay` to `state`.
    public func commandMessage(relay: Int?, state: PowerState) -> OutgoingMessage {
        let upper = state == .on ? "ON" : "OFF"
        switch self.protocol {
        case .tasmota:
            return OutgoingMessage(topic: "cmnd/\(topic)/POWER\(relay.map(String.init) ?? "")", text: upper)
        case .shelly:
            return OutgoingMessage(topic: "shellies/\(topic)/relay/\(relay ?? 0)/command", text: state.rawValue)
        case .zigbee2mqtt:
            return OutgoingMessage(topic: "zigbee2mqtt/\(topic)/set", text: "{\"\(relay.map { "state_l\($0)" } ?? "state")\":\"\(upper)\"}")
        }
    }

    /// Asks the plug to report the state of `relay` (Tasmota: an empty POWER
    /// command; Shelly Gen1: `update`; Zigbee2MQTT: `get`).
    public func stateQueryMessage(relay: Int?) -> OutgoingMessage {
        switch self.protocol {
        case .tasmota: OutgoingMessage(topic: "cmnd/\(topic)/POWER\(relay.map(String.init) ?? "")", text: "")
        case .shelly: OutgoingMessage(topic: "shellies/\(topic)/command", text: "update")
        case .zigbee2mqtt: OutgoingMessage(topic: "zigbee2mqtt/\(topic)/get", text: "{\"\(relay.map { "state_l\($0)" } ?? "state")\":\"\"}")
        }
    }

    /// Where the plug reports its state.
    public var stateFilters: [String] {
        switch self.protocol {
        case .tasmota: ["stat/\(topic)/+", "tele/\(topic)/STATE"]
        case .shelly: ["shellies/\(topic)/relay/+"]
        case .zigbee2mqtt: ["zigbee2mqtt/\(topic)"]
        }
    }

    /// Where the plug reports whether it is online (retained; the will says offline).
    public var availabilityTopic: String {
        switch self.protocol {
        case .tasmota: "tele/\(topic)/LWT"
        case .shelly: "shellies/\(topic)/online"
        case .zigbee2mqtt: "zigbee2mqtt/\(topic)/availability"
        }
    }

    /// The states a message reports, by relay (`nil`: the single relay).
    public func reportedStates(topic received: String, payload: [UInt8]) -> [(relay: Int?, state: PowerState)] {
        let text = String(decoding: payload, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        switch self.protocol {
        case .tasmota:
            if received == "stat/\(topic)/RESULT" || received == "tele/\(topic)/STATE" {
                return tasmotaPowerKeys(payload)
            }
            let prefix = "stat/\(topic)/POWER"
            guard received.hasPrefix(prefix), let state = powerState(fromWord: text) else { return [] }
            let suffix = received.dropFirst(prefix.count)
            if suffix.isEmpty { return [(nil, state)] }
            return Int(suffix).map { [($0, state)] } ?? []
        case .shelly:
            let parts = received.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 4, parts[0] == "shellies", parts[1] == topic, parts[2] == "relay", let relay = Int(parts[3]),
                let state = powerState(fromWord: text)
            else { return [] }
            return [(relay, state)]
        case .zigbee2mqtt:
            guard received == "zigbee2mqtt/\(topic)",
                let object = (try? JSONSerialization.jsonObject(with: Data(payload))) as? [String: Any]
            else { return [] }
            return object.compactMap { key, value -> (Int?, PowerState)? in
                guard let state = powerState(fromWord: "\(value)") else { return nil }
                if key == "state" { return (nil, state) }
                if key.hasPrefix("state_l"), let relay = Int(key.dropFirst(7)) { return (relay, state) }
                return nil
            }
        }
    }

    /// Whether an availability payload says online; `nil` when it is unreadable.
    public func reportedAvailability(payload: [UInt8]) -> Bool? {
        let text = String(decoding: payload, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        switch self.protocol {
        case .tasmota, .shelly:
            if text == "online" || text == "true" { return true }
            if text == "offline" || text == "false" { return false }
            return nil
        case .zigbee2mqtt:
            if text == "online" { return true }
            if text == "offline" { return false }
            guard let object = (try? JSONSerialization.jsonObject(with: Data(payload))) as? [String: Any],
                let state = object["state"] as? String
            else { return nil }
            return state.lowercased() == "online" ? true : state.lowercased() == "offline" ? false : nil
        }
    }

    private func tasmotaPowerKeys(_ payload: [UInt8]) -> [(relay: Int?, state: PowerState)] {
        guard let object = (try? JSONSerialization.jsonObject(with: Data(payload))) as? [String: Any] else { return [] }
        return object.compactMap { key, value -> (Int?, PowerState)? in
            guard key.uppercased().hasPrefix("POWER"), let text = value as? String, let state = powerState(fromWord: text) else {
                return nil
            }
            let suffix = key.dropFirst(5)
            if suffix.isEmpty { return (nil, state) }
            return Int(suffix).map { ($0, state) }
        }
    }
}

extension Device {
    /// The device's physical channel.
    public var channel: PlugChannel { PlugChannel(self) }
}
