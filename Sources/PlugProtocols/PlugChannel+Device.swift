import Foundation
import VoiceShortcuts

/// The plug's side of each protocol: what it subscribes to, how it reads
/// commands, what it publishes.
extension PlugChannel {
    /// Topic filters the plug subscribes to.
    public var commandFilters: [String] {
        switch self.protocol {
        case .tasmota: ["cmnd/\(topic)/+"]
        case .shelly: ["shellies/\(topic)/relay/+/command", "shellies/\(topic)/command", "shellies/command"]
        case .zigbee2mqtt: ["zigbee2mqtt/\(topic)/set", "zigbee2mqtt/\(topic)/set/+", "zigbee2mqtt/\(topic)/get"]
        }
    }

    /// Reads a message the plug received.
    public func command(topic received: String, payload: [UInt8]) -> ReceivedCommand {
        let text = String(decoding: payload, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        switch self.protocol {
        case .tasmota:
            let prefix = "cmnd/\(topic)/"
            guard received.hasPrefix(prefix) else { return .other }
            let name = String(received.dropFirst(prefix.count))
            guard name.uppercased().hasPrefix("POWER") else { return .unknown(name: name) }
            let suffix = name.dropFirst(5)
            guard suffix.isEmpty || Int(suffix) != nil else { return .unknown(name: name) }
            let relay = suffix.isEmpty ? nil : Int(suffix)
            if text.isEmpty { return .power(.query, relay: relay) }
            if let state = powerState(fromWord: text) { return .power(.set(state), relay: relay) }
            if text.lowercased() == "toggle" || text == "2" { return .power(.toggle, relay: relay) }
            return .power(.query, relay: relay)  // Tasmota shows the state for a parameter it does not know
        case .shelly:
            if received == "shellies/command" || received == "shellies/\(topic)/command" {
                switch text.lowercased() {
                case "announce": return .announce
                case "update" where received != "shellies/command": return .update
                default: return .other
                }
            }
            let parts = received.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 5, parts[0] == "shellies", parts[1] == topic, parts[2] == "relay", parts[4] == "command",
                let relay = Int(parts[3])
            else { return .other }
            if let state = powerState(fromWord: text) { return .power(.set(state), relay: relay) }
            if text.lowercased() == "toggle" { return .power(.toggle, relay: relay) }
            return .other
        case .zigbee2mqtt:
            let base = "zigbee2mqtt/\(topic)"
            if received == "\(base)/get" { return .power(.query, relay: nil) }
            if received.hasPrefix("\(base)/set/") {
                return zigbeeCommand(key: String(received.dropFirst(base.count + 5)), value: text)
            }
            guard received == "\(base)/set",
                let object = (try? JSONSerialization.jsonObject(with: Data(payload))) as? [String: Any]
            else { return .other }
            for (key, value) in object where key.hasPrefix("state") {
                return zigbeeCommand(key: key, value: "\(value)")
            }
            return .other
        }
    }

    private func zigbeeCommand(key: String, value: String) -> ReceivedCommand {
        let relay: Int?
        if key == "state" {
            relay = nil
        } else if key.hasPrefix("state_l"), let number = Int(key.dropFirst(7)) {
            relay = number
        } else {
            return .other
        }
        if let state = powerState(fromWord: value) { return .power(.set(state), relay: relay) }
        if value.lowercased() == "toggle" { return .power(.toggle, relay: relay) }
        return .other
    }

    /// What the plug publishes when a relay's state is reported.
    public func stateMessages(relay: Int?, state: PowerState, watts: Double) -> [OutgoingMessage] {
        let upper = state == .on ? "ON" : "OFF"
        switch self.protocol {
        case .tasmota:
            let key = "POWER\(relay.map(String.init) ?? "")"
            return [
                OutgoingMessage(topic: "stat/\(topic)/RESULT", text: "{\"\(key)\":\"\(upper)\"}"),
                OutgoingMessage(topic: "stat/\(topic)/\(key)", text: upper),
            ]
        case .shelly:
            let base = "shellies/\(topic)/relay/\(relay ?? 0)"
            return [
                OutgoingMessage(topic: base, text: state.rawValue),
                OutgoingMessage(topic: "\(base)/power", text: String(format: "%.2f", watts)),
            ]
        case .zigbee2mqtt:
            let key = relay.map { "state_l\($0)" } ?? "state"
            return [
                OutgoingMessage(
                    topic: "zigbee2mqtt/\(topic)",
                    text:
                        "{\"\(key)\":\"\(upper)\",\"power\":\(String(format: "%.1f", watts)),\"linkquality\":\(100 + topic.utf8.reduce(0) { ($0 + Int($1)) % 155 })}"
                )
            ]
        }
    }

    /// The retained availability message (`online`), or the last will (offline).
    public func availabilityMessage(online: Bool) -> OutgoingMessage {
        switch self.protocol {
        case .tasmota: OutgoingMessage(topic: availabilityTopic, text: online ? "Online" : "Offline", retain: true)
        case .shelly: OutgoingMessage(topic: availabilityTopic, text: online ? "true" : "false", retain: true)
        case .zigbee2mqtt:
            OutgoingMessage(topic: availabilityTopic, text: online ? "{\"state\":\"online\"}" : "{\"state\":\"offline\"}", retain: true)
        }
    }

    /// Tasmota's answer to a command it does not know.
    public var unknownCommandMessage: OutgoingMessage {
        OutgoingMessage(topic: "stat/\(topic)/RESULT", text: "{\"Command\":\"Unknown\"}")
    }
}
