import Foundation
import Gateway
import MQTT
import Synchronization

/// After a command changed the shortcut store: waits until a running gateway uses the change, so that a phrase
/// said the moment the command returns is heard with it. The gateway is asked to read the store at once
/// (`voiceplug/registry/changed`) and says which change it uses (`voiceplug/registry`, retained).
enum GatewaySync {
    enum Outcome: Equatable {
        /// The gateway uses the change.
        case inUse
        /// No gateway runs there: the change takes effect when one starts (why, in a few words).
        case noGateway(String)
        /// A gateway runs but did not say it uses the change in time.
        case notConfirmed
    }

    /// Waits at most `limit` for a gateway on `broker` to use the store's change number `version` (of the shortcuts,
    /// or with `devices` of the devices).
    static func waitForGateway(
        toUse version: Int64, of store: String, broker: BrokerSettings, devices: Bool = false, within limit: Duration = .seconds(2)
    ) async -> Outcome {
        var configuration = broker.mqtt
        configuration.connectTimeout = .seconds(1)
        do {
            return try await MQTTClient.withClient(configuration) { client in
                let messages = client.messages
                try await client.subscribe(PhraseTopics.status, qos: .atLeastOnce)
                try await client.subscribe(PhraseTopics.registryVersion, qos: .atLeastOnce)
                try await client.publish(PhraseTopics.registryChanged, "", qos: .atLeastOnce)
                let online = Flag()
                return await withTaskGroup(of: Outcome.self) { group in
                    group.addTask {
                        await outcome(of: messages, version: version, key: devices ? "devices" : "version", store: store, online: online)
                    }
                    group.addTask {
                        // A running gateway's retained status comes at once; without it, there is none to wait for.
                        try? await Task.sleep(for: .milliseconds(300))
                        guard online.isSet else { return .noGateway("no gateway says it is online on \(broker.url)") }
                        try? await Task.sleep(for: limit - .milliseconds(300))
                        return .notConfirmed
                    }
                    let first = await group.next() ?? .notConfirmed
                    group.cancelAll()
                    return first
                }
            }
        } catch {
            return .noGateway("the broker at \(broker.url) cannot be reached")
        }
    }

    /// What the gateway's messages say: its status offline, or the change number it uses reaching `version`.
    private static func outcome(
        of messages: AsyncStream<MQTTMessage>, version: Int64, key: String, store: String, online: Flag
    ) async -> Outcome {
        for await message in messages {
            switch message.topic {
            case PhraseTopics.status where message.string == "offline":
                return .noGateway("the gateway on this broker is offline")
            case PhraseTopics.status where message.string == "online":
                online.set()
            case PhraseTopics.registryVersion:
                let object = (try? JSONSerialization.jsonObject(with: Data(message.payload))) as? [String: Any]
                // A gateway of another store: its change numbers say nothing of this one's.
                if let other = object?["store"] as? String, other != store {
                    return .noGateway("the gateway on this broker uses another store, \(other)")
                }
                if let used = (object?[key] as? NSNumber)?.int64Value, used >= version { return .inUse }
            default: break
            }
        }
        return .notConfirmed
    }
}

/// A flag set once, read from other tasks.
private final class Flag: Sendable {
    private let value = Mutex(false)
    var isSet: Bool { value.withLock { $0 } }
    func set() { value.withLock { $0 = true } }
}
