import Foundation
import VoiceShortcuts

/// The controller's side of each protocol (what the gateway publishes and
/// listens to): commands, reported states, availability.
extension PlugChannel {
    /// Where a Shelly Gen2's RPC replies to the gateway go: `<source>/rpc`.
    public static let rpcSource = "voiceplug"

    /// The command that switches `relay` to `state`.
    public func commandMessage(relay: Int?, state: PowerState) -> OutgoingMessage {
        let upper = state == .on ? "ON" : "OFF"
        switch self.protocol {
        case .tasmota:
            return OutgoingMessage(topic: tasmota("cmnd") + "POWER\(relay.map(String.init) ?? "")", text: upper)
        case .shelly:
            return OutgoingMessage(topic: "\(shelly)/relay/\(relay ?? 0)/command", text: state.rawValue)
        case .shelly2:
            return Self.rpc(topic, method: "Switch.Set", params: "{\"id\":\(relay ?? 0),\"on\":\(state == .on)}")
        case .zigbee2mqtt:
            return OutgoingMessage(topic: "\(zigbee)/set", text: "{\"\(relay.map { "state_l\($0)" } ?? "state")\":\"\(upper)\"}")
        case .mqtt:
            let mqtt = mqtt ?? .esphome(topic)
            return OutgoingMessage(topic: mqtt.commandTopic, text: state == .on ? mqtt.payloadOn : mqtt.payloadOff)
        }
    }

    /// An RPC request to the Shelly Gen2 whose prefix is `prefix`, answered on `<rpcSource>/rpc`.
    public static func rpc(_ prefix: String, method: String, params: String? = nil, id: Int = 1) -> OutgoingMessage {
        let params = params.map { ",\"params\":\($0)" } ?? ""
        return OutgoingMessage(topic: "\(prefix)/rpc", text: "{\"id\":\(id),\"src\":\"\(rpcSource)\",\"method\":\"\(method)\"\(params)}")
    }

    /// Asks the plug to report the state of `relay` (Tasmota: an empty POWER command; Shelly Gen1: `update`;
    /// Shelly Gen2: `status_update`; Zigbee2MQTT: `get`); nil for the generic switch, which has no such request.
    public func stateQueryMessage(relay: Int?) -> OutgoingMessage? {
        switch self.protocol {
        case .tasmota: OutgoingMessage(topic: tasmota("cmnd") + "POWER\(relay.map(String.init) ?? "")", text: "")
        case .shelly: OutgoingMessage(topic: "\(shelly)/command", text: "update")
        case .shelly2: OutgoingMessage(topic: "\(topic)/command", text: "status_update")
        case .zigbee2mqtt: OutgoingMessage(topic: "\(zigbee)/get", text: "{\"\(relay.map { "state_l\($0)" } ?? "state")\":\"\"}")
        case .mqtt: nil
        }
    }

    /// Where the plug reports its state.
    public var stateFilters: [String] {
        switch self.protocol {
        case .tasmota: [tasmota("stat") + "+", tasmota("tele") + "STATE"]
        case .shelly: ["\(shelly)/relay/+"]
        case .shelly2: ["\(topic)/status/+", "\(topic)/events/rpc"]
        case .zigbee2mqtt: [zigbee]
        case .mqtt: [(mqtt ?? .esphome(topic)).stateTopic]
        }
    }

    /// Where the plug reports whether it is online (retained; the will says offline); nil when it reports nowhere.
    public var availabilityTopic: String? {
        switch self.protocol {
        case .tasmota: tasmota("tele") + "LWT"
        case .shelly: "\(shelly)/online"
        case .shelly2: "\(topic)/online"
        case .zigbee2mqtt: "\(zigbee)/availability"
        case .mqtt: mqtt?.availabilityTopic
        }
    }

