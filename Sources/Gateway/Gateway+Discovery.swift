import MQTT
import PlugProtocols

/// Plugs that announce themselves: their announcements read (`Discovery`), the devices kept (`DeviceDirectory`).
extension Gateway {
    /// Subscribes to the announcements (retained ones come at once) and asks Shelly Gen1 devices to announce.
    func startDiscovery() async throws {
        guard let discovery else { return }
        for filter in discovery.filters { try await client.subscribe(filter, qos: .atLeastOnce) }
        for message in discovery.startMessages { await publish(message) }
        log.log(.info, "discovery on: plugs that announce themselves are controlled too (\"discovery\": false turns it off)")
    }

    /// Reads `message` if it is an announcement: devices found are kept and installed, Shelly Gen2 devices asked
    /// who they are, and what cannot be used is logged in a line.
    func discover(_ message: MQTTMessage) async {
        guard let result = discovery?.read(topic: message.topic, payload: message.payload) else { return }
        switch result {
        case .announced(let source, let found, let skipped):
            for line in skipped { log.log(.info, cause: "discovery-skipped", "discovery: skipped \(line)") }
            do {
                if try directory.record(source: source, devices: found) { deviceChanges.yield() }
            } catch {
                log.log(.warning, cause: "discovery-store", "cannot keep the devices \(source) announced: \(error)")
            }
        case .ask(let requests):
            for request in requests { await publish(request) }
        case .ignored(let why):
            log.log(.debug, cause: "discovery-ignored", "discovery: \(message.topic.prefix(200)): \(why)")
        }
    }

    private func publish(_ message: OutgoingMessage) async {
        try? await client.publish(message.topic, message.payload, qos: .atLeastOnce, retain: message.retain, awaitAcknowledgement: false)
    }
}
