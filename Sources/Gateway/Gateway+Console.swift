import Foundation
import SpeechAudio
import Storage
import VoiceShortcuts

/// What the web console asks of the gateway in its own process: the same operations as over MQTT, answered
/// directly, with every change also told to the other watchers (`events()`).
extension Gateway {
    /// The events from now on, until the gateway stops or the stream is dropped.
    public func watch() -> AsyncStream<GatewayEvent> { events.watch() }

    /// The configured devices, in the configuration's order.
    public var deviceList: [Device] { devices.list }

    /// Each configured plug's status as `voiceplug/plugs/<id>` has it (state and availability null until heard).
    public func plugStatusesJSON() -> [String] {
        let current = devices
        return current.list.map { device in
            statusJSON(current.tracker.status(of: device.id) ?? PlugStatus(deviceID: device.id, state: nil, online: nil, updated: nil))
        }
    }

    /// Each voice shortcut whose phrase also says another command (a device added or renamed since), by id: what
    /// it also means. The shortcut wins.
    public func shadowedShortcutMeanings() -> [UUID: String] {
        shadowedShortcuts.withLock { $0.mapValues(\.alsoMeans) }
    }

    /// The registry the gateway uses (add, edit and delete through it are used at once).
    public var voiceShortcuts: VoiceShortcutCenter { registry }

    /// Suggested shortcuts: pairs switched by phrase at least twice without one. Empty without a SQLite store.
    public func suggestions() throws -> [ShortcutSuggestion] {
        try recentPhrases?.suggestions(minimumCount: 2) ?? []
    }

    /// After the registry changed here: the change number is published (`voiceplug/registry`) and watchers told.
    public func registryChanged() async { await refreshRegistry() }

    /// Handles a phrase as `voiceplug/phrase` does, and returns its result; watchers see it too.
    public func handle(text: String) async -> PhraseResult {
        let arrived = ContinuousClock.now
        let request = PhraseRequest(text: text)
        let result = await process(request, from: "console", arrived: arrived)
        logResult(of: request, result)
        events.send(.result(json: result.json))
        return result
    }

    /// Hears a WAV file and handles the phrase heard, as `voiceplug/audio` does. Audio that is no WAV file is
    /// refused (`invalid_input`).
    public func handle(wav: [UInt8]) async -> PhraseResult {
        let arrived = ContinuousClock.now
        let request = PhraseRequest(text: "")
        let audio: RecognizerAudio
        switch Self.audio(wav) {
        case .success(let read): audio = read
        case .failure(let invalid): return Self.spokenFailure(request.id, .invalidInput, invalid.message)
        }
        return await handle(audio: audio, arrived: arrived)
    }

    /// Hears `audio` (a microphone's utterance: `run --listen`) and handles the phrase heard, as `voiceplug/audio`
    /// does; the result's text is what was heard (empty when nothing known was).
    /// `asker` says who speaks, for a question asked back (see `Gateway+Questions`); with `publishing`, the result
    /// is also published on `voiceplug/result`, as a phrase from the broker's would be (`run --listen`). After a
    /// doubtful wake phrase (`afterDoubtfulWake`: chatter, as often as not) an utterance heard as nothing known is
    /// neither logged nor published. With `onlyReply` (said after a question without the wake phrase) it is heard
    /// as the question's yes or no alone: anything else is nothing known, never a command.
    public func handle(
        audio: RecognizerAudio, from asker: String = "console", publishing: Bool = false, afterDoubtfulWake: Bool = false,
        onlyReply: Bool = false, arrived: ContinuousClock.Instant = .now
    ) async -> PhraseResult {
        let request = PhraseRequest(text: "")
        guard settings.speech else { return Self.spokenFailure(request.id, .invalidInput, "speech recognition is off (--no-speech)") }
        let (result, heard) = await hear(audio, as: request, arrived: arrived, asker: asker, onlyReply: onlyReply)
        if afterDoubtfulWake, heard == nil, result.question == nil { return result }
        if let heard { logResult(of: heard, result) } else { log.log(.info, "\(result.id) audio → \(result.json)") }
        if publishing {
            await answer(heard ?? request, with: result, intent: result.recognizedIntent)
        } else {
            events.send(.result(json: result.json))
        }
        return result
    }

    /// The devices' names by id, as answers say them.
    public var deviceNames: [String: String] { devices.byID.mapValues(\.name) }

    /// Switches device `id` to `state` and waits for its confirmation, as a phrase would; nil when no device
    /// has that id.
    public func switchPlug(_ id: String, to state: PowerState) async -> PhraseResult? {
        guard devices.byID[id] != nil else { return nil }
        let arrived = ContinuousClock.now
        let request = PhraseRequest(text: "")
        let result = await execute(ToggleStateIntent(deviceID: id, state: state), for: request, by: nil, arrived: arrived, record: false)
        logResult(of: request, result)
        events.send(.result(json: result.json))
        return result
    }
}
