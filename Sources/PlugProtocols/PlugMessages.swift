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
    /// Shelly's `update` request: report the relays' states.
    case update
    /// Not addressed to this plug.
    case other
}

/// A plug's physical channel: one (protocol, topic); its relays share the
/// connection and the availability topic.
public struct PlugChannel: Sendable, Hashable {
    public var `protocol`: PlugProtocol
    public var topic: String

    public init(protocol: PlugProtocol, topic: String) {
        self.protocol = `protocol`
        self.topic = topic
    }

    public init(_ device: Device) {
        self.init(protocol: device.protocol, topic: device.topic)
    }
}

func powerState(fromWord word: String) -> PowerState? {
    switch word.lowercased() {
    case "on", "1", "true": .on
    case "off", "0", "false": .off
    default: nil
    }
}
