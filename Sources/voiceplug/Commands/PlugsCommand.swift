import CommandLineSupport
import Foundation
import Gateway
import MQTT

/// `voiceplug plugs`: the plug states the running gateway tracks.
enum PlugsCommand {
    static let spec = CommandSpec(
        name: "plugs", summary: "Shows every plug's last known state and availability, as the running gateway tracks them.",
        usage: "plugs [--broker URL] [--config FILE] [--json]",
        options: ["broker", "config"], flags: ["json"],
        details: """
            Reads the gateway's retained voiceplug/plugs/<id> messages.
            --broker URL     default: the configuration's broker, else mqtt://127.0.0.1:1883
            --config FILE    the configuration whose broker to use (default: voiceplug.json in the
                             current folder, when it is there)
            --json           a JSON list of {"id","name","protocol","state","online","updatedAt"}
            """)

    static func run(_ arguments: [String], console: Console) async -> ExitCode {
        let broker: BrokerSettings
        let json: Bool
        do {
            guard let parsed = try spec.parse(arguments, console: console) else { return .ok }
            broker = try BrokerSettings(
                parsed, configuration: try Context(parsed, console: console).configuration,
                console: console, command: spec.name)
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
                for await message in stream where message.topic.hasPrefix(Gateway.plugsTopicPrefix) {
                    if let object = (try? JSONSerialization.jsonObject(with: Data(message.payload))) as? [String: Any] {
                        collected.add(message.string ?? "", object)
                    }
                }
            }
            try await client.subscribe(Gateway.plugsTopicPrefix + "+", qos: .atLeastOnce)
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
            guard !items.isEmpty else {
                console.err("voiceplug plugs: no plug states on \(broker.url); is `voiceplug run` running there?\n")
                return .failed
            }
            if json {
                console.out("[" + items.map(\.0).joined(separator: ",") + "]\n")
                return .ok
            }
            var text = "ID                    NAME                  PROTOCOL     STATE  ONLINE   UPDATED\n"
            for (_, object) in items {
                func column(_ value: String, _ width: Int) -> String {
                    value.padding(toLength: max(width, value.count), withPad: " ", startingAt: 0)
                }
                let state = object["state"] as? String ?? "?"
                let online = (object["online"] as? Bool).map { $0 ? "online" : "offline" } ?? "unknown"
                text +=
                    column(object["id"] as? String ?? "", 21) + " " + column(object["name"] as? String ?? "", 21) + " "
                    + column(object["protocol"] as? String ?? "", 12) + " " + column(state, 6) + " " + column(online, 8) + " "
                    + (object["updatedAt"] as? String ?? "—") + "\n"
            }
            console.out(text)
            return .ok
        } catch {
            return report(error, command: spec.name, console: console)
        }
    }
}

/// Retained plug states as they arrive.
private final class Collected: @unchecked Sendable {
    private let lock = NSLock()
    private var byID: [String: (String, [String: Any])] = [:]
    func add(_ raw: String, _ object: [String: Any]) { lock.withLock { byID[object["id"] as? String ?? raw] = (raw, object) } }
    var count: Int { lock.withLock { byID.count } }
    var items: [(String, [String: Any])] { lock.withLock { Array(byID.values) } }
}
