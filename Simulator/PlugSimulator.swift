import CommandLineSupport
import Foundation
import MQTT
import PlugProtocols
import Synchronization
import VoiceShortcuts

/// The simulator service: one simulated plug per channel, a control topic,
/// periodic telemetry, the live view, and a clean shutdown on SIGINT/SIGTERM.
final class PlugSimulator: Sendable {
    struct Options: Sendable {
        var broker: MQTTConfiguration
        var brokerURL: String
        var devices: [Device]
        var faults: Faults
        var offline: Set<String>
        var table: Bool
        var telePeriod: Duration?
        var stateFile: StateFile?
    }

    static let controlTopic = "plugsim/control"
    /// How many plugs connect at once while starting.
    static let startConcurrency = 32

    private let options: Options
    private let console: Console
    private let plugs: [SimulatedPlug]
    private let plugByDevice: [String: SimulatedPlug]
    private let events: AsyncStream<SimulatorEvent>
    private let eventSink: AsyncStream<SimulatorEvent>.Continuation
    private let saves: AsyncStream<Void>
    private let saveSink: AsyncStream<Void>.Continuation
    /// Plugs whose connection comes and goes (`flapMs`), by device id.
    private let flapping = Mutex<[String: Task<Void, Never>]>([:])
    /// Plugs taken off the network (`remove`), by device id: gone from Zigbee2MQTT's list, never back.
    private let removed = Mutex<Set<String>>([])

    init(options: Options, console: Console) throws {
        self.options = options
        self.console = console
        (events, eventSink) = AsyncStream.makeStream(of: SimulatorEvent.self, bufferingPolicy: .unbounded)
        (saves, saveSink) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let initial = try options.stateFile?.load() ?? [:]
        var groups: [PlugChannel: [Device]] = [:]
        var order: [PlugChannel] = []
        for device in options.devices {
            if groups[device.channel] == nil { order.append(device.channel) }
            groups[device.channel, default: []].append(device)
        }
        let sink = eventSink, saveSink = saveSink
        plugs = order.map { channel in
            SimulatedPlug(
                channel: channel, devices: groups[channel]!, initialPower: initial, faults: options.faults,
                broker: options.broker, events: sink, stateChanged: { saveSink.yield() })
        }
        var byDevice: [String: SimulatedPlug] = [:]
        for (channel, plug) in zip(order, plugs) {
            for device in groups[channel]! { byDevice[device.id] = plug }
        }
        plugByDevice = byDevice
    }

    /// Runs until SIGINT or SIGTERM, then publishes every plug offline and returns.
    func run() async throws {
        let view = LiveView(console: console, table: options.table)
        view.start()
        defer { view.stop() }

        // The control client first: it reports the plugs that start offline.
        var controlConfiguration = options.broker
        controlConfiguration.clientID = "plugsim-control-\(getpid())"
        let control = try MQTTClient(controlConfiguration)
        // Started before its broker: waits for it (one line), as the gateway does.
        _ = try await control.connect(
            waiting: { [console, options] error in
                console.err("plugsim: waiting for the broker at \(options.brokerURL): \(error)\n")
            },
            pause: { delay in
                try? await Task.sleep(for: delay)
                return false
            })
        for plug in plugs {
            let devices = await plug.relays.map(\.device.id)
            if devices.allSatisfy(options.offline.contains) {
                if let offline = plug.channel.availabilityMessage(online: false) {
                    try await control.publish(offline.topic, offline.payload, qos: .atLeastOnce, retain: true)
                }
                for id in devices { eventSink.yield(SimulatorEvent(deviceID: id, kind: .offline(reason: "started offline"))) }
            }
        }
        try await control.subscribe(Self.controlTopic, qos: .atLeastOnce)

        try await startPlugs()
        await publishZigbeeDevices(control)
        let onlineCount = await countOnline()
        console.err("plugsim: \(options.devices.count) plugs (\(onlineCount) online) on \(options.brokerURL)\n")

        await withTaskGroup(of: Void.self) { group in
            group.addTask { [self] in await showEvents(view) }
            group.addTask { [self] in await handleControl(control) }
            group.addTask { [self] in await saveStates() }
            if let period = options.telePeriod {
                group.addTask { [self] in await sendTelemetry(every: period) }
            }
            if options.table {
                group.addTask { [self] in await redraw(view) }
            }
            let signal = await terminationSignal()
            console.err("plugsim: \(signal == SIGINT ? "SIGINT" : "SIGTERM"): publishing every plug offline\n")
            group.cancelAll()
        }
        await withTaskGroup(of: Void.self) { group in
            for plug in plugs { group.addTask { await plug.shutDown() } }
        }
        try? await saveNow()
        await control.disconnect()
        eventSink.finish()
    }

