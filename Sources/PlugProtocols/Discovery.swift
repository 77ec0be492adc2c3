import Foundation
import Synchronization
import VoiceShortcuts

/// What a discovery message says.
public enum DiscoveryResult: Sendable, Equatable {
    /// These devices are what `source` announces now, replacing what it announced before (none: it left).
    /// `skipped`: one line for each thing it announced that is no plug VoicePlug can switch, and why.
    case announced(source: String, devices: [Device], skipped: [String])
    /// Requests to publish: a Shelly Gen2 came online and is asked who it is.
    case ask([OutgoingMessage])
    /// Unreadable or not for us: why, in one line.
    case ignored(String)
}

/// Reads the plugs' own announcements (Tasmota's discovery, Zigbee2MQTT's device list, Shelly Gen1's announce,
/// Shelly Gen2's RPC, Home Assistant's MQTT discovery) into devices. Names from the network are cleaned
/// (`AnnouncedName`); ids are made from what each plug announces about itself and stay the same on every
/// announcement. Nothing here trusts a payload: a wrong type, a missing key or a huge list is skipped with a reason.
public final class Discovery: Sendable {
    /// The Zigbee2MQTT base topic (`zigbee2mqtt`) and the Shelly Gen1 root (`shellies`).
    public let zigbeeBase: String
    public let shellyRoot: String
    /// Home Assistant's discovery prefix (`homeassistant`).
    public let homeAssistantPrefix: String
    /// Shelly Gen2 devices asked who they are: what each answered so far.
    let shelly2 = Mutex<[String: Shelly2Answers]>([:])
    struct Shelly2Answers {
        var name: String??
        var switches: [Int]?
    }

    /// The largest announcement read: a Zigbee2MQTT list of a thousand devices is about 2 MB.
    public static let maximumPayload = 16 << 20
    /// The largest single plug's announcement.
    static let maximumPlugPayload = 64 << 10

    public init(zigbeeBase: String? = nil, shellyRoot: String? = nil, homeAssistantPrefix: String = "homeassistant") {
        self.zigbeeBase = zigbeeBase ?? "zigbee2mqtt"
        self.shellyRoot = shellyRoot ?? "shellies"
        self.homeAssistantPrefix = homeAssistantPrefix
        zigbeeTopic = "\(self.zigbeeBase)/bridge/devices"
        shellyAnnounceTopic = "\(self.shellyRoot)/announce"
        homeAssistantBeginning = "\(homeAssistantPrefix)/switch/"
    }

    /// Where the announcements are.
    public var filters: [String] {
        [
            "\(Self.tasmotaBeginning)+/config", zigbeeTopic, shellyAnnounceTopic, "+/online", Self.rpcTopic,
            "\(homeAssistantBeginning)+/config", "\(homeAssistantBeginning)+/+/config",
        ]
    }

    /// What to publish at start: Shelly Gen1 devices that are there answer `announce`.
    public var startMessages: [OutgoingMessage] { [OutgoingMessage(topic: "\(shellyRoot)/command", text: "announce")] }

