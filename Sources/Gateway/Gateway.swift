import Foundation
import JSONText
import MQTT
import PlugProtocols
import Speech
import Storage
import Synchronization
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
        /// Whether to load the speech recognizer for `voiceplug/audio`.
        public var speech = true
        /// The speaker's adaptation of the acoustic model (`voiceplug adapt`), if any.
        public var speechAdaptation: SpeakerAdaptation?

        public init(broker: MQTTConfiguration, brokerURL: String, configuration: VoicePlugConfiguration, shareGroup: String? = nil) {
            self.broker = broker
            self.brokerURL = brokerURL
            self.configuration = configuration
            self.shareGroup = shareGroup
        }

        var confirmTimeout: Duration { .milliseconds(configuration.confirmTimeoutMs) }
    }

    public static let plugsTopicPrefix = "voiceplug/plugs/"

    private let settings: Settings
    private let registry: VoiceShortcutCenter
    private let log: GatewayLog
    /// The configuration's devices, swapped whole when the file changes.
    private let deviceSet: Mutex<DeviceSet>
    private var devices: DeviceSet { deviceSet.withLock { $0 } }
    private let lanes = CommandLanes()
    private let client: MQTTClient
    private let inFlight = InFlight()
    /// The warm recognizer for `voiceplug/audio`, loaded in the background
    /// after start; audio waits for it.
    private let speech = SpeechSlot()
    /// One utterance detector per Hermes site.
    private let sites = Mutex<[String: UtteranceDetector]>([:])

    public init(settings: Settings, registry: VoiceShortcutCenter, log: GatewayLog) throws {
        self.settings = settings
        self.registry = registry
        self.log = log
        self.deviceSet = Mutex(DeviceSet(settings.configuration.devices))
        var broker = settings.broker
        broker.clientID = "voiceplug-gateway-\(UUID().uuidString.prefix(8).lowercased())"
        broker.protocolVersion = .v5
        broker.will = .init(topic: PhraseTopics.status, payload: "offline", qos: .atLeastOnce, retain: true)
        client = try MQTTClient(broker)
    }

    /// Connects, serves until `stop` returns, then answers or fails every
    /// phrase in flight, publishes `offline` and disconnects.
    public func run(until stop: @escaping @Sendable () async -> Void) async throws {
        try await client.connect()
        for filter in devices.tracker.filters { try await client.subscribe(filter, qos: .atLeastOnce) }
        let share = settings.shareGroup.map { "$share/\($0)/" } ?? ""
        for topic in [PhraseTopics.phrase, PhraseTopics.hermesQuery, PhraseTopics.hermesTextCaptured]
            + (settings.speech ? [PhraseTopics.audio, PhraseTopics.hermesAudioFrames] : []) {
            try await client.subscribe(share + topic, qos: .atLeastOnce)
        }
        try await client.publish(PhraseTopics.status, "online", qos: .atLeastOnce, retain: true)
        // State reports are not retained (Tasmota, Shelly): ask every plug.
        for device in devices.byID.values { await queryState(of: device) }
        log.log(.info, "gateway online on \(settings.brokerURL): \(devices.byID.count) devices, \(registry.index.count) voice shortcuts")

        await withTaskGroup(of: Void.self) { group in
            if settings.speech {
                // Loaded off the cooperative threads: two decoders take a moment of CPU.
                let devices = settings.configuration.devices, shortcuts = registry.allVoiceShortcuts(), log = log, speech = speech
                let adaptation = settings.speechAdaptation
                Thread {
                    do {
                        speech.fill(try SpeechRecognizer(devices: devices, shortcuts: shortcuts, adaptation: adaptation))
                        log.log(.info, "speech recognition ready" + (adaptation.map { ", adapted to the speaker of \($0.path)" } ?? ""))
                    } catch {
                        speech.fill(nil)
                        log.log(.warning, "no speech recognition: \(error)")
                    }
                }.start()
            }
            group.addTask { [self] in await receive() }
            group.addTask { [self] in await refreshRegistry() }
            await stop()
            log.log(.info, "stopping: answering \(inFlight.count) phrase(s) in flight")
            inFlight.close()
            await inFlight.drained(within: settings.confirmTimeout + .seconds(1))
            await lanes.cancelAll()
            await inFlight.drained(within: .seconds(1))
            group.cancelAll()
        }
        // Not awaiting the acknowledgement: if the broker is gone, shutdown must
        // not wait for a reconnect; if it is there, it gets this before DISCONNECT.
        try? await client.publish(PhraseTopics.status, "offline", qos: .atLeastOnce, retain: true, awaitAcknowledgement: false)
        await client.disconnect()
        log.log(.info, "gateway offline")
    }

    // MARK: Receiving

    private func receive() async {
        for await message in client.messages {
            if Task.isCancelled { return }
            switch message.topic {
            case PhraseTopics.phrase, PhraseTopics.hermesQuery, PhraseTopics.hermesTextCaptured, PhraseTopics.audio:
                guard inFlight.enter() else {
                    log.log(.warning, "ignored a phrase that arrived while stopping")
                    continue
                }
                Task { [self] in
                    await handle(message, arrived: .now)
                    inFlight.leave()
                }
            case let topic where topic.hasPrefix("hermes/audioServer/") && topic.hasSuffix("/audioFrame"):
                let site = String(topic.dropFirst("hermes/audioServer/".count).dropLast("/audioFrame".count))
                guard let frame = try? WAVReader.read(message.payload),
                      let utterance = sites.withLock({ $0[site, default: UtteranceDetector()].add(frame.samples) }),
                      inFlight.enter() else { continue }
                Task { [self] in
                    await handleSpoken(utterance, site: site, arrived: .now)
                    inFlight.leave()
                }
            default:
                for report in devices.tracker.handle(topic: message.topic, payload: message.payload) {
                    await apply(report)
                }
            }
        }
    }

    private func apply(_ report: PlugReport) async {
        switch report {
        case .state(let id, let state):
            await lanes.reported(deviceID: id, state: state)
            log.log(.debug, "\(id) reports \(state)")
        case .availability(let id, let online):
            if !online { await lanes.wentOffline(deviceID: id) }
            log.log(.info, "\(id) is \(online ? "online" : "offline")")
            let current = devices
            if online, current.tracker.status(of: id)?.state == nil, let device = current.byID[id] { await queryState(of: device) }
        }
        if let status = devices.tracker.status(of: report.deviceID) { await publishStatus(status) }
    }

    /// Asks a plug for its state, so that `plugs` knows it before the first command.
    private func queryState(of device: Device) async {
        let query = device.channel.stateQueryMessage(relay: device.relay)
        try? await client.publish(query.topic, query.payload, qos: .atLeastOnce, awaitAcknowledgement: false)
    }

    /// Retained `voiceplug/plugs/<id>`: what `voiceplug plugs` shows.
    private func publishStatus(_ status: PlugStatus) async {
        let device = devices.byID[status.deviceID]
        let state = status.state.map { "\"\($0.rawValue)\"" } ?? "null"
        let online = status.online.map { $0 ? "true" : "false" } ?? "null"
        let updated = status.updated.map { "\"\($0.formatted(.iso8601))\"" } ?? "null"
        let payload = "{\"id\":\"\(status.deviceID)\",\"name\":\(jsonString(device?.name ?? status.deviceID)),"
            + "\"protocol\":\"\(device?.protocol.rawValue ?? "")\",\"state\":\(state),\"online\":\(online),\"updatedAt\":\(updated)}"
        try? await client.publish(Self.plugsTopicPrefix + status.deviceID, payload, qos: .atLeastOnce, retain: true)
    }

    /// Follows the shortcut store (other processes' changes) and the
    /// configuration file's devices; the speech grammar follows both.
    private func refreshRegistry() async {
        var phrases = Set(registry.index.all.map(\.normalizedPhrase))
        var devicesInGrammar = devices.list
        var file = settings.configuration.path.map(ConfigurationFile.init)
        while !Task.isCancelled {
            try? await Task.sleep(for: settings.refreshInterval)
            do { try registry.refresh() } catch { log.log(.warning, "cannot read the shortcut store: \(error)") }
            if let previous = file, let changed = previous.changed() {
                file = changed
                await reloadDevices(from: changed.path)
            }
            // New or changed phrases or devices: the speech grammar follows (the old decoder serves meanwhile).
            let current = Set(registry.index.all.map(\.normalizedPhrase)), currentDevices = devices.list
            if current != phrases || currentDevices != devicesInGrammar, let recognizer = speech.current {
                phrases = current
                devicesInGrammar = currentDevices
                do {
                    try recognizer.rebuild(devices: currentDevices, shortcuts: registry.allVoiceShortcuts())
                    log.log(.info, "speech grammar rebuilt: \(currentDevices.count) devices, \(current.count) voice shortcuts")
                } catch {
                    log.log(.warning, "cannot rebuild the speech grammar: \(error)")
                }
            }
        }
    }

    /// Reads the changed configuration file and swaps in its devices: new
    /// plugs are subscribed to and asked for their state, removed ones are
    /// dropped (their retained status is cleared). A file that does not load
    /// keeps the devices as they were. The broker and other settings need a restart.
    private func reloadDevices(from path: String) async {
        let configuration: VoicePlugConfiguration
        do {
            configuration = try VoicePlugConfiguration.load(from: path)
            guard !configuration.devices.isEmpty else {
                throw ConfigurationError(file: path, key: "devices", problem: "there are no devices to switch")
            }
        } catch {
            log.log(.warning, "configuration not reloaded, the devices stay as they were: \(error)")
            return
        }
        let old = devices
        guard configuration.devices != old.list else { return }
        let fresh = DeviceSet(configuration.devices, carryingOver: old.tracker)
        let oldFilters = Set(old.tracker.filters), newFilters = Set(fresh.tracker.filters)
        // Swapped before subscribing, so the new plugs' retained reports meet the new tracker.
        deviceSet.withLock { $0 = fresh }
        for filter in newFilters.subtracting(oldFilters).sorted() { try? await client.subscribe(filter, qos: .atLeastOnce) }
        for filter in oldFilters.subtracting(newFilters).sorted() { try? await client.unsubscribe(filter) }
        let added = fresh.list.filter { old.byID[$0.id] != $0 }, removed = old.list.filter { fresh.byID[$0.id] == nil }
        for device in removed {
            try? await client.publish(Self.plugsTopicPrefix + device.id, [UInt8](), qos: .atLeastOnce, retain: true)
        }
        for device in added { await queryState(of: device) }
        log.log(.info, "configuration reloaded: \(fresh.list.count) devices (\(added.count) new or changed, \(removed.count) removed)")
    }

    /// What a WAV payload on `voiceplug/audio` gave.
    private enum Heard {
        case phrase(PhraseRequest)
        case answer(PhraseResult)
    }

    /// A WAV payload on `voiceplug/audio` becomes a phrase, or an answer (`not_recognized`, `invalid_input`).
    private func hear(_ message: MQTTMessage) async -> Heard {
        let id = UUID().uuidString.lowercased()
        guard message.payload.count <= PhraseTopics.maximumAudioPayload else {
            return .answer(Self.spokenFailure(id, .invalidInput,
                                              "the audio has \(message.payload.count) bytes; at most \(PhraseTopics.maximumAudioPayload) are accepted"))
        }
        let audio: RecognizerAudio
        do { audio = try WAVReader.read(message.payload) } catch { return .answer(Self.spokenFailure(id, .invalidInput, "\(error)")) }
        return await hear(audio, as: PhraseRequest(text: "", id: id, replyTo: message.properties.responseTopic,
                                                   correlationData: message.properties.correlationData))
    }

    /// Recognizes `audio`; the phrase heard takes `request`'s place.
    private func hear(_ audio: RecognizerAudio, as request: PhraseRequest) async -> Heard {
        guard let recognizer = await speech.wait() else {
            return .answer(Self.spokenFailure(request.id, .invalidInput, "speech recognition is not available"))
        }
        guard let heard = try? recognizer.recognize(audio), let text = heard.text else {
            return .answer(Self.spokenFailure(request.id, .notRecognized, "nothing known was heard"))
        }
        var phrase = request
        phrase.text = text
        phrase.speechConfidence = heard.confidence
        return .phrase(phrase)
    }

    private static func spokenFailure(_ id: String, _ code: PhraseResult.ErrorCode, _ message: String) -> PhraseResult {
        PhraseResult(id: id, text: "", outcome: .failed(code, message: message, intent: nil), speechConfidence: 0)
    }

    /// An utterance cut from a Hermes site's audio frames, answered the Hermes way.
    private func handleSpoken(_ audio: RecognizerAudio, site: String, arrived: ContinuousClock.Instant) async {
        let request = PhraseRequest(text: "", origin: .hermes(sessionID: nil, siteID: site))
        await respond(to: await hear(audio, as: request), request: request, arrived: arrived)
    }

    /// Acts on what was heard and answers.
    private func respond(to heard: Heard, request: PhraseRequest, arrived: ContinuousClock.Instant) async {
        switch heard {
        case .phrase(let phrase):
            log.log(.info, "\(phrase.id) heard \"\(phrase.text)\" (confidence \(String(format: "%.2f", phrase.speechConfidence ?? 0)))")
            var result = await process(phrase, arrived: arrived)
            result.speechConfidence = phrase.speechConfidence
            await answer(phrase, with: result, intent: result.recognizedIntent)
        case .answer(let result):
            log.log(.info, "\(result.id) audio → \(result.json)")
            await answer(request, with: result, intent: nil)
        }
    }

    // MARK: The pipeline

    private func handle(_ message: MQTTMessage, arrived: ContinuousClock.Instant) async {
        let request: PhraseRequest
        if message.topic == PhraseTopics.audio {
            let heard = await hear(message)
            let id: String = switch heard {
            case .phrase(let phrase): phrase.id
            case .answer(let result): result.id
            }
            await respond(to: heard, request: PhraseRequest(text: "", id: id, replyTo: message.properties.responseTopic,
                                                            correlationData: message.properties.correlationData), arrived: arrived)
            return
        }
        switch PhraseRequest.decode(message) {
        case .failure(let invalid):
            let result = PhraseResult(id: invalid.partial.id, text: invalid.partial.text,
                                      outcome: .failed(.invalidInput, message: invalid.message, intent: nil))
            log.log(.info, "\(result.id) invalid_input: \(invalid.message)")
            await answer(invalid.partial, with: result, intent: nil)
            return
        case .success(let decoded):
            request = decoded
        }
        let result = await process(request, arrived: arrived)
        if case .switched(let intent, _, let latency) = result.outcome {
            log.log(.info, "\(request.id) \"\(request.text)\" → \(intent.deviceID) \(intent.state) ok \(String(format: "%.1f", latency)) ms")
        } else if case .failed(let code, let text, _) = result.outcome {
            log.log(.info, "\(request.id) \"\(request.text)\" → \(code.rawValue): \(text)")
        }
        await answer(request, with: result, intent: result.recognizedIntent)
    }

    func process(_ request: PhraseRequest, arrived: ContinuousClock.Instant) async -> PhraseResult {
        func failed(_ code: PhraseResult.ErrorCode, _ message: String, _ intent: ToggleStateIntent? = nil) -> PhraseResult {
            PhraseResult(id: request.id, text: request.text, outcome: .failed(code, message: message, intent: intent))
        }
        let index = registry.index
        let intent: ToggleStateIntent
        let source: MatchSource
        let current = devices
        switch current.matcher.match(request.text, shortcuts: index) {
        case .notRecognized(let reason):
            return failed(.notRecognized, "\(reason)")
        case .recognized(let found, let how):
            intent = found
            source = how
        }
        guard let device = current.byID[intent.deviceID] else {
            return failed(.notRecognized, "the voice shortcut names '\(intent.deviceID)', which is not in the configuration", intent)
        }
        if current.tracker.status(of: device.id)?.online == false {
            return failed(.deviceOffline, "\(device.id) is offline", intent)
        }
        let command = device.channel.commandMessage(relay: device.relay, state: intent.state)
        let client = self.client
        let outcome = await lanes.execute(deviceID: device.id, state: intent.state, timeout: settings.confirmTimeout) {
            try await client.publish(command.topic, command.payload, qos: .atLeastOnce)
        }
        let shortcutID: UUID? = if case .voiceShortcut(let shortcut) = source { shortcut.id } else { nil }
        let confirmed = if case .confirmed = outcome { true } else { false }
        do {
            try registry.store.record(Execution(intent: intent, phrase: request.text, shortcutID: shortcutID,
                                                source: shortcutID == nil ? .command : .shortcut, confirmed: confirmed))
        } catch {
            log.log(.warning, "cannot record the execution: \(error)")
        }
        switch outcome {
        case .confirmed:
            let milliseconds = (ContinuousClock.now - arrived).timeInterval * 1000
            return PhraseResult(id: request.id, text: request.text,
                                outcome: .switched(intent, shortcut: index.voiceShortcut(for: intent.key), latencyMs: milliseconds))
        case .timedOut:
            return failed(.timeout, "\(device.id) did not confirm \(intent.state) within \(settings.configuration.confirmTimeoutMs) ms", intent)
        case .wentOffline:
            return failed(.deviceOffline, "\(device.id) went offline before it confirmed", intent)
        case .sendFailed(let error):
            return failed(.timeout, "the command to \(device.id) could not be sent: \(error)", intent)
        }
    }

    /// Publishes the result where the requester asked, and Hermes's answer.
    private func answer(_ request: PhraseRequest, with result: PhraseResult, intent: ToggleStateIntent?) async {
        let topic = request.replyTo ?? PhraseTopics.result
        let properties = PublishProperties(correlationData: request.correlationData, contentType: "application/json")
        try? await client.publish(topic, result.json, qos: .atLeastOnce, properties: properties)
        if case .hermes(let session, let site) = request.origin {
            await answerHermes(request, intent: intent, sessionID: session, siteID: site)
        }
    }

    private func answerHermes(_ request: PhraseRequest, intent: ToggleStateIntent?, sessionID: String?, siteID: String?) async {
        let session = sessionID.map(jsonString) ?? "null"
        let site = jsonString(siteID ?? "default")
        guard let intent else {
            let payload = "{\"input\":\(jsonString(request.text)),\"sessionId\":\(session),\"siteId\":\(site),\"customData\":null}"
            try? await client.publish(PhraseTopics.hermesNotRecognized, payload, qos: .atLeastOnce)
            return
        }
        func slot(_ name: String, _ value: String, _ start: Int) -> String {
            "{\"entity\":\"\(name)\",\"slotName\":\"\(name)\",\"rawValue\":\(jsonString(value)),\"value\":{\"kind\":\"Unknown\",\"value\":\(jsonString(value))},"
                + "\"confidence\":1.0,\"range\":{\"start\":\(start),\"end\":\(start + value.count)}}"
        }
        let payload = "{\"input\":\(jsonString(request.text)),\"intent\":{\"intentName\":\"ToggleState\",\"confidenceScore\":1.0},"
            + "\"slots\":[\(slot("device", intent.deviceID, 0)),\(slot("state", intent.state.rawValue, 0))],"
            + "\"sessionId\":\(session),\"siteId\":\(site),\"id\":\(jsonString(request.id))}"
        try? await client.publish(PhraseTopics.hermesIntent, payload, qos: .atLeastOnce)
    }
}

