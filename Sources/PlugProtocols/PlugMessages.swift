import VoiceShortcuts

/// A message to publish.
public struct OutgoingMessage: Sendable, Equatable {
    public var topic: String
    public var payload: [UInt8]
    public var retain: Bool

    public init(topic: String, payload: [UInt8], retain: Bool = false) {
        self.topic = topic
        self.payload = payload
        self.retain = retain
    }

    public init(topic: String, text: String, retain: Bool = false) {
        self.init(topic: topic, payload: Array(text.utf8), retain: retain)
    }

    public var text: String { String(decoding: payload, as: UTF8.self) }
}

/// What a plug was asked to do.
public enum PlugCommand: Sendable, Equatable {
    case set(PowerState)
    case toggle
    /// Report the current state.
    case query
}

/// A message a plug received, as the plug understands it.
public enum ReceivedCommand: Sendable, Equatable {
    /// A power command for one relay (`nil`: the single relay).
    case power(PlugCommand, relay: Int?)
    /// A command the device does not know (Tasmota answers `{"Command":"Unknown"}`).
    case unknown(name: String)
    /// Shelly's `announce` request.
    case announce
    /// Shelly's `update` request (Gen2: `status_update`): report the relays' states.
    case update
    /// A Shelly Gen2 RPC request other than a switch's: answered on `<source>/rpc`.
    case rpc(ShellyRPCRequest)
    /// Not addressed to this plug.
    case other
}

/// A Shelly Gen2 RPC request as the plug reads it.
public struct ShellyRPCRequest: Sendable, Equatable {
    public var id: Int
    /// Where the answer goes: `<source>/rpc`.
    public var source: String
    public var method: String

    public init(id: Int, source: String, method: String) {
        self.id = id
        self.source = source
        self.method = method
    }
}

/// A plug's physical channel: one (protocol, topic) and where its topics are; its relays share the connection and
/// the availability topic.
public struct PlugChannel: Sendable, Hashable {
    public var `protocol`: PlugProtocol
    public var topic: String
    /// See `Device.baseTopic`.
    public var baseTopic: String?
    /// See `Device.mqtt`.
    public var mqtt: MQTTSwitch?

    public init(protocol: PlugProtocol, topic: String, baseTopic: String? = nil, mqtt: MQTTSwitch? = nil) {
        self.protocol = `protocol`
        self.topic = topic
        self.baseTopic = baseTopic
        self.mqtt = `protocol` == .mqtt ? (mqtt ?? .esphome(topic)) : nil
    }

    public init(_ device: Device) {
        self.init(protocol: device.protocol, topic: device.topic, baseTopic: device.baseTopic, mqtt: device.mqtt)
    }

    /// Tasmota's FullTopic with `%prefix%` (cmnd, stat or tele) and `%topic%` filled in, ending in "/".
    public func tasmota(_ prefix: String) -> String {
        let pattern = baseTopic ?? Self.tasmotaFullTopic
        let full = pattern.replacingOccurrences(of: "%prefix%", with: prefix).replacingOccurrences(of: "%topic%", with: topic)
        return full.hasSuffix("/") ? full : full + "/"
    }
    public static let tasmotaFullTopic = "%prefix%/%topic%/"

    /// A Shelly Gen1's own topics: `shellies/<id>` (or the root the user set instead of `shellies`).
    public var shelly: String { "\(baseTopic ?? "shellies")/\(topic)" }
    /// Zigbee2MQTT's device topic: `zigbee2mqtt/<friendly name>` (or the base the user set).
    public var zigbee: String { "\(baseTopic ?? "zigbee2mqtt")/\(topic)" }
    /// Which of a plug's relays (`configured`, each a device's `relay`) a relay number in a report or a command
    /// means: the same number; on a single relay also Tasmota's POWER for POWER1 and the other way round, and Shelly's
    /// relay 0 for the relay without a number.
    public func relayIndex(_ number: Int?, among configured: [Int?]) -> Int? {
        if let exact = configured.firstIndex(where: { $0 == number }) { return exact }
        guard configured.count == 1 else { return nil }
        let only = configured[0]
        switch self.protocol {
        case .tasmota where (number == nil && only == 1) || (number == 1 && only == nil): return 0
        case .shelly where number == 0 && only == nil, .shelly2 where number == 0 && only == nil: return 0
        default: return nil
        }
    }

    /// The switch of a Shelly Gen2 relay (`switch:0` for the single one).
    public static func shellySwitch(_ relay: Int?) -> String { "switch:\(relay ?? 0)" }
}

func powerState(fromWord word: String) -> PowerState? {
    switch word.lowercased() {
    case "on", "1", "true": .on
    case "off", "0", "false": .off
    default: nil
    }
}
