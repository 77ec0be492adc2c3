import Foundation
import JSONText
import MQTT
import PlugProtocols
import PocketSphinx
import Speech
import SpeechAudio
import Storage
import Synchronization
import VoiceAdaptation
import VoiceShortcuts

/// The gateway: phrases in, plugs switched and confirmed, results out.
///
/// Several instances may share a broker: each has its own client id, and
/// with a share group the phrase topics become MQTT 5 shared subscriptions,
/// so each phrase is handled once; every instance tracks every plug.
public final class Gateway: Sendable {
    public struct Settings: Sendable {
        public var broker: MQTTConfiguration
        public var brokerURL: String
        public var configuration: VoicePlugConfiguration
        /// How often the registry is checked for other processes' changes.
        public var refreshInterval: Duration = .milliseconds(250)
        /// An MQTT 5 shared-subscription group for the phrase topics.
        public var shareGroup: String?
        /// This gateway's name among several on one broker: its status is `voiceplug/status/<instance>`.
        public var instance = Settings.defaultInstance
        /// Whether to load the speech recognizer for `voiceplug/audio`.
        public var speech = true
        /// The speaker's adaptation of the acoustic model (`voiceplug adapt`), if any.
        /// The least margin a spoken command must clear (`SpeechRecognizer.threshold`).
        public var speechThreshold = SpeechRecognizer.defaultThreshold
        public var speechAdaptation: SpeakerAdaptation?
        /// The file the adaptation comes from, followed while the gateway runs
        /// (written, replaced or deleted: the recognizer follows).
        public var speechAdaptationPath: String?
        /// Learning the household's voices from the spoken commands the plugs
        /// confirmed (`VoiceLearning`), if on. An adaptation at
        /// `speechAdaptationPath` is preferred to the learned one.
        public var learning: VoiceLearning.Settings?
        /// Whether plugs that announce themselves are controlled too (`Discovery`); the configuration's
        /// `"discovery"`, or `--no-discovery`.
        public var discovery = true

        public init(broker: MQTTConfiguration, brokerURL: String, configuration: VoicePlugConfiguration, shareGroup: String? = nil) {
            self.broker = broker
            self.brokerURL = brokerURL
            self.configuration = configuration
            self.shareGroup = shareGroup
        }

        var confirmTimeout: Duration { .milliseconds(configuration.confirmTimeoutMs) }

        /// The host's name, as an instance name may hold it.
        public static var defaultInstance: String {
            let name = ProcessInfo.processInfo.hostName.filter(isInstanceCharacter)
            return name.isEmpty ? "gateway" : String(name.prefix(64))
        }

        /// Whether `name` may name an instance: 1 to 64 letters, digits, '-', '_' or '.' (a topic level and a
        /// client id alike).
        public static func isValidInstance(_ name: String) -> Bool {
            !name.isEmpty && name.count <= 64 && name.allSatisfy(isInstanceCharacter)
        }

        private static func isInstanceCharacter(_ character: Character) -> Bool {
            character.isLetter || character.isNumber || character == "-" || character == "_" || character == "."
        }
    }

    public static let plugsTopicPrefix = "voiceplug/plugs/"

    let settings: Settings
    let registry: VoiceShortcutCenter
    let log: GatewayLog
    /// The devices controlled now (the configuration's and the announced ones), swapped whole when they change.
    let deviceSet: Mutex<DeviceSet>
    /// Where the devices come from: the configuration, and the plugs' announcements with the person's names.
    let directory: DeviceDirectory
    /// Reads the plugs' announcements, when discovery is on.
    let discovery: Discovery?
    /// Asks for the devices to be installed again (an announcement or a rename came); requests made meanwhile are
    /// one.
    let deviceChanges: AsyncStream<Void>.Continuation
    let deviceChangeRequests: AsyncStream<Void>
    var devices: DeviceSet { deviceSet.withLock { $0 } }
    let lanes = CommandLanes()
    let client: MQTTClient
    /// The warm recognizer for `voiceplug/audio` and Hermes audio, on a thread of its own; loaded after start,
    /// and audio that comes meanwhile waits in its queue.
    let speech = RecognitionWorker()
    /// The shortcut store's change number last published on `voiceplug/registry`.
    let publishedVersion = Mutex<Int64?>(nil)
    /// The store's device change number whose devices are installed, and the one last published.
    let installedDevicesVersion: Mutex<Int64>
    let publishedDevicesVersion = Mutex<Int64?>(nil)
    /// What keeps confirmed spoken commands and learns from them, if on.
    let learning: VoiceLearning?
    /// A second connection whose will says this instance is offline (`voiceplug/status/<instance>`); the main
    /// one's will says so of the gateway as a whole (`voiceplug/status`).
    let presence: MQTTClient
    /// The other instances' statuses as their retained messages say, and whether this one is stopping.
    let instances = Mutex<InstanceStatuses>(InstanceStatuses())

