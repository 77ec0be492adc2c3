import Foundation
import JSONText
import VoiceShortcuts

/// The plug's side of each protocol: what it subscribes to, how it reads
/// commands, what it publishes.
extension PlugChannel {
    /// Topic filters the plug subscribes to.
    public var commandFilters: [String] {
        switch self.protocol {
        case .tasmota: [tasmota("cmnd") + "+"]
        case .shelly: ["\(shelly)/relay/+/command", "\(shelly)/command", "\(baseTopic ?? "shellies")/command"]
        case .shelly2: ["\(topic)/rpc", "\(topic)/command"]
        case .zigbee2mqtt: ["\(zigbee)/set", "\(zigbee)/set/+", "\(zigbee)/get"]
        case .mqtt: [mqtt?.commandTopic].compactMap { $0 }
        }
    }

    /// Reads a message the plug received.
    public func command(topic received: String, payload: [UInt8]) -> ReceivedCommand {
        let text = String(decoding: payload, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        switch self.protocol {
        case .tasmota:
            let prefix = tasmota("cmnd")
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
            if received == "\(baseTopic ?? "shellies")/command" || received == "\(shelly)/command" {
                switch text.lowercased() {
                case "announce": return .announce
                case "update" where received == "\(shelly)/command": return .update
                default: return .other
                }
            }
            let prefix = "\(shelly)/relay/"
            guard received.hasPrefix(prefix), received.hasSuffix("/command"),
                let relay = Int(received.dropFirst(prefix.count).dropLast("/command".count))
            else { return .other }
            if let state = powerState(fromWord: text) { return .power(.set(state), relay: relay) }
            if text.lowercased() == "toggle" { return .power(.toggle, relay: relay) }
            return .other
        case .shelly2:
            if received == "\(topic)/command" { return text == "status_update" ? .update : .other }
            return shelly2Command(payload)
        case .zigbee2mqtt:
            let base = zigbee
            if received == "\(base)/get" { return .power(.query, relay: nil) }
            if received.hasPrefix("\(base)/set/") {
                return zigbeeCommand(key: String(received.dropFirst(base.count + 5)), value: text)
            }
            guard received == "\(base)/set", let object = jsonObject(payload) else { return .other }
            for (key, value) in object where key.hasPrefix("state") {
                return zigbeeCommand(key: key, value: "\(value)")
            }
            return .other
        case .mqtt:
            guard let mqtt, received == mqtt.commandTopic else { return .other }
            if text == mqtt.payloadOn { return .power(.set(.on), relay: nil) }
            if text == mqtt.payloadOff { return .power(.set(.off), relay: nil) }
            return .other
        }
    }

    /// A Shelly Gen2 RPC request: `Switch.Set`, `Switch.Toggle` and `Switch.GetStatus` are power commands for the
    /// switch `params.id`; any other method is an RPC to answer.
    private func shelly2Command(_ payload: [UInt8]) -> ReceivedCommand {
        guard let object = jsonObject(payload), let method = object["method"] as? String else { return .other }
        let params = object["params"] as? [String: Any]
        let relay = (params?["id"] as? Int) ?? 0
        switch method {
        case "Switch.Set":
            guard let on = params?["on"] as? Bool else { return .other }
            return .power(.set(on ? .on : .off), relay: relay)
        case "Switch.Toggle": return .power(.toggle, relay: relay)
        case "Switch.GetStatus": return .power(.query, relay: relay)
        default:
            guard let source = object["src"] as? String, !source.isEmpty else { return .other }
            return .rpc(ShellyRPCRequest(id: (object["id"] as? Int) ?? 0, source: source, method: method))
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
                OutgoingMessage(topic: tasmota("stat") + "RESULT", text: "{\"\(key)\":\"\(upper)\"}"),
                OutgoingMessage(topic: tasmota("stat") + key, text: upper),
            ]
        case .shelly:
            let base = "\(shelly)/relay/\(relay ?? 0)"
            return [
                OutgoingMessage(topic: base, text: state.rawValue),
                OutgoingMessage(topic: "\(base)/power", text: String(format: "%.2f", watts)),
            ]
        case .shelly2:
            let id = relay ?? 0, on = state == .on, power = String(format: "%.1f", watts)
            let status = "{\"id\":\(id),\"source\":\"MQTT\",\"output\":\(on),\"apower\":\(power),\"voltage\":230.1}"
            return [
                OutgoingMessage(topic: "\(topic)/status/\(Self.shellySwitch(relay))", text: status),
                OutgoingMessage(
                    topic: "\(topic)/events/rpc",
                    text: "{\"src\":\"\(topic)\",\"dst\":\"\(topic)/events\",\"method\":\"NotifyStatus\","
                        + "\"params\":{\"ts\":\(Int(Date().timeIntervalSince1970)),\"\(Self.shellySwitch(relay))\":{\"id\":\(id),\"output\":\(on)}}}"
                ),
            ]
        case .zigbee2mqtt:
            let key = relay.map { "state_l\($0)" } ?? "state"
            return [
                OutgoingMessage(
                    topic: zigbee,
                    text:
                        "{\"\(key)\":\"\(upper)\",\"power\":\(String(format: "%.1f", watts)),\"linkquality\":\(100 + topic.utf8.reduce(0) { ($0 + Int($1)) % 155 })}"
                )
            ]
        case .mqtt:
            let mqtt = mqtt ?? .esphome(topic)
            let value = state == .on ? mqtt.stateOn : mqtt.stateOff
            let text = mqtt.stateKey.map { "{\(JSON.string($0)):\(JSON.string(value))}" } ?? value
            return [OutgoingMessage(topic: mqtt.stateTopic, text: text, retain: true)]
        }
    }

    /// The retained availability message (`online`), or the last will (offline); nil when the plug reports none.
    public func availabilityMessage(online: Bool) -> OutgoingMessage? {
        guard let topic = availabilityTopic else { return nil }
        switch self.protocol {
        case .tasmota: return OutgoingMessage(topic: topic, text: online ? "Online" : "Offline", retain: true)
        case .shelly, .shelly2: return OutgoingMessage(topic: topic, text: online ? "true" : "false", retain: true)
        case .zigbee2mqtt:
            return OutgoingMessage(topic: topic, text: online ? "{\"state\":\"online\"}" : "{\"state\":\"offline\"}", retain: true)
        case .mqtt:
            let mqtt = mqtt ?? .esphome(self.topic)
            return OutgoingMessage(topic: topic, text: online ? mqtt.payloadAvailable : mqtt.payloadNotAvailable, retain: true)
        }
    }

    /// Tasmota's answer to a command it does not know.
    public var unknownCommandMessage: OutgoingMessage {
        OutgoingMessage(topic: tasmota("stat") + "RESULT", text: "{\"Command\":\"Unknown\"}")
    }
}