    private func startPlugs() async throws {
        var pending = plugs[...]
        try await withThrowingTaskGroup(of: Void.self) { group in
            var running = 0
            while let plug = pending.popFirst() {
                let devices = await plug.relays.map(\.device.id)
                if devices.allSatisfy(options.offline.contains) { continue }
                if running >= Self.startConcurrency {
                    try await group.next()
                    running -= 1
                }
                group.addTask { try await plug.connect() }
                running += 1
            }
            try await group.waitForAll()
        }
    }

    private func countOnline() async -> Int {
        var count = 0
        for plug in plugs where await plug.isOnline { count += await plug.relays.count }
        return count
    }

    private func snapshots() async -> [DeviceSnapshot] {
        var all: [DeviceSnapshot] = []
        for plug in plugs { all += await plug.snapshots() }
        return all.sorted { $0.id < $1.id }
    }

    private func showEvents(_ view: LiveView) async {
        for await event in events {
            if Task.isCancelled { return }
            view.show(event)
            if view.redrawDue { view.draw(await snapshots(), broker: options.brokerURL) }
        }
    }

    /// Redraws once a second for the relative times, and after a resize.
    private func redraw(_ view: LiveView) async {
        while !Task.isCancelled {
            view.draw(await snapshots(), broker: options.brokerURL)
            try? await Task.sleep(for: .seconds(1))
        }
    }

    private func sendTelemetry(every period: Duration) async {
        while !Task.isCancelled {
            try? await Task.sleep(for: period)
            if Task.isCancelled { return }
            for plug in plugs { await plug.publishTelemetry() }
        }
    }

    /// Writes the state file after changes, at most every 100 ms.
    private func saveStates() async {
        guard options.stateFile != nil else { return }
        for await _ in saves {
            try? await saveNow()
            try? await Task.sleep(for: .milliseconds(100))
        }
    }

    private func saveNow() async throws {
        guard let file = options.stateFile else { return }
        var states: [String: PowerState] = [:]
        for plug in plugs { states.merge(await plug.powerByDevice) { $1 } }
        try file.save(states)
    }

    /// `plugsim/control`: {"plug":"ID","online":false|true}, {"plug":"ID","drop":0.5}, {"plug":"ID","latencyMs":300},
    /// {"plug":"ID","stuck":true} (commands change nothing; the plug reports the state it stays in),
    /// {"plug":"ID","offlineOnCommand":true} (the next command takes the plug offline before it reports),
    /// {"plug":"ID","flapMs":200} (offline and back every 200 ms; 0 stops it, online),
    /// {"plug":"ID","remove":true} (taken off the network: its announcements cleared, offline, for good).
    /// A message with a value out of range or of the wrong type changes nothing and is reported in one line.
    private func handleControl(_ control: MQTTClient) async {
        for await message in control.messages where message.topic == Self.controlTopic {
            guard let object = (try? JSONSerialization.jsonObject(with: Data(message.payload))) as? [String: Any],
                let id = object["plug"] as? String
            else {
                let shown = String((message.string ?? "(binary)").prefix(80))
                console.err("plugsim: ignored a control message that is not {\"plug\":\"ID\",…}: \(shown)\n")
                continue
            }
            guard let plug = plugByDevice[id] else {
                console.err("plugsim: ignored a control message for unknown plug '\(id.prefix(80))'\n")
                continue
            }
            let online = object["online"], dropValue = (object["drop"] as? NSNumber)?.doubleValue
            let latencyValue = (object["latencyMs"] as? NSNumber)?.doubleValue
            if let problem = Self.controlProblem(object) {
                console.err("plugsim: ignored a control message for '\(id)': \(problem)\n")
                continue
            }
            if object["remove"] as? Bool == true {
                removed.withLock { $0.formUnion(plugByDevice.filter { $0.value === plug }.keys) }
                flapping.withLock { $0.removeValue(forKey: id) }?.cancel()
                await plug.remove()
                await publishZigbeeDevices(control)
                console.err("plugsim: \(id) removed: its announcements cleared, offline\n")
                continue
            }
            if removed.withLock({ $0.contains(id) }) {
                console.err("plugsim: ignored a control message for '\(id)': it was removed\n")
                continue
            }
            if let online = online as? Bool {
                if online {
                    do { try await plug.connect() } catch { console.err("plugsim: \(id) could not come back: \(error)\n") }
                } else {
                    await plug.dropConnection()
                }
            }
            let stuck = object["stuck"] as? Bool, offlineOnCommand = object["offlineOnCommand"] as? Bool
            if dropValue != nil || latencyValue != nil || stuck != nil || offlineOnCommand != nil {
                await plug.setFaults(
                    drop: dropValue, latency: latencyValue.map { .milliseconds($0) }, stuck: stuck, offlineOnCommand: offlineOnCommand)
            }
            if let period = (object["flapMs"] as? NSNumber)?.doubleValue { await flap(plug, id: id, every: .milliseconds(period)) }
        }
    }

