import Foundation
import MQTT
import Storage
import VoiceShortcuts

/// A phrase's way through the gateway: matched, switched, confirmed and answered.
extension Gateway {
    /// Handles the phrases as they come, up to `concurrencyLimit` at once (each mostly waits for its plug), until
    /// `arrivals` ends and the last one is answered.
    func handle(_ arrivals: AsyncStream<Arrival>) async {
        let slots = Slots(Self.concurrencyLimit)
        await withDiscardingTaskGroup { group in
            for await arrival in arrivals {
                await slots.acquire()
                group.addTask { [self] in
                    await handle(arrival)
                    await slots.release()
                }
            }
        }
    }

    func handle(_ arrival: Arrival) async {
        switch arrival.content {
        case .utterance(let audio, _):
            await handleSpoken(audio, as: request(for: arrival), arrived: arrival.arrived)
        case .message(let message) where message.topic == PhraseTopics.audio:
            let base = request(for: arrival)
            switch Self.audio(message.payload) {
            case .success(let audio): await handleSpoken(audio, as: base, arrived: arrival.arrived)
            case .failure(let invalid): await answer(base, with: Self.spokenFailure(base.id, .invalidInput, invalid.message), intent: nil)
            }
        case .message(let message):
            switch PhraseRequest.decode(message) {
            case .failure(let invalid):
                let result = PhraseResult(
                    id: invalid.partial.id, text: invalid.partial.text,
                    outcome: .failed(.invalidInput, message: invalid.message, intent: nil))
                log.log(.info, cause: "invalid_input", "\(result.id) invalid_input: \(invalid.message)")
                await answer(invalid.partial, with: result, intent: nil)
            case .success(let request):
                guard await isFirstDelivery(of: request) else { return }
                let result = await process(request, from: Self.asker(of: request, fallback: "audio"), arrived: arrival.arrived)
                logResult(of: request, result)
                await answer(request, with: result, intent: result.recognizedIntent)
                recordAnswer(result, to: request)
            }
        }
    }

    /// The request an arrival is answered as, before its text is known: where to answer, and its id.
    func request(for arrival: Arrival) -> PhraseRequest {
        switch arrival.content {
        case .utterance(_, let site):
            return PhraseRequest(text: "", origin: .hermes(sessionID: nil, siteID: site))
        case .message(let message) where message.topic == PhraseTopics.audio:
            return PhraseRequest(
                text: "", replyTo: message.properties.responseTopic, correlationData: message.properties.correlationData)
        case .message(let message):
            switch PhraseRequest.decode(message) {
            case .success(let request): return request
            case .failure(let invalid): return invalid.partial
            }
        }
    }

    /// Answers `arrival` with a failure without acting on it.
    func refuse(_ arrival: Arrival, _ code: PhraseResult.ErrorCode, _ message: String) async {
        let request = request(for: arrival)
        log.log(.warning, cause: code.rawValue, "\(request.id) \(code.rawValue): \(message)")
        let result = PhraseResult(id: request.id, text: request.text, outcome: .failed(code, message: message, intent: nil))
        await answer(request, with: result, intent: nil)
    }

    func logResult(of request: PhraseRequest, _ result: PhraseResult) {
        if case .switched(let intent, _, let latency) = result.outcome {
            log.log(
                .info,
                "\(request.id) \(Self.shown(request.text)) → \(intent.deviceID) \(intent.state) ok \(String(format: "%.1f", latency)) ms")
        } else if case .failed(let code, let text, _) = result.outcome {
            // A flood of refusals (a broken or hostile sender) writes one line a second.
            log.log(.info, cause: code.rawValue, "\(request.id) \(Self.shown(request.text)) → \(code.rawValue): \(text)")
        } else if case .groupSwitched(let state, let devices, _) = result.outcome {
            let each = devices.map { "\($0.deviceID) \($0.ok ? "ok" : $0.error?.rawValue ?? "failed")" }.joined(separator: ", ")
            log.log(.info, "\(request.id) \(Self.shown(request.text)) → \(state): \(each)")
        }
    }