    /// Where requesters' phrase ids are kept with their answers, when the store is SQLite's.
    let recentPhrases: SQLiteShortcutStore?
    /// Requesters' phrase ids being handled now, finished when answered.
    let handling = Mutex<[String: Completion]>([:])
    /// Plug changes, results and shortcut changes, for those watching (`events()`).
    let events = GatewayEvents()
    /// Questions asked back, by asker (see `Gateway+Questions`).
    let questions = AskedQuestions()
    /// The voice shortcuts whose phrase also says another command, by id (`reportShadowedShortcuts`).
    let shadowedShortcuts = Mutex<[UUID: (phrase: String, alsoMeans: String)]>([:])

    /// With `recentPhrases`, a phrase delivered again with the same requester id (after a crash) is answered
    /// again, not executed again.
    /// `deviceStore` keeps the announced devices and the person's names for them (else they are kept in memory).
    public init(
        settings: Settings, registry: VoiceShortcutCenter, log: GatewayLog, recentPhrases: SQLiteShortcutStore? = nil,
        deviceStore: SQLiteShortcutStore? = nil
    ) throws {
        self.settings = settings
        self.recentPhrases = recentPhrases
        self.registry = registry
        self.log = log
        let configuration = settings.configuration
        directory = DeviceDirectory(configured: configuration.devices, store: deviceStore)
        discovery =
            settings.discovery
            ? Discovery(
                zigbeeBase: configuration.baseTopics[.zigbee2mqtt], shellyRoot: configuration.baseTopics[.shelly],
                homeAssistantPrefix: configuration.discoveryPrefix) : nil
        let (requests, changes) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        (deviceChangeRequests, deviceChanges) = (requests, changes)
        var initial = configuration.devices
        do {
            let (devices, notes) = try directory.devices()
            initial = devices
            for note in notes { log.log(.info, note) }
        } catch {
            log.log(.warning, "cannot read the announced devices from the store: \(error)")
        }
        self.deviceSet = Mutex(DeviceSet(initial))
        installedDevicesVersion = Mutex((try? directory.version()) ?? 0)
        var broker = settings.broker
        // A persistent session under a name of its own: phrases sent while the gateway restarts after a crash are
        // kept by the broker and delivered. It expires a minute after the gateway went: a phrase queued longer is
        // stale and must not switch anything.
        broker.clientID = "voiceplug-gateway-\(settings.instance)"
        broker.cleanSession = false
        broker.sessionExpiry = 60
        broker.protocolVersion = .v5
        broker.will = .init(topic: PhraseTopics.status, payload: "offline", qos: .atLeastOnce, retain: true)
        client = try MQTTClient(broker)
        broker.clientID = "voiceplug-presence-\(UUID().uuidString.prefix(8).lowercased())"
        broker.will = .init(topic: Self.instanceTopic(settings.instance), payload: "offline", qos: .atLeastOnce, retain: true)
        presence = try MQTTClient(broker)
        do {
            learning = try settings.learning.map { try VoiceLearning($0) { log.log($0 ? .warning : .info, $1) } }
        } catch {
            learning = nil
            log.log(.warning, "not learning from spoken commands: cannot use \(settings.learning?.folder ?? ""): \(error)")
        }
    }

    /// The adaptations' files the recognizer follows, the preferred first.
    var adaptationPaths: [String] { [settings.speechAdaptationPath, settings.learning?.learnedPath].compactMap { $0 } }

    /// Serves until the task running it is cancelled (SIGINT or SIGTERM in `voiceplug run`), then stops as
    /// `run(until:)` does: the phrases in flight are answered first.
    public func run() async throws {
        let stopped = Completion()
        // The service runs in a task of its own so that cancelling this one starts the graceful stop instead of
        // cancelling its children at once: the receiving loop must go on reading the plugs' confirmations.
        let service = Task { try await serve(until: stopped) }
        try await withTaskCancellationHandler {
            try await service.value
        } onCancel: {
            stopped.finish()
        }
    }