extension PhraseResult {
    /// The intent, when the phrase was recognized (whatever happened next).
    var recognizedIntent: ToggleStateIntent? {
        switch outcome {
        case .switched(let intent, _, _): intent
        case .failed(.notRecognized, _, _), .failed(.invalidInput, _, _): nil
        case .failed(_, _, let intent): intent
        }
    }
}

/// Counts phrases in flight; after `close()`, no new ones enter.
final class InFlight: @unchecked Sendable {
    private let lock = NSLock()
    private var active = 0
    private var closed = false

    var count: Int { lock.withLock { active } }

    func enter() -> Bool {
        lock.withLock {
            guard !closed else { return false }
            active += 1
            return true
        }
    }

    func leave() { lock.withLock { active -= 1 } }
    func close() { lock.withLock { closed = true } }

    /// Waits until none is in flight, at most `limit`.
    func drained(within limit: Duration) async {
        let deadline = ContinuousClock.now + limit
        while count > 0 && ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(10)) }
    }
}

private func jsonString(_ text: String) -> String { JSON.string(text) }

/// The configuration's devices and what is built from them.
private struct DeviceSet: Sendable {
    let list: [Device]
    let byID: [String: Device]
    let matcher: PhraseMatcher
    let tracker: PlugTracker

    init(_ devices: [Device], carryingOver previous: PlugTracker? = nil) {
        list = devices
        byID = Dictionary(devices.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        matcher = PhraseMatcher(devices: devices)
        tracker = PlugTracker(devices: devices, carryingOver: previous)
    }
}

/// A configuration file's identity and modification time, to notice edits.
private struct ConfigurationFile: Sendable {
    let path: String
    let stamp: [String]

    init(path: String) {
        self.path = path
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        stamp = [FileAttributeKey.modificationDate, .size, .systemFileNumber].map { "\(attributes?[$0] ?? "-")" }
    }

    /// The file as it is now, if it changed since.
    func changed() -> ConfigurationFile? {
        let now = ConfigurationFile(path: path)
        return now.stamp == stamp ? nil : now
    }
}

/// The recognizer once it is loaded (or known to be unavailable).
final class SpeechSlot: @unchecked Sendable {
    private let lock = NSLock()
    private var state: (filled: Bool, recognizer: SpeechRecognizer?) = (false, nil)

    func fill(_ recognizer: SpeechRecognizer?) { lock.withLock { state = (true, recognizer) } }
    var current: SpeechRecognizer? { lock.withLock { state.recognizer } }

    /// The recognizer, waiting while it loads.
    func wait() async -> SpeechRecognizer? {
        while true {
            let (filled, recognizer) = lock.withLock { state }
            if filled { return recognizer }
            try? await Task.sleep(for: .milliseconds(20))
        }
    }
}