    func process(_ request: PhraseRequest, arrived: ContinuousClock.Instant) async -> PhraseResult {
        func failed(_ code: PhraseResult.ErrorCode, _ message: String) -> PhraseResult {
            PhraseResult(id: request.id, text: request.text, outcome: .failed(code, message: message, intent: nil))
        }
        let index = registry.index
        let intent: ToggleStateIntent
        let source: MatchSource
        let current = devices
        switch current.matcher.match(request.text, shortcuts: index) {
        case .recognized(let found, let how):
            (intent, source) = (found, how)
        case .notRecognized(let reason):
            // A question switches nothing; a toggle switches to the opposite of the state the plug confirmed last.
            switch current.matcher.request(request.text) {
            case nil:
                return failed(.notRecognized, "\(reason)")
            case .failure(let reason)?:
                return failed(.notRecognized, "\(reason)")
            case .success(.question(let id, _))?:
                let status = current.tracker.status(of: id)
                return PhraseResult(
                    id: request.id, text: request.text, outcome: .answered(deviceID: id, state: status?.state, online: status?.online))
            case .success(.toggle(let id))?:
                guard let known = current.tracker.status(of: id)?.state else {
                    return failed(.stateUnknown, "\(id)'s state is not known, so it cannot be toggled; say on or off")
                }
                (intent, source) = (ToggleStateIntent(deviceID: id, state: known == .on ? .off : .on), .command)
            case .success(.group(let ids, let state))?:
                return await executeGroup(ids, to: state, for: request, arrived: arrived)
            case .success(.groupQuestion(let ids, let asked))?:
                let answers = ids.map { id in
                    let status = current.tracker.status(of: id)
                    return PhraseResult.PlugAnswer(deviceID: id, state: status?.state, online: status?.online)
                }
                return PhraseResult(id: request.id, text: request.text, outcome: .groupAnswered(asked: asked, devices: answers))
            }
        }
        let shortcut: VoiceShortcut? = if case .voiceShortcut(let shortcut) = source { shortcut } else { nil }
        var result = await execute(intent, for: request, by: shortcut, arrived: arrived)
        if let shortcut, let shadow = shadowedShortcuts.withLock({ $0[shortcut.id] }), shadow.phrase == shortcut.invocationPhrase {
            result.note = Self.shadowNote(shadow.phrase, shadow.alsoMeans)
        }
        return result
    }

    /// A phrase as a log line shows it: quoted, its control characters escaped (no forged lines), at most 200
    /// characters.
    static func shown(_ text: String) -> String { jsonString(String(text.prefix(200))) }

    /// What is said of a voice shortcut whose phrase also says something else without it.
    static func shadowNote(_ phrase: String, _ alsoMeans: String) -> String {
        "the voice shortcut '\(phrase)' also means \(alsoMeans) as a command; the shortcut wins (edit or delete it to say the command)"
    }

    /// Finds the voice shortcuts whose phrase also says another command (a device added or renamed since), keeps
    /// them for the results' notes and the console, and logs each new one once. Run at start and when shortcuts or
    /// devices change, not per phrase.
    func reportShadowedShortcuts() {
        let found = Dictionary(
            devices.matcher.shadowedMeanings(of: registry.allVoiceShortcuts()).map {
                ($0.shortcut.id, (phrase: $0.shortcut.invocationPhrase, alsoMeans: $0.alsoMeans))
            }, uniquingKeysWith: { first, _ in first })
        let before = shadowedShortcuts.withLock { known in
            defer { known = found }
            return known
        }
        for (id, shadow) in found.sorted(by: { $0.key.uuidString < $1.key.uuidString })
        where before[id]?.phrase != shadow.phrase || before[id]?.alsoMeans != shadow.alsoMeans {
            log.log(.warning, Self.shadowNote(shadow.phrase, shadow.alsoMeans))
        }
    }

    /// Switches every device of a group at once (each through its own lane) and waits for all their
    /// confirmations. Not recorded for suggestions: a group's phrase would be suggested as each device's shortcut.
    func executeGroup(
        _ ids: [String], to state: PowerState, for request: PhraseRequest, arrived: ContinuousClock.Instant
    ) async -> PhraseResult {
        let outcomes = await withTaskGroup(of: (Int, PhraseResult.DeviceOutcome).self) { group in
            for (index, id) in ids.enumerated() {
                group.addTask { [self] in
                    let one = await execute(
                        ToggleStateIntent(deviceID: id, state: state), for: request, by: nil, arrived: arrived, record: false)
                    if case .failed(let code, let message, _) = one.outcome {
                        return (index, .init(deviceID: id, state: state, error: code, message: message))
                    }
                    return (index, .init(deviceID: id, state: state))
                }
            }
            var all: [(Int, PhraseResult.DeviceOutcome)] = []
            for await outcome in group { all.append(outcome) }
            return all.sorted { $0.0 < $1.0 }.map(\.1)
        }
        let milliseconds = (ContinuousClock.now - arrived).timeInterval * 1000
        return PhraseResult(
            id: request.id, text: request.text, outcome: .groupSwitched(state: state, devices: outcomes, latencyMs: milliseconds))
    }