    /// Connects, serves until `stop` returns, then answers or fails every phrase in flight, publishes `offline`
    /// and disconnects; the client is disconnected on every way out.
    public func run(until stop: @escaping @Sendable () async -> Void) async throws {
        let stopped = Completion()
        Task {
            await stop()
            stopped.finish()
        }
        try await serve(until: stopped)
    }

    /// `run`'s work, until `stopped` is finished.
    private func serve(until stopped: Completion) async throws {
        // Started before its broker (at boot): waits for it, one log line each way.
        // The presence connection first: it finds out whether this instance's name is taken before the main
        // connection, whose client id is that name, would take over the other's session.
        let reached = try await presence.connect(
            waiting: { error in log.log(.warning, "waiting for the broker at \(settings.brokerURL): \(error)") },
            pause: { delay in await stopped.wait(within: delay) })
        guard reached else {
            log.log(.info, "stopped before the broker at \(settings.brokerURL) was reached")
            return
        }
        do {
            try await ensureInstanceIsFree()
            try await client.connect()
            try await subscribeAndAnnounce()
            try await startDiscovery()
        } catch {
            await client.disconnect()  // start-up failed after connecting: leave nothing connected
            await presence.disconnect()
            throw error
        }
        // State reports are not retained (Tasmota, Shelly): ask every plug.
        for device in devices.byID.values { await queryState(of: device) }
        log.log(.info, "gateway online on \(settings.brokerURL): \(devices.byID.count) devices, \(registry.index.count) voice shortcuts")
        reportShadowedShortcuts()
        if settings.speech { startSpeech() }

        let (arrivals, incoming) = AsyncStream<Arrival>.makeStream(bufferingPolicy: .bufferingOldest(Self.queueLimit))
        let handled = Completion()
        await withTaskGroup(of: Void.self) { group in
            group.addTask { [self] in await receive(into: incoming) }
            group.addTask { [self] in await watchFiles() }
            group.addTask { [self] in await watchConnection() }
            group.addTask { [self] in await installDeviceChanges() }
            group.addTask { [self] in
                await handle(arrivals)
                handled.finish()
            }
            await stopped.wait()
            log.log(.info, "stopping: answering the phrases in flight")
            incoming.finish()  // no new phrases; plug reports still come in
            if await !handled.wait(within: settings.confirmTimeout + .seconds(1)) {
                await lanes.cancelAll()
                _ = await handled.wait(within: .seconds(1))
            }
            await learning?.finish(within: .seconds(20))
            await announceOffline(within: .seconds(2))
            // Disconnecting fails whatever still waits for the broker (a publish parked while it is gone) and ends
            // `messages`, so the children end too: with the broker gone, they waited for a reconnect before.
            await client.disconnect()
            await presence.disconnect()
            speech.stop()
            events.finish()
            deviceChanges.finish()
            group.cancelAll()
        }
        log.log(.info, "gateway offline")
    }

    /// How many phrases may wait to be handled; more are answered `overloaded`.
    static let queueLimit = 10_000
    /// How many phrases are handled at once (each mostly waits for its plug).
    static let concurrencyLimit = 64

    /// One log line when the broker is lost, one when it is back (the client reconnects by itself).
    func watchConnection() async {
        var lost = false
        for await state in client.states() {
            switch state {
            case .reconnecting where !lost:
                lost = true
                log.log(.warning, "lost the broker at \(settings.brokerURL); reconnecting")
            case .connected where lost:
                lost = false
                log.log(.info, "the broker at \(settings.brokerURL) is back")
            default: break
            }
        }
    }

    private func subscribeAndAnnounce() async throws {
        try await client.subscribe(PhraseTopics.status, qos: .atLeastOnce)
        try await client.subscribe(PhraseTopics.status + "/+", qos: .atLeastOnce)
        for filter in devices.tracker.filters { try await client.subscribe(filter, qos: .atLeastOnce) }
        let share = settings.shareGroup.map { "$share/\($0)/" } ?? ""
        try await client.subscribe(PhraseTopics.registryChanged, qos: .atLeastOnce)
        for topic in [PhraseTopics.phrase, PhraseTopics.hermesQuery, PhraseTopics.hermesTextCaptured]
            + (settings.speech ? [PhraseTopics.audio, PhraseTopics.hermesAudioFrames] : [])
        {
            try await client.subscribe(share + topic, qos: .atLeastOnce)
        }
        try await announceOnline()
        await refreshRegistry()
    }
}

func jsonString(_ text: String) -> String { JSON.string(text) }