    /// Zigbee2MQTT's retained device list of each base topic, of the plugs not removed (as the bridge publishes it
    /// when a device joins or leaves).
    private func publishZigbeeDevices(_ control: MQTTClient) async {
        var byBase: [String: [(channel: PlugChannel, devices: [Device])]] = [:]
        let gone = removed.withLock { $0 }
        for plug in plugs where plug.channel.protocol == .zigbee2mqtt {
            let devices = await plug.relays.map(\.device).filter { !gone.contains($0.id) }
            byBase[plug.channel.baseTopic ?? "zigbee2mqtt", default: []] += devices.isEmpty ? [] : [(plug.channel, devices)]
        }
        for (base, plugs) in byBase.sorted(by: { $0.key < $1.key }) {
            try? await control.publish("\(base)/bridge/devices", Announcements.zigbeeDevices(plugs), qos: .atLeastOnce, retain: true)
        }
    }

    /// Takes the plug offline and back every `period`, until a period of zero (then it stays online).
    private func flap(_ plug: SimulatedPlug, id: String, every period: Duration) async {
        // The flapping before is over before anything else is done: cancelled mid-way, it could drop the connection
        // after the stop below brought it back, and the plug stayed offline for good.
        if let previous = flapping.withLock({ $0.removeValue(forKey: id) }) {
            previous.cancel()
            await previous.value
        }
        guard period > .zero else {
            if !(await plug.isOnline) { try? await plug.connect() }
            return
        }
        let task = Task {
            while !Task.isCancelled {
                await plug.dropConnection()
                try? await Task.sleep(for: period)
                guard !Task.isCancelled else { break }
                try? await plug.connect()
                try? await Task.sleep(for: period)
            }
        }
        flapping.withLock { $0[id] = task }
    }

    /// What is wrong with a control message's values, if anything.
    private static func controlProblem(_ object: [String: Any]) -> String? {
        if let online = object["online"], !(online is Bool) { return "\"online\" must be true or false" }
        if let remove = object["remove"], !(remove is Bool) { return "\"remove\" must be true or false" }
        if let drop = object["drop"], !((drop as? NSNumber).map { (0...1).contains($0.doubleValue) } ?? false) {
            return "\"drop\" must be a fraction from 0 to 1"
        }
        if let latency = object["latencyMs"], !((latency as? NSNumber).map { (0...600_000).contains($0.doubleValue) } ?? false) {
            return "\"latencyMs\" must be 0 to 600000 milliseconds"
        }
        for flag in ["stuck", "offlineOnCommand"] where object[flag] != nil && !(object[flag] is Bool) {
            return "\"\(flag)\" must be true or false"
        }
        if let flap = object["flapMs"], !((flap as? NSNumber).map { (0...600_000).contains($0.doubleValue) } ?? false) {
            return "\"flapMs\" must be 0 to 600000 milliseconds"
        }
        return nil
    }
}
