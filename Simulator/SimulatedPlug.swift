import Foundation
import JSONText
import MQTT
import PlugProtocols
import VoiceShortcuts

/// One simulated physical plug: one MQTT connection with its own last will,
/// serving the devices (relays) that share its protocol and topic. Commands
/// are carried out one at a time, in arrival order, after the plug's latency.
actor SimulatedPlug {
    let channel: PlugChannel
    private(set) var relays: [RelayState]
    private var faults: Faults
    private let broker: MQTTConfiguration
    private let events: AsyncStream<SimulatorEvent>.Continuation
    private let stateChanged: @Sendable () -> Void
    private var client: MQTTClient?
    private var tasks: [Task<Void, Never>] = []
    private let bootDate = Date()

    init(
        channel: PlugChannel, devices: [Device], initialPower: [String: PowerState], faults: Faults,
        broker: MQTTConfiguration, events: AsyncStream<SimulatorEvent>.Continuation, stateChanged: @escaping @Sendable () -> Void
    ) {
        self.channel = channel
        self.relays = devices.map { RelayState(device: $0, power: initialPower[$0.id] ?? .off) }
        self.faults = faults
        self.broker = broker
        self.events = events
        self.stateChanged = stateChanged
    }

    var isOnline: Bool { client != nil }

    func snapshots() -> [DeviceSnapshot] {
        let now = Date()
        return relays.map {
            DeviceSnapshot(
                id: $0.device.id, name: $0.device.name, protocolName: channel.protocol.rawValue, power: $0.power,
                online: client != nil, watts: $0.watts(at: now), lastChange: $0.lastChange, commands: $0.commands)
        }
    }

    var powerByDevice: [String: PowerState] { Dictionary(uniqueKeysWithValues: relays.map { ($0.device.id, $0.power) }) }

    // MARK: Connection

    /// Connects with the plug's last will, subscribes to its commands, and
    /// announces itself online with its current states.
    func connect() async throws {
        guard client == nil else { return }
        var configuration = broker
        configuration.clientID = "plugsim-\(channel.protocol.rawValue)-\(channel.topic)"
        configuration.protocolVersion = .v5
        if let will = channel.availabilityMessage(online: false) {
            configuration.will = .init(topic: will.topic, payload: will.payload, qos: .atLeastOnce, retain: true)
        }
        configuration.keepalive = 30
        let client = try MQTTClient(configuration)
        try await client.connect()
        self.client = client
        let messages = client.messages
        tasks.append(
            Task { [weak self] in
                for await message in messages { await self?.handle(message) }
            })
        let states = client.states()
        tasks.append(
            Task { [weak self] in
                var wasLost = false
                for await state in states {
                    if case .reconnecting = state { wasLost = true }
                    if state == .connected, wasLost {
                        wasLost = false
                        await self?.announce()  // a broker restart loses retained messages: say it again, like Tasmota
                    }
                }
            })
        for filter in channel.commandFilters { try await client.subscribe(filter, qos: .atLeastOnce) }
        await announce()
        for relay in relays { events.yield(SimulatorEvent(deviceID: relay.device.id, kind: .online)) }
    }

    /// Publishes online and every relay's state.
    private func announce() async {
        if let online = channel.availabilityMessage(online: true) { await publish(online) }
        for message in Announcements.messages(for: channel, devices: relays.map(\.device)) { await publish(message) }
        for relay in relays { await publishState(of: relay) }
    }

    /// Publishes offline cleanly and disconnects (SIGINT/SIGTERM).
    func shutDown() async {
        guard let client else { return }
        // Sent before DISCONNECT; not awaited, so a broker that is already gone does not hold the shutdown.
        if let offline = channel.availabilityMessage(online: false) {
            try? await client.publish(offline.topic, offline.payload, qos: .atLeastOnce, retain: true, awaitAcknowledgement: false)
        }
        await client.disconnect()
        finish(reason: "stopped")
    }

    /// Leaves as a plug taken off the network does: its retained announcements cleared, offline, disconnected.
    func remove() async {
        guard client != nil else { return }
        for message in Announcements.removal(for: channel, devices: relays.map(\.device)) { await publish(message) }
        await shutDown()
    }

    /// Drops the connection so that the broker publishes the will, as when a
    /// plug loses power (the control topic's `"online": false`).
    func dropConnection() async {
        guard let client else { return }
        await client.disconnect(publishingWill: true)
        finish(reason: "connection dropped")
    }

    private func finish(reason: String) {
        for task in tasks { task.cancel() }
        tasks.removeAll()
        client = nil
        for relay in relays { events.yield(SimulatorEvent(deviceID: relay.device.id, kind: .offline(reason: reason))) }
    }

    func setFaults(drop: Double?, latency: Duration?, stuck: Bool? = nil, offlineOnCommand: Bool? = nil) {
        if let drop { faults.drop = drop }
        if let latency { faults.latency = latency }
        if let stuck { faults.stuck = stuck }
        if let offlineOnCommand { faults.offlineOnCommand = offlineOnCommand }
        let text =
            "faults: drop \(faults.drop), latency \(faults.latency.milliseconds) ms"
            + (faults.stuck ? ", stuck" : "") + (faults.offlineOnCommand ? ", offline at the next command" : "")
        for relay in relays { events.yield(SimulatorEvent(deviceID: relay.device.id, kind: .faults(text))) }
    }

    // MARK: Commands

    private func handle(_ message: MQTTMessage) async {
        switch channel.command(topic: message.topic, payload: message.payload) {
        case .other:
            return
        case .announce:
            await publish(announcement())
        case .update:
            for relay in relays { await publishState(of: relay) }
        case .rpc(let request):
            await publish(rpcAnswer(request))
        case .unknown(let name):
            if channel.protocol == .tasmota { await publish(channel.unknownCommandMessage) }
            if let first = relays.first { events.yield(SimulatorEvent(deviceID: first.device.id, kind: .unknownCommand(name))) }
        case .power(let command, let relayNumber):
            guard let index = relayIndex(relayNumber) else { return }
            let description = "\(message.topic) \(message.string ?? "")".trimmingCharacters(in: .whitespaces)
            relays[index].commands += 1
            if command != .query {
                if faults.dropsNext() {
                    events.yield(SimulatorEvent(deviceID: relays[index].device.id, kind: .dropped(command: description)))
                    return
                }
                let delay = faults.delay()
                if delay > .zero { try? await Task.sleep(for: delay) }
                if faults.offlineOnCommand {
                    faults.offlineOnCommand = false
                    await dropConnection()
                    return
                }
                if faults.stuck {
                    await publishState(of: relays[index])
                    events.yield(
                        SimulatorEvent(
                            deviceID: relays[index].device.id, kind: .unchanged(relays[index].power, command: description + " (stuck)")))
                    return
                }
            }
            let changed = relays[index].apply(command)
            await publishState(of: relays[index])
            let kind: SimulatorEvent.Kind =
                changed
                ? .switched(relays[index].power, command: description)
                : .unchanged(relays[index].power, command: description)
            events.yield(SimulatorEvent(deviceID: relays[index].device.id, kind: kind))
            if changed { stateChanged() }
        }
    }

    /// The relay a command addresses (see `PlugChannel.relayIndex`).
    private func relayIndex(_ number: Int?) -> Int? { channel.relayIndex(number, among: relays.map(\.device.relay)) }

    // MARK: Publishing

    private func publishState(of relay: RelayState) async {
        for message in channel.stateMessages(relay: relay.device.relay, state: relay.power, watts: relay.watts()) {
            await publish(message)
        }
    }

    /// Tasmota's tele/STATE and tele/SENSOR, Shelly's periodic relay report.
    func publishTelemetry() async {
        guard client != nil else { return }
        let now = Date()
        switch channel.protocol {
        case .tasmota:
            let uptime = Int(now.timeIntervalSince(bootDate))
            let time = Self.tasmotaTime(now)
            var powers = relays.map { "\"POWER\($0.device.relay.map(String.init) ?? "")\":\"\($0.power == .on ? "ON" : "OFF")\"" }
            powers.sort()
            let state =
                "{\"Time\":\"\(time)\",\"Uptime\":\"\(uptime / 86400)T\(String(format: "%02d:%02d:%02d", uptime / 3600 % 24, uptime / 60 % 60, uptime % 60))\","
                + "\"UptimeSec\":\(uptime),\(powers.joined(separator: ",")),\"Wifi\":{\"RSSI\":88,\"Signal\":-56}}"
            await publish(OutgoingMessage(topic: channel.tasmota("tele") + "STATE", text: state))
            let watts = relays.reduce(0) { $0 + $1.watts(at: now) }
            let total = relays.reduce(0) { $0 + $1.energy(at: now) }
            let current = watts / 230
            let sensor =
                "{\"Time\":\"\(time)\",\"ENERGY\":{\"TotalStartTime\":\"\(Self.tasmotaTime(bootDate))\","
                + "\"Total\":\(String(format: "%.3f", total)),\"Yesterday\":0.000,\"Today\":\(String(format: "%.3f", total)),"
                + "\"Power\":\(Int(watts.rounded())),\"ApparentPower\":\(Int(watts.rounded())),\"ReactivePower\":0,\"Factor\":1.00,"
                + "\"Voltage\":230,\"Current\":\(String(format: "%.3f", current))}}"
            await publish(OutgoingMessage(topic: channel.tasmota("tele") + "SENSOR", text: sensor))
        case .shelly, .shelly2, .zigbee2mqtt, .mqtt:
            for relay in relays { await publishState(of: relay) }
        }
    }

    private func announcement() -> OutgoingMessage { Announcements.shellyAnnounce(channel) }

    /// A Shelly Gen2's answer to an RPC request: `Shelly.GetDeviceInfo` with the first relay's name as the device's
    /// name; any other method, Shelly's "no handler" error.
    private func rpcAnswer(_ request: ShellyRPCRequest) -> OutgoingMessage {
        let head = "{\"id\":\(request.id),\"src\":\(JSON.string(channel.topic)),\"dst\":\(JSON.string(request.source)),"
        if request.method == "Shelly.GetStatus" {
            let switches = relays.map { relay in
                let id = relay.device.relay ?? 0
                return "\"switch:\(id)\":{\"id\":\(id),\"source\":\"init\",\"output\":\(relay.power == .on),\"apower\":0.0}"
            }
            return OutgoingMessage(
                topic: "\(request.source)/rpc",
                text: head + "\"result\":{\(switches.joined(separator: ",")),\"sys\":{\"mac\":\"\(mac)\",\"restart_required\":false}}}")
        }
        guard request.method == "Shelly.GetDeviceInfo" else {
            return OutgoingMessage(
                topic: "\(request.source)/rpc",
                text: head + "\"error\":{\"code\":404,\"message\":\(JSON.string("No handler for \(request.method)"))}}")
        }
        let name = relays.first.map { JSON.string($0.device.name) } ?? "null"
        return OutgoingMessage(
            topic: "\(request.source)/rpc",
            text: head + "\"result\":{\"name\":\(name),\"id\":\(JSON.string(channel.topic)),\"mac\":\"\(mac)\","
                + "\"model\":\"SNPL-00112EU\",\"gen\":2,\"fw_id\":\"20231107-164738/1.0.8-g9ed4b0a\",\"ver\":\"1.0.8\","
                + "\"app\":\"PlugS\",\"auth_en\":false,\"auth_domain\":null}}")
    }

    /// The plug's made-up but stable MAC address.
    private var mac: String { Announcements.mac(channel.topic) }

    private func publish(_ message: OutgoingMessage) async {
        guard let client else { return }
        try? await client.publish(message.topic, message.payload, qos: .atLeastOnce, retain: message.retain)
    }

    private static func tasmotaTime(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
        return formatter.string(from: date)
    }
}
