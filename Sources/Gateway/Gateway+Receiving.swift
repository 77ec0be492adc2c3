import Foundation
import MQTT
import PocketSphinx
import Speech
import SpeechAudio
import VoiceAdaptation
import VoiceShortcuts

/// What arrives: plug reports, the registry's and the configuration's changes, and speech.
extension Gateway {
    func receive() async {
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
                    inFlight.enter()
                else { continue }
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

    func apply(_ report: PlugReport) async {
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
    func queryState(of device: Device) async {
        let query = device.channel.stateQueryMessage(relay: device.relay)
        try? await client.publish(query.topic, query.payload, qos: .atLeastOnce, awaitAcknowledgement: false)
    }

    /// Retained `voiceplug/plugs/<id>`: what `voiceplug plugs` shows.
    func publishStatus(_ status: PlugStatus) async {
        let device = devices.byID[status.deviceID]
        let state = status.state.map { "\"\($0.rawValue)\"" } ?? "null"
        let online = status.online.map { $0 ? "true" : "false" } ?? "null"
        let updated = status.updated.map { "\"\($0.formatted(.iso8601))\"" } ?? "null"
        let payload =
            "{\"id\":\"\(status.deviceID)\",\"name\":\(jsonString(device?.name ?? status.deviceID)),"
            + "\"protocol\":\"\(device?.protocol.rawValue ?? "")\",\"state\":\(state),\"online\":\(online),\"updatedAt\":\(updated)}"
        try? await client.publish(Self.plugsTopicPrefix + status.deviceID, payload, qos: .atLeastOnce, retain: true)
    }

    /// Follows the shortcut store (other processes' changes), the
    /// configuration file's devices and the speaker adaptation's file; the
    /// speech recognizer follows all three.
    func refreshRegistry() async {
        var phrases = Set(registry.index.all.map(\.normalizedPhrase))
        var devicesInGrammar = devices.list
        var file = settings.configuration.path.map(ConfigurationFile.init)
        var adaptationFiles = adaptationPaths.map(ConfigurationFile.init)
        var adaptation = settings.speechAdaptation
        while !Task.isCancelled {
            try? await Task.sleep(for: settings.refreshInterval)
            do { try registry.refresh() } catch { log.log(.warning, "cannot read the shortcut store: \(error)") }
            if let previous = file, let changed = previous.changed() {
                file = changed
                await reloadDevices(from: changed.path)
            }
            let nowFiles = adaptationFiles.map { $0.changed() ?? $0 }
            if nowFiles.map(\.stamp) != adaptationFiles.map(\.stamp), let recognizer = speech.current {
                adaptationFiles = nowFiles
                let (shortcutPhrases, currentDevices) = (Set(registry.index.all.map(\.normalizedPhrase)), devices.list)
                let (paths, before) = (adaptationPaths, adaptation)
                let (readjusted, now) = await onOwnThread { [self] in
                    var now = before
                    return (readjust(recognizer, from: paths, adaptation: &now), now)
                }
                adaptation = now
                if readjusted {
                    (phrases, devicesInGrammar) = (shortcutPhrases, currentDevices)
                }
            }
            // New or changed phrases or devices: the speech grammar follows (the old decoder serves meanwhile).
            let current = Set(registry.index.all.map(\.normalizedPhrase)), currentDevices = devices.list
            if current != phrases || currentDevices != devicesInGrammar, let recognizer = speech.current {
                phrases = current
                devicesInGrammar = currentDevices
                let shortcuts = registry.allVoiceShortcuts(), log = log
                await onOwnThread {
                    do {
                        try recognizer.rebuild(devices: currentDevices, shortcuts: shortcuts)
                        log.log(.info, "speech grammar rebuilt: \(currentDevices.count) devices, \(current.count) voice shortcuts")
                    } catch {
                        log.log(.warning, "cannot rebuild the speech grammar: \(error)")
                    }
                }
            }
        }
    }

    /// Swaps in a recognizer for `recognizer` with the speaker adaptation of
    /// the first of `paths` that is there as it is now (none when none is),
    /// the devices and the shortcuts, when that is not `adaptation` already;
    /// whether it did. A file that is no adaptation keeps the one there was,
    /// with a warning.
    func readjust(_ recognizer: SpeechRecognizer, from paths: [String], adaptation: inout SpeakerAdaptation?) -> Bool {
        do {
            let path = paths.first { FileManager.default.fileExists(atPath: $0) }
            let now = try path.map { path throws(SpeechError) in try SpeakerAdaptation(contentsOf: path) }
            guard now != adaptation else { return false }
            speech.fill(
                try SpeechRecognizer(
                    devices: devices.list, shortcuts: registry.allVoiceShortcuts(),
                    threshold: recognizer.threshold, adaptation: now))
            adaptation = now
            log.log(.info, now.map { "speech recognition adapted to \(describe($0))" } ?? "speech recognition no longer adapted")
            return true
        } catch {
            log.log(.warning, "speaker adaptation not reloaded, speech is heard as before: \(error)")
            return false
        }
    }

    /// Whose voice an adaptation fits, for the log.
    func describe(_ adaptation: SpeakerAdaptation) -> String {
        adaptation.path == settings.learning?.learnedPath ? "the voices heard (\(adaptation.path))" : "the speaker of \(adaptation.path)"
    }

    /// Reads the changed configuration file and swaps in its devices: new
    /// plugs are subscribed to and asked for their state, removed ones are
    /// dropped (their retained status is cleared). A file that does not load
    /// keeps the devices as they were. The broker and other settings need a restart.
    func reloadDevices(from path: String) async {
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
    enum Heard {
        case phrase(PhraseRequest, RecognizerAudio)
        case answer(PhraseResult)
    }

    /// A WAV payload on `voiceplug/audio` becomes a phrase, or an answer (`not_recognized`, `invalid_input`).
    func hear(_ message: MQTTMessage) async -> Heard {
        let id = UUID().uuidString.lowercased()
        guard message.payload.count <= PhraseTopics.maximumAudioPayload else {
            return .answer(
                Self.spokenFailure(
                    id, .invalidInput,
                    "the audio has \(message.payload.count) bytes; at most \(PhraseTopics.maximumAudioPayload) are accepted"))
        }
        let audio: RecognizerAudio
        do { audio = try WAVReader.read(message.payload) } catch { return .answer(Self.spokenFailure(id, .invalidInput, "\(error)")) }
        return await hear(
            audio,
            as: PhraseRequest(
                text: "", id: id, replyTo: message.properties.responseTopic,
                correlationData: message.properties.correlationData))
    }

    /// Recognizes `audio`; the phrase heard takes `request`'s place.
    func hear(_ audio: RecognizerAudio, as request: PhraseRequest) async -> Heard {
        guard let recognizer = await speech.wait() else {
            return .answer(Self.spokenFailure(request.id, .invalidInput, "speech recognition is not available"))
        }
        guard let heard = await onOwnThread({ try? recognizer.recognize(audio) }), let text = heard.text else {
            return .answer(Self.spokenFailure(request.id, .notRecognized, "nothing known was heard"))
        }
        var phrase = request
        phrase.text = text
        phrase.speechConfidence = heard.confidence
        return .phrase(phrase, audio)
    }

    private static func spokenFailure(_ id: String, _ code: PhraseResult.ErrorCode, _ message: String) -> PhraseResult {
        PhraseResult(id: id, text: "", outcome: .failed(code, message: message, intent: nil), speechConfidence: 0)
    }

    /// An utterance cut from a Hermes site's audio frames, answered the Hermes way.
    func handleSpoken(_ audio: RecognizerAudio, site: String, arrived: ContinuousClock.Instant) async {
        let request = PhraseRequest(text: "", origin: .hermes(sessionID: nil, siteID: site))
        await respond(to: await hear(audio, as: request), request: request, arrived: arrived)
    }

    /// Acts on what was heard and answers.
    func respond(to heard: Heard, request: PhraseRequest, arrived: ContinuousClock.Instant) async {
        switch heard {
        case .phrase(let phrase, let audio):
            log.log(.info, "\(phrase.id) heard \"\(phrase.text)\" (confidence \(String(format: "%.2f", phrase.speechConfidence ?? 0)))")
            var result = await process(phrase, arrived: arrived)
            result.speechConfidence = phrase.speechConfidence
            await answer(phrase, with: result, intent: result.recognizedIntent)
            // Heard and confirmed by the plug: a recording with its text, to learn the voice from.
            if case .switched(let intent, _, _) = result.outcome { learning?.keep(audio, heard: phrase.text, intent: intent) }
        case .answer(let result):
            log.log(.info, "\(result.id) audio → \(result.json)")
            await answer(request, with: result, intent: nil)
        }
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

/// Runs `work` on a thread of its own and waits for it without holding a
/// cooperative thread: there are as many of those as cores (two here), and
/// the gateway's messages, typed phrases and plug confirmations included,
/// need them. Hearing an utterance takes a second of CPU, building a
/// recognizer more; two utterances at once held both threads, and a typed
/// phrase behind them waited that long.
func onOwnThread<Result: Sendable>(_ work: @escaping @Sendable () -> Result) async -> Result {
    await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: work()) }.start()
    }
}
