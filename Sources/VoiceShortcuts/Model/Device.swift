/// The MQTT dialect a plug speaks.
public enum PlugProtocol: String, Sendable, Hashable, Codable, CaseIterable {
    case tasmota
    case shelly
    case zigbee2mqtt
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

    public init(
        id: String, name: String? = nil, aliases: [String] = [], area: String? = nil,
        protocol: PlugProtocol = .tasmota, topic: String? = nil, relay: Int? = nil, groupCommands: Bool = true
    ) {
        self.id = id
        self.name = name ?? id.replacingOccurrences(of: "-", with: " ")
        self.aliases = aliases
        self.area = area
        self.protocol = `protocol`
        self.topic = topic ?? id
        self.relay = relay
        self.groupCommands = groupCommands
    }

    private enum CodingKeys: String, CodingKey {
        case id, name, aliases, area, `protocol`, topic, relay, groupCommands
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
            groupCommands: try container.decodeIfPresent(Bool.self, forKey: .groupCommands) ?? true)
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
