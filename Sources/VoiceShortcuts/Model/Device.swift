/// The MQTT dialect a plug speaks.
public enum PlugProtocol: String, Sendable, Hashable, Codable, CaseIterable {
    case tasmota
    /// Shelly Gen1.
    case shelly
    /// Shelly Gen2 and Plus: RPC over MQTT.
    case shelly2
    case zigbee2mqtt
    /// The generic MQTT switch (Home Assistant's, ESPHome's layout by default): topics and payloads as given.
    case mqtt
}

/// MQTT topic names as VoicePlug takes them from a configuration or an announcement.
public enum MQTTTopic {
    /// Whether `topic` may be published to: non-empty, no wildcards or NUL, at most 1,024 bytes.
    public static func isPublishable(_ topic: String) -> Bool {
        !topic.isEmpty && topic.utf8.count <= 1024 && !topic.contains(where: { "+#".contains($0) }) && !topic.utf8.contains(0)
    }
}

/// The generic MQTT switch's topics and payloads (protocol `mqtt`), as Home Assistant's MQTT switch has them.
public struct MQTTSwitch: Sendable, Hashable, Codable {
    public var commandTopic: String
    /// Where the state is reported (a switch that reports none cannot confirm a command, and is not taken).
    public var stateTopic: String
    public var availabilityTopic: String?
    public var payloadOn: String
    public var payloadOff: String
    /// The state payloads, when they differ from the command's.
    public var stateOn: String
    public var stateOff: String
    public var payloadAvailable: String
    public var payloadNotAvailable: String
    /// The state is this key of a JSON object (Home Assistant's `{{ value_json.KEY }}`); nil: the whole payload.
    public var stateKey: String?

    public init(
        commandTopic: String, stateTopic: String, availabilityTopic: String?, payloadOn: String = "ON", payloadOff: String = "OFF",
        stateOn: String? = nil, stateOff: String? = nil, payloadAvailable: String = "online",
        payloadNotAvailable: String = "offline", stateKey: String? = nil
    ) {
        self.commandTopic = commandTopic
        self.stateTopic = stateTopic
        self.availabilityTopic = availabilityTopic
        self.payloadOn = payloadOn
        self.payloadOff = payloadOff
        self.stateOn = stateOn ?? payloadOn
        self.stateOff = stateOff ?? payloadOff
        self.payloadAvailable = payloadAvailable
        self.payloadNotAvailable = payloadNotAvailable
        self.stateKey = stateKey
    }

    /// ESPHome's layout under `topic`: `T/command`, `T/state` with ON/OFF, `T/status` online/offline.
    public static func esphome(_ topic: String) -> MQTTSwitch {
        MQTTSwitch(commandTopic: "\(topic)/command", stateTopic: "\(topic)/state", availabilityTopic: "\(topic)/status")
    }
}

/// A plug, or one relay of a multi-relay plug (Apple's `INObject`: an
/// identifier and a display string).
public struct Device: Sendable, Hashable, Codable, Identifiable {
    /// A slug such as `kitchen-lamp`: lower-case letters, digits and hyphens.
    public var id: String
    /// What people call it: "kitchen lamp".
    public var name: String
    /// Other names: "kitchen light".
    public var aliases: [String]
    /// The room or zone: "kitchen".
    public var area: String?
    public var `protocol`: PlugProtocol
    /// The device's MQTT topic (Tasmota topic, Shelly id, Zigbee2MQTT friendly name).
    public var topic: String
    /// The relay of a multi-relay plug; `nil` for a single relay.
    public var relay: Int?
    /// Whether "turn off everything" and other group commands switch it (false for the fridge and the router);
    /// naming it still does.
    public var groupCommands: Bool
    /// Where its protocol's topics are when the user moved them: the Zigbee2MQTT base topic (default
    /// `zigbee2mqtt`), Tasmota's FullTopic (default `%prefix%/%topic%/`), the Shelly Gen1 root (default `shellies`).
    public var baseTopic: String?
    /// The generic MQTT switch's topics (protocol `mqtt`; nil: ESPHome's layout under `topic`).
    public var mqtt: MQTTSwitch?

    public init(
        id: String, name: String? = nil, aliases: [String] = [], area: String? = nil,
        protocol: PlugProtocol = .tasmota, topic: String? = nil, relay: Int? = nil, groupCommands: Bool = true,
        baseTopic: String? = nil, mqtt: MQTTSwitch? = nil
    ) {
        self.id = id
        self.name = name ?? id.replacingOccurrences(of: "-", with: " ")
        self.aliases = aliases
        self.area = area
        self.protocol = `protocol`
        self.topic = topic ?? id
        self.relay = relay
        self.groupCommands = groupCommands
        self.baseTopic = baseTopic
        self.mqtt = mqtt
    }

    private enum CodingKeys: String, CodingKey {
        case id, name, aliases, area, `protocol`, topic, relay, groupCommands, baseTopic, mqtt
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(String.self, forKey: .id), name: try container.decodeIfPresent(String.self, forKey: .name),
            aliases: try container.decodeIfPresent([String].self, forKey: .aliases) ?? [],
            area: try container.decodeIfPresent(String.self, forKey: .area),
            protocol: try container.decodeIfPresent(PlugProtocol.self, forKey: .protocol) ?? .tasmota,
            topic: try container.decodeIfPresent(String.self, forKey: .topic),
            relay: try container.decodeIfPresent(Int.self, forKey: .relay),
            groupCommands: try container.decodeIfPresent(Bool.self, forKey: .groupCommands) ?? true,
            baseTopic: try container.decodeIfPresent(String.self, forKey: .baseTopic),
            mqtt: try container.decodeIfPresent(MQTTSwitch.self, forKey: .mqtt))
    }

    /// Whether `id` is a valid device id: 1–64 characters of `a-z`, `0-9`, `-`
    /// and `_`, starting with a letter or digit.
    public static func isValidID(_ id: String) -> Bool {
        guard let first = id.utf8.first, id.utf8.count <= 64 else { return false }
        func allowed(_ byte: UInt8) -> Bool {
            (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D || byte == 0x5F
        }
        return allowed(first) && first != 0x2D && first != 0x5F && id.utf8.allSatisfy(allowed)
    }
}
