import Foundation
import MQTT

/// What the gateway knows of the other instances on its broker.
struct InstanceStatuses: Sendable {
    /// Each other instance's last status: true when online.
    var online: [String: Bool] = [:]
    /// Instances already warned about (no shared subscription).
    var warned: Set<String> = []
    /// Set when this instance has begun to stop: it no longer speaks for the gateway as a whole.
    var stopping = false
}

/// Honest status with several instances: `voiceplug/status/<instance>` for each (its will says offline), and
/// `voiceplug/status` for the gateway as a whole, offline only when no instance runs.
extension Gateway {
    static func instanceTopic(_ instance: String) -> String { PhraseTopics.status + "/" + instance }

    /// Connects the presence connection and says online, for this instance and for the gateway.
    func announceOnline() async throws {
        try await presence.publish(Self.instanceTopic(settings.instance), "online", qos: .atLeastOnce, retain: true)
        try await client.publish(PhraseTopics.status, "online", qos: .atLeastOnce, retain: true)
    }

    /// Throws when another gateway of this instance's name is online on the broker: sharing its persistent session,
    /// the two would take the connection from each other in turn.
    func ensureInstanceIsFree() async throws {
        let topic = Self.instanceTopic(settings.instance)
        let messages = presence.messages
        try await presence.subscribe(topic, qos: .atLeastOnce)
        // A retained status comes at once.
        let status = await messages.first(within: .milliseconds(300)) { $0.topic == topic ? $0.string : nil }
        try? await presence.unsubscribe(topic)
        if status == "online" { throw InstanceTaken(instance: settings.instance) }
    }

    /// A status message: another instance's, or the gateway's as a whole, which another instance's end may have
    /// set offline while this one still runs.
    func handleStatus(_ message: MQTTMessage) async {
        let text = message.string ?? ""
        if message.topic == PhraseTopics.status {
            guard text == "offline", !instances.withLock({ $0.stopping }) else { return }
            try? await client.publish(PhraseTopics.status, "online", qos: .atLeastOnce, retain: true, awaitAcknowledgement: false)
            return
        }
        let instance = String(message.topic.dropFirst(PhraseTopics.status.count + 1))
        guard instance != settings.instance, !instance.isEmpty else { return }
        let warn = instances.withLock { state -> Bool in
            state.online[instance] = text == "online"
            guard text == "online", settings.shareGroup == nil else { return false }
            return state.warned.insert(instance).inserted
        }
        if warn {
            log.log(
                .warning,
                "ANOTHER GATEWAY, '\(instance.prefix(64))', RUNS ON THIS BROKER WITHOUT A SHARED SUBSCRIPTION: every phrase is "
                    + "executed by both; give each `voiceplug run --share-group NAME` (and its own --instance)")
        }
    }

    /// Says this instance is offline, and the gateway as a whole too when no other instance runs; waits for the
    /// broker's acknowledgements, at most `limit`: closed before they came, the connection ended as if lost, and the
    /// broker published the will too (two offline messages). With the broker gone the publishes wait for a
    /// reconnect; the disconnects after this fail them.
    func announceOffline(within limit: Duration) async {
        let othersOnline = instances.withLock { state in
            state.stopping = true
            return state.online.values.contains(true)
        }
        let acknowledged = Completion()
        let (client, presence, instance) = (client, presence, Self.instanceTopic(settings.instance))
        Task {
            try? await presence.publish(instance, "offline", qos: .atLeastOnce, retain: true)
            if !othersOnline { try? await client.publish(PhraseTopics.status, "offline", qos: .atLeastOnce, retain: true) }
            acknowledged.finish()
        }
        if await !acknowledged.wait(within: limit) { log.log(.warning, "the broker did not acknowledge the offline status") }
    }
}

/// Another gateway of the same instance name runs on the broker.
public struct InstanceTaken: Error, CustomStringConvertible {
    public var instance: String
    public var description: String {
        "a gateway named '\(instance)' already runs on this broker; give this one another name with --instance"
    }
}