    /// Reads one message; nil when its topic is no announcement's. Every plug report passes here first: a topic is
    /// compared with the announcements' whole topics and beginnings before anything is split or made.
    public func read(topic: String, payload: [UInt8]) -> DiscoveryResult? {
        if topic == zigbeeTopic {
            return limited(payload, Self.maximumPayload) { Self.zigbee(base: zigbeeBase, payload: $0) }
        }
        if topic == shellyAnnounceTopic {
            return limited(payload, Self.maximumPlugPayload) { Self.shelly(root: shellyRoot, payload: $0) }
        }
        if topic == Self.rpcTopic {
            return limited(payload, Self.maximumPlugPayload) { shelly2Answer($0) }
        }
        if topic.hasPrefix(Self.tasmotaBeginning), topic.hasSuffix("/config") {
            let mac = topic.dropFirst(Self.tasmotaBeginning.count).dropLast("/config".count)
            guard !mac.isEmpty, !mac.contains("/") else { return nil }
            return limited(payload, Self.maximumPlugPayload) { Self.tasmota(mac: String(mac), payload: $0) }
        }
        if topic.hasSuffix("/online"), let slash = topic.firstIndex(of: "/"), topic[slash...] == "/online" {
            return shelly2Online(prefix: String(topic[..<slash]), payload: payload)
        }
        if topic.hasPrefix(homeAssistantBeginning), topic.hasSuffix("/config") {
            let object = topic.dropFirst(homeAssistantBeginning.count).dropLast("/config".count)
            let levels = object.split(separator: "/", omittingEmptySubsequences: false).count
            guard !object.isEmpty, (1...2).contains(levels) else { return nil }
            return limited(payload, Self.maximumPlugPayload) { Self.homeAssistant(topic: topic, object: String(object), payload: $0) }
        }
        return nil
    }

    private let zigbeeTopic: String
    private let shellyAnnounceTopic: String
    private let homeAssistantBeginning: String
    private static let rpcTopic = "\(PlugChannel.rpcSource)/rpc"
    private static let tasmotaBeginning = "tasmota/discovery/"

    /// `payload` read as JSON by `body` when it is at most `limit` bytes; an empty payload (a retained announcement
    /// cleared) is handed over as nil.
    private func limited(_ payload: [UInt8], _ limit: Int, _ body: (Any?) -> DiscoveryResult) -> DiscoveryResult {
        guard payload.count <= limit else { return .ignored("\(payload.count) bytes is more than an announcement holds (\(limit))") }
        if payload.isEmpty { return body(nil) }
        guard let json = try? JSONSerialization.jsonObject(with: Data(payload)) else { return .ignored("not JSON") }
        return body(json)
    }
}

/// Names and ids from the network, made safe to show, say, log and store.
public enum AnnouncedName {
    /// The most characters a name keeps.
    public static let maximumLength = 64

    /// `text` without control characters or line breaks, its spaces collapsed, at most `maximumLength` characters;
    /// nil when nothing sayable is left (no letter or digit).
    public static func clean(_ text: String?) -> String? {
        guard let text else { return nil }
        let kept = text.unicodeScalars.map { scalar -> Character in
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator, .privateUse, .surrogate, .unassigned: " "
            default: Character(scalar)
            }
        }
        let words = String(kept).split(whereSeparator: \.isWhitespace)
        var name = ""
        for word in words {
            let next = name.isEmpty ? String(word) : name + " " + word
            if next.count > maximumLength { break }
            name = next
        }
        if name.isEmpty, let first = words.first { name = String(first.prefix(maximumLength)) }
        let sayable = name.unicodeScalars.contains { $0.properties.isAlphabetic || $0.properties.numericType != nil }
        return sayable && !PhraseNormalizer.normalize(name).isEmpty ? name : nil
    }

    /// A device id made of `parts`: lower-case letters, digits and hyphens, at most 64 characters (a long one keeps
    /// its beginning and a hash of the whole, so two long ids stay apart).
    public static func id(_ parts: String...) -> String {
        let raw = parts.joined(separator: "-").lowercased()
        var slug = ""
        for scalar in raw.unicodeScalars {
            let allowed = ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar)
            if allowed {
                slug.unicodeScalars.append(scalar)
            } else if !slug.isEmpty, !slug.hasSuffix("-") {
                slug += "-"
            }
        }
        while slug.hasSuffix("-") { slug.removeLast() }
        if slug.isEmpty { slug = "device" }
        guard slug.count > 64 else { return slug }
        let hash = raw.utf8.reduce(UInt64(14_695_981_039_346_656_037)) { ($0 ^ UInt64($1)) &* 1_099_511_628_211 }
        return String(slug.prefix(51)) + "-" + String(String(hash, radix: 16).prefix(12))
    }
}
