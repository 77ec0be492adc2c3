import CommandLineSupport
import Foundation
import Gateway
import JSONText
import MQTT
import VoiceShortcuts

/// `voiceplug plugs`: the plug states the running gateway tracks.
enum PlugsCommand {
    static let spec = CommandSpec(
        name: "plugs", summary: "Shows every plug's last known state and availability, as the running gateway tracks them.",
        usage: "plugs [--broker URL] [--config FILE] [--json]",
        options: ["broker", "config"], flags: ["json"],
        details: """
            Reads the gateway's retained voiceplug/plugs/<id> messages, with how old each state is.
            Configured plugs the gateway never heard from are listed too, with the topic used.
            Exit code 1 when the gateway is offline: the states are then as it last saw them.
            --broker URL     default: the configuration's broker, else mqtt://127.0.0.1:1883
            --config FILE    the configuration whose broker to use (default: voiceplug.json in the
                             current folder, when it is there)
            --json           a JSON list of {"id","name","protocol","state","online","updatedAt"}; a plug
                             never heard from has "state":null and its "topic"
            """)

    static func run(_ arguments: [String], console: Console) async -> ExitCode {
        let broker: BrokerSettings
        let json: Bool
        let configured: [Device]
        do {
            guard let parsed = try spec.parse(arguments, console: console) else { return .ok }
            let configuration = try Context(parsed, console: console).configuration
            configured = configuration?.devices ?? []
            broker = try BrokerSettings(parsed, configuration: configuration, console: console, command: spec.name)
            json = parsed.flags.contains("json")
        } catch {
            return report(error, command: spec.name, console: console)
        }
        do {
            let client = try MQTTClient(broker.mqtt)
            do { try await client.connect() } catch { throw BrokerUnreachable(url: broker.url, underlying: error) }
            let collected = Collected()
            let stream = client.messages
            let reader = Task {
                for await message in stream {
                    if message.topic == PhraseTopics.status {
                        collected.setGatewayStatus(message.string ?? "")
                        continue
                    }
                    guard message.topic.hasPrefix(Gateway.plugsTopicPrefix) else { continue }
                    if let object = (try? JSONSerialization.jsonObject(with: Data(message.payload))) as? [String: Any] {
                        collected.add(message.string ?? "", object)
                    }
                }
            }
            try await client.subscribe(Gateway.plugsTopicPrefix + "+", qos: .atLeastOnce)
            try await client.subscribe(PhraseTopics.status, qos: .atLeastOnce)
            // Retained messages arrive right after SUBACK; wait until they stop coming.
            var quiet = 0
            var last = -1
            for _ in 0..<100 where quiet < 3 {
                try await Task.sleep(for: .milliseconds(50))
                let count = collected.count
                quiet = count == last ? quiet + 1 : 0
                last = count
            }
            reader.cancel()
            await client.disconnect()
            let items = collected.items.sorted { ($0.1["id"] as? String ?? "") < ($1.1["id"] as? String ?? "") }
            let heard = Set(items.compactMap { $0.1["id"] as? String })
            let neverHeard = configured.filter { !heard.contains($0.id) }
            guard !items.isEmpty || !neverHeard.isEmpty else {
                console.err("voiceplug plugs: no plug states on \(broker.url); is `voiceplug run` running there?\n")
                return .failed
            }
            let gatewayOffline = collected.gatewayStatus != "online"
            if gatewayOffline {
                let how = collected.gatewayStatus == "offline" ? "offline" : "not running"
                console.err(
                    "voiceplug plugs: the gateway on \(broker.url) is \(how): "
                        + "these states are as it last saw them, not as the plugs are now\n")
            }
            if json {
                let unheard = neverHeard.map { device in
                    "{\"id\":\(JSON.string(device.id)),\"name\":\(JSON.string(device.name)),\"protocol\":\"\(device.protocol.rawValue)\","
                        + "\"state\":null,\"online\":null,\"updatedAt\":null,\"topic\":\(JSON.string(device.topic))}"
                }
                console.out("[" + (items.map(\.0) + unheard).joined(separator: ",") + "]\n")
                return gatewayOffline ? .failed : .ok
            }
            func column(_ value: String, _ width: Int) -> String {
                value.padding(toLength: max(width, value.count), withPad: " ", startingAt: 0)
            }
            var text = "ID                    NAME                  PROTOCOL     STATE  ONLINE       AGE\n"
            for (_, object) in items {
                let state = object["state"] as? String ?? "?"
                let online = (object["online"] as? Bool).map { $0 ? "online" : "offline" } ?? "unknown"
                let updated = (object["updatedAt"] as? String).flatMap { try? Date($0, strategy: .iso8601) }
                text +=
                    column(object["id"] as? String ?? "", 21) + " " + column(object["name"] as? String ?? "", 21) + " "
                    + column(object["protocol"] as? String ?? "", 12) + " " + column(state, 6) + " " + column(online, 12) + " "
                    + (updated.map(Self.age) ?? "—") + "\n"
            }
            for device in neverHeard {
                text +=
                    column(device.id, 21) + " " + column(device.name, 21) + " " + column(device.protocol.rawValue, 12) + " "
                    + column("?", 6) + " " + column("never heard", 12) + " — (topic \(device.topic))\n"
            }
            console.out(text)
            return gatewayOffline ? .failed : .ok
        } catch {
            return report(error, command: spec.name, console: console)
        }
    }
}

extension PlugsCommand {
    /// How long ago `date` was, in the largest unit that fits: "12 s ago", "5 min ago", "3 h ago", "2 d ago".
    static func age(_ date: Date) -> String {
        let seconds = max(0, Int(Date().timeIntervalSince(date)))
        switch seconds {
        case ..<120: return "\(seconds) s ago"
        case ..<7200: return "\(seconds / 60) min ago"
        case ..<172_800: return "\(seconds / 3600) h ago"
        default: return "\(seconds / 86400) d ago"
        }
    }
}

/// Retained plug states as they arrive.
private final class Collected: @unchecked Sendable {
    private let lock = NSLock()
    private var byID: [String: (String, [String: Any])] = [:]
    private var status = ""
    /// The gateway's retained status: "online", "offline", or "" when none was seen.
    var gatewayStatus: String { lock.withLock { status } }
    func setGatewayStatus(_ text: String) { lock.withLock { status = text } }
    func add(_ raw: String, _ object: [String: Any]) { lock.withLock { byID[object["id"] as? String ?? raw] = (raw, object) } }
    var count: Int { lock.withLock { byID.count } }
    var items: [(String, [String: Any])] { lock.withLock { Array(byID.values) } }
}