    /// Switches the plug `intent` names and waits for its confirmation. A phrase's execution (`record`) is kept
    /// for suggestions; a direct switch (the console's click) is not.
    func execute(
        _ intent: ToggleStateIntent, for request: PhraseRequest, by shortcut: VoiceShortcut?, arrived: ContinuousClock.Instant,
        record: Bool = true
    ) async -> PhraseResult {
        func failed(_ code: PhraseResult.ErrorCode, _ message: String) -> PhraseResult {
            PhraseResult(id: request.id, text: request.text, outcome: .failed(code, message: message, intent: intent))
        }
        let current = devices
        guard let device = current.byID[intent.deviceID] else {
            return failed(.notRecognized, "the voice shortcut names '\(intent.deviceID)', which is not in the configuration")
        }
        if current.tracker.status(of: device.id)?.online == false {
            return failed(
                .deviceOffline,
                "\(device.id) is offline (as \(device.channel.availabilityTopic ?? "its availability topic") says); nothing was sent")
        }
        let command = device.channel.commandMessage(relay: device.relay, state: intent.state)
        let client = self.client
        let outcome = await lanes.execute(deviceID: device.id, state: intent.state, timeout: settings.confirmTimeout) {
            try await client.publish(command.topic, command.payload, qos: .atLeastOnce)
        }
        let confirmed = if case .confirmed = outcome { true } else { false }
        if record {
            do {
                try registry.store.record(
                    Execution(
                        intent: intent, phrase: request.text, shortcutID: shortcut?.id,
                        source: shortcut == nil ? .command : .shortcut, confirmed: confirmed))
            } catch {
                log.log(.warning, "cannot record the execution: \(error)")
            }
        }
        switch outcome {
        case .confirmed:
            learning?.switched(intent)  // before this command's own hearing is kept
            let milliseconds = (ContinuousClock.now - arrived).timeInterval * 1000
            return PhraseResult(
                id: request.id, text: request.text,
                outcome: .switched(intent, shortcut: registry.index.voiceShortcut(for: intent.key), latencyMs: milliseconds))
        case .timedOut:
            return failed(
                .timeout,
                "\(device.id) did not confirm \(intent.state) within \(settings.configuration.confirmTimeoutMs) ms "
                    + "(the command went to \(command.topic); its state is read on \(device.channel.stateFilters.joined(separator: ", ")))")
        case .wentOffline:
            return failed(
                .deviceOffline,
                "\(device.id) went offline before it confirmed (the command went to \(command.topic); "
                    + "\(device.channel.availabilityTopic ?? "its availability topic") says offline)")
        case .sendFailed(let error):
            return failed(.timeout, "the command to \(device.id) could not be sent: \(error)")
        case .notSent(let why):
            return failed(.timeout, "\(device.id) was not sent the command (to \(command.topic)): \(why)")
        }
    }

    /// Publishes the result where the requester asked, and Hermes's answer.
    func answer(_ request: PhraseRequest, with result: PhraseResult, intent: ToggleStateIntent?) async {
        events.send(.result(json: result.json))
        let topic = request.replyTo ?? PhraseTopics.result
        let properties = PublishProperties(correlationData: request.correlationData, contentType: "application/json")
        try? await client.publish(topic, result.json, qos: .atLeastOnce, properties: properties)
        if case .hermes(let session, let site) = request.origin {
            await answerHermes(request, with: result, intent: intent, sessionID: session, siteID: site)
        }
    }
}

extension PhraseResult {
    /// The intent, when the phrase was recognized (whatever happened next).
    var recognizedIntent: ToggleStateIntent? {
        switch outcome {
        case .switched(let intent, _, _): intent
        case .answered, .groupSwitched, .groupAnswered: nil
        case .failed(.notRecognized, _, _), .failed(.invalidInput, _, _): nil
        case .failed(_, _, let intent): intent
        }
    }
}