    /// The states a message reports, by relay (`nil`: the single relay).
    public func reportedStates(topic received: String, payload: [UInt8]) -> [(relay: Int?, state: PowerState)] {
        let text = String(decoding: payload, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        switch self.protocol {
        case .tasmota:
            if received == tasmota("stat") + "RESULT" || received == tasmota("tele") + "STATE" {
                return tasmotaPowerKeys(payload)
            }
            let prefix = tasmota("stat") + "POWER"
            guard received.hasPrefix(prefix), let state = powerState(fromWord: text) else { return [] }
            let suffix = received.dropFirst(prefix.count)
            if suffix.isEmpty { return [(nil, state)] }
            return Int(suffix).map { [($0, state)] } ?? []
        case .shelly:
            let prefix = "\(shelly)/relay/"
            guard received.hasPrefix(prefix), let relay = Int(received.dropFirst(prefix.count)), let state = powerState(fromWord: text)
            else { return [] }
            return [(relay, state)]
        case .shelly2:
            return shelly2States(topic: received, payload: payload)
        case .zigbee2mqtt:
            guard received == zigbee, let object = jsonObject(payload) else { return [] }
            return object.compactMap { key, value -> (Int?, PowerState)? in
                guard let state = powerState(fromWord: "\(value)") else { return nil }
                if key == "state" { return (nil, state) }
                if key.hasPrefix("state_l"), let relay = Int(key.dropFirst(7)) { return (relay, state) }
                return nil
            }
        case .mqtt:
            guard let mqtt, received == mqtt.stateTopic else { return [] }
            var value = text
            if let key = mqtt.stateKey {
                guard let object = jsonObject(payload), let field = object[key] else { return [] }
                value = (field as? String) ?? "\(field)"
            }
            if value == mqtt.stateOn { return [(nil, .on)] }
            if value == mqtt.stateOff { return [(nil, .off)] }
            return []
        }
    }

    /// A Shelly Gen2's states: `<prefix>/status/switch:N` `{"output":true,…}`, or a NotifyStatus on
    /// `<prefix>/events/rpc` with `"switch:N":{"output":…}` among its params. Switch N is relay N; a plug with one
    /// switch reports it as relay 0.
    private func shelly2States(topic received: String, payload: [UInt8]) -> [(relay: Int?, state: PowerState)] {
        func state(_ key: String, _ value: Any?) -> (Int?, PowerState)? {
            guard key.hasPrefix("switch:"), let relay = Int(key.dropFirst(7)), let fields = value as? [String: Any],
                let output = fields["output"] as? Bool
            else { return nil }
            return (relay, output ? .on : .off)
        }
        guard let object = jsonObject(payload) else { return [] }
        let statusPrefix = "\(topic)/status/"
        if received.hasPrefix(statusPrefix) {
            return state(String(received.dropFirst(statusPrefix.count)), object).map { [$0] } ?? []
        }
        guard received == "\(topic)/events/rpc", object["method"] as? String == "NotifyStatus",
            let params = object["params"] as? [String: Any]
        else { return [] }
        return params.compactMap { state($0.key, $0.value) }
    }

    /// Whether an availability payload says online; `nil` when it is unreadable.
    public func reportedAvailability(payload: [UInt8]) -> Bool? {
        let raw = String(decoding: payload, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let text = raw.lowercased()
        switch self.protocol {
        case .tasmota, .shelly, .shelly2:
            if text == "online" || text == "true" { return true }
            if text == "offline" || text == "false" { return false }
            return nil
        case .zigbee2mqtt:
            if text == "online" { return true }
            if text == "offline" { return false }
            guard let state = jsonObject(payload)?["state"] as? String else { return nil }
            return state.lowercased() == "online" ? true : state.lowercased() == "offline" ? false : nil
        case .mqtt:
            guard let mqtt else { return nil }
            return raw == mqtt.payloadAvailable ? true : raw == mqtt.payloadNotAvailable ? false : nil
        }
    }

    private func tasmotaPowerKeys(_ payload: [UInt8]) -> [(relay: Int?, state: PowerState)] {
        guard let object = jsonObject(payload) else { return [] }
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

/// A JSON object's fields; nil for anything else.
func jsonObject(_ payload: [UInt8]) -> [String: Any]? {
    (try? JSONSerialization.jsonObject(with: Data(payload))) as? [String: Any]
}

extension Device {
    /// The device's physical channel.
    public var channel: PlugChannel { PlugChannel(self) }
}
