import Foundation
import MQTT
import VoiceShortcuts

/// A phrase's way through the gateway: matched, switched, confirmed and answered.
extension Gateway {
    func handle(_ message: MQTTMessage, arrived: ContinuousClock.Instant) async {
        let request: PhraseRequest
        if message.topic == PhraseTopics.audio {
            let heard = await hear(message)
            let id: String =
                switch heard {
                case .phrase(let phrase, _): phrase.id
                case .answer(let result): result.id
                }
            await respond(
                to: heard,
                request: PhraseRequest(
                    text: "", id: id, replyTo: message.properties.responseTopic,
                    correlationData: message.properties.correlationData), arrived: arrived)
            return
        }
        switch PhraseRequest.decode(message) {
        case .failure(let invalid):
            let result = PhraseResult(
                id: invalid.partial.id, text: invalid.partial.text,
                outcome: .failed(.invalidInput, message: invalid.message, intent: nil))
            log.log(.info, "\(result.id) invalid_input: \(invalid.message)")
            await answer(invalid.partial, with: result, intent: nil)
            return
        case .success(let decoded):
            request = decoded
        }
        let result = await process(request, arrived: arrived)
        if case .switched(let intent, _, let latency) = result.outcome {
            log.log(
                .info, "\(request.id) \"\(request.text)\" → \(intent.deviceID) \(intent.state) ok \(String(format: "%.1f", latency)) ms")
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
            try registry.store.record(
                Execution(
                    intent: intent, phrase: request.text, shortcutID: shortcutID,
                    source: shortcutID == nil ? .command : .shortcut, confirmed: confirmed))
        } catch {
            log.log(.warning, "cannot record the execution: \(error)")
        }
        switch outcome {
        case .confirmed:
            learning?.switched(intent)  // before this command's own hearing is kept
            let milliseconds = (ContinuousClock.now - arrived).timeInterval * 1000
            return PhraseResult(
                id: request.id, text: request.text,
                outcome: .switched(intent, shortcut: index.voiceShortcut(for: intent.key), latencyMs: milliseconds))
        case .timedOut:
            return failed(
                .timeout, "\(device.id) did not confirm \(intent.state) within \(settings.configuration.confirmTimeoutMs) ms", intent)
        case .wentOffline:
            return failed(.deviceOffline, "\(device.id) went offline before it confirmed", intent)
        case .sendFailed(let error):
            return failed(.timeout, "the command to \(device.id) could not be sent: \(error)", intent)
        }
    }

    /// Publishes the result where the requester asked, and Hermes's answer.
    func answer(_ request: PhraseRequest, with result: PhraseResult, intent: ToggleStateIntent?) async {
        let topic = request.replyTo ?? PhraseTopics.result
        let properties = PublishProperties(correlationData: request.correlationData, contentType: "application/json")
        try? await client.publish(topic, result.json, qos: .atLeastOnce, properties: properties)
        if case .hermes(let session, let site) = request.origin {
            await answerHermes(request, intent: intent, sessionID: session, siteID: site)
        }
    }

    func answerHermes(_ request: PhraseRequest, intent: ToggleStateIntent?, sessionID: String?, siteID: String?) async {
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
        let payload =
            "{\"input\":\(jsonString(request.text)),\"intent\":{\"intentName\":\"ToggleState\",\"confidenceScore\":1.0},"
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
