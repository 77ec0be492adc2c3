import ALSAAudio
import CommandLineSupport
import EspeakNG
import Foundation
import Gateway
import JSONText
import MQTT
import Speech
import SpeechAudio
import Synchronization
import VoiceShortcuts

/// Hears utterances and has the gateway act on them, one at a time, answering each.
final class Listener: Sendable {
    /// What an utterance came to: nothing known heard (and why), or a phrase and what the gateway made of it.
    enum Heard: Sendable {
        case nothing(String)
        case phrase(String, confidence: Double, PhraseResult?)
        /// Not heard surely: the question asked back ("the kitchen lamp, on?").
        case asking(String)
        /// A question asked back was answered no.
        case declined
    }

    /// What an utterance is heard as: a command (`doubtful` when it follows a doubtful wake phrase,
    /// `WakeSpotter.Spotted.doubtful`), or only the yes or no to a question asked back.
    enum Context: Sendable, Equatable {
        case command(doubtful: Bool)
        case reply
    }

    /// Hears an utterance as `context` says and has the gateway act on it.
    let act: @Sendable (_ utterance: RecognizerAudio, _ context: Context) async -> Heard
    /// Has the question last asked wait for its reply once more; false when it was asked twice already.
    let reopen: @Sendable () -> Bool
    let names: @Sendable () -> [String: String]
    let output: ALSADevice?
    let json: Bool
    let console: Console
    let spotter: WakeSpotter?
    /// Until when an utterance is heard without the wake phrase, and as what: a command (the wake phrase was said
    /// alone just before) or a reply (a question was asked).
    let awake = Mutex<(until: ContinuousClock.Instant, context: Context)?>(nil)
    /// How long after the wake phrase alone a command is taken.
    static let wakeWindow: Duration = .seconds(5)
    /// The question last asked, to ask once more after a reply that was neither yes nor no.
    let lastQuestion = Mutex<String?>(nil)

    /// `act` hears an utterance and has the gateway act on it; `names` are the devices' names by id, for answers;
    /// `reopen` has the question last asked wait once more.
    init(
        spotter: WakeSpotter?, output: ALSADevice?, json: Bool, console: Console, names: @escaping @Sendable () -> [String: String],
        reopen: @escaping @Sendable () -> Bool,
        act: @escaping @Sendable (_ utterance: RecognizerAudio, _ context: Context) async -> Heard
    ) {
        self.reopen = reopen
        self.spotter = spotter
        self.output = output
        self.json = json
        self.console = console
        self.names = names
        self.act = act
    }

    /// Hears `frames` until they end; `taken` is told of each frame as it is taken (see `AudioInput.frames`).
    func listen(to frames: AsyncStream<[Int16]>, taken: @Sendable () -> Void = {}) async {
        var detector = UtteranceDetector()
        for await frame in frames {
            taken()
            if Task.isCancelled { break }
            guard let utterance = detector.add(frame) else { continue }
            await handle(utterance)
        }
        // The stream ended while someone was speaking: what was said is heard too.
        if let last = detector.add([Int16](repeating: 0, count: Int(detector.trailingSilence * 16_000) + 1)) { await handle(last) }
    }

    private func handle(_ utterance: RecognizerAudio) async {
        let seconds = Double(utterance.samples.count) / Double(RecognizerAudio.sampleRate)
        event("utterance", ["seconds": String(format: "%.2f", seconds)])
        guard var (command, context) = await afterWake(utterance) else { return }
        var heard = await act(command, context)
        var replied = false
        if context == .reply, case .nothing(let why) = heard {
            // Neither yes nor no: other speech, heard as any (a command needs the wake phrase again). Chatter after a
            // question ("no" and then "… the plug in the kitchen …") was taken as a command for the kitchen's plugs.
            replied = true
            guard let again = await afterWake(utterance) else {
                event("heard", ["text": "null", "why": JSON.string(why)], raw: true)
                askAgain()
                return
            }
            (command, context) = again
            heard = await act(command, context)
        }
        switch heard {
        case .nothing(let why):
            let why = context == .command(doubtful: true) ? "after a doubtful wake phrase: " + why : why
            event("heard", ["text": "null", "why": JSON.string(why)], raw: true)
            if replied { askAgain() }
        case .asking(let question):
            ask(question)
        case .declined:
            event("heard", ["text": "null", "why": JSON.string("answered no")], raw: true)
            answer("ok, nothing switched")
        case .phrase(let text, let confidence, let result):
            guard let result else {
                event("heard", ["text": JSON.string(text), "confidence": String(format: "%.3f", confidence)], raw: true)
                answer("sorry, the gateway did not answer")
                return
            }
            if let question = result.question, result.text.isEmpty {
                ask(question)  // the gateway heard it (run --listen) and asks back
                return
            }
            event("heard", ["text": JSON.string(text), "confidence": String(format: "%.3f", confidence)], raw: true)
            event("result", ["result": result.json], raw: true)
            answer(result.spokenAnswer(names: names()))
        }
    }

    /// Asks `question` back; the answer is taken without the wake phrase.
    private func ask(_ question: String) {
        lastQuestion.withLock { $0 = question }
        event("question", ["text": JSON.string(question)], raw: true)
        answer(question)
        awake.withLock { $0 = (ContinuousClock.now + Self.replyWindow, .reply) }
    }

    /// After a reply heard as neither yes nor no and no command either, the question is asked once more (when
    /// `reopen` says it waits again): chatter, the TV or music over the reply lost 4 of household 11's 11 yeses.
    private func askAgain() {
        guard let question = lastQuestion.withLock({ $0 }), reopen() else { return }
        ask(question)
    }

    /// How long after a question its answer is taken without the wake phrase (the gateway's question waits as long).
    static let replyWindow = AskedQuestions.window

    /// What in `utterance` is to be heard, and as what: all of it as a reply within the window after a question,
    /// or as a command without a wake phrase (or within the window after one said alone); else what follows the
    /// wake phrase; nil when there is none yet.
    private func afterWake(_ utterance: RecognizerAudio) async -> (command: RecognizerAudio, context: Context)? {
        if let (until, context) = awake.withLock({ $0 }), ContinuousClock.now < until {
            awake.withLock { $0 = nil }
            return (utterance, context)
        }
        guard let spotter else { return (utterance, .command(doubtful: false)) }
        guard let spotted = try? await runBlocking({ spotter.hear(utterance) }), let end = spotted.end else { return nil }
        let rest = Array(utterance.samples[end...])
        event("wake", ["phrase": JSON.string(spotter.phrase), "doubtful": spotted.doubtful ? "true" : "false"], raw: true)
        // What follows holds a command when it is longer than the silence that ended the utterance and a word.
        guard rest.count >= RecognizerAudio.sampleRate, !Self.isQuiet(rest) else {
            awake.withLock { $0 = (ContinuousClock.now + Self.wakeWindow, .command(doubtful: spotted.doubtful)) }
            return nil
        }
        return (RecognizerAudio(samples: rest), .command(doubtful: spotted.doubtful))
    }

    /// Whether `samples`, less the silence that ended the utterance, are too quiet to be speech: the wake phrase's
    /// rest is then only that silence.
    static func isQuiet(_ samples: [Int16]) -> Bool {
        let speech = samples.dropLast(RecognizerAudio.sampleRate * 6 / 10)
        guard !speech.isEmpty else { return true }
        let rms = (speech.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(speech.count)).squareRoot()
        return rms < 100
    }

    /// Speaks `text` on the output device; with --json, the event says how long after the result the sound
    /// started (the synthesis: the first samples go to the device right after it).
    private func answer(_ text: String) {
        let started = ContinuousClock.now
        guard let output, let speech = EspeakNG.speak(text) else {
            event("answer", ["text": JSON.string(text)], raw: true)
            return
        }
        let elapsed = (ContinuousClock.now - started) / .milliseconds(1)
        event("answer", ["text": JSON.string(text), "startsAfterMs": String(format: "%.1f", elapsed)], raw: true)
        try? output.write(speech.samples + [Int16](repeating: 0, count: speech.rate / 10))
    }

    private func event(_ kind: String, _ fields: [String: String], raw: Bool = false) {
        if json {
            let body = fields.keys.sorted().map { "\"\($0)\":" + (raw ? fields[$0]! : JSON.string(fields[$0]!)) }
            console.out("{\"event\":\"\(kind)\"" + (body.isEmpty ? "" : "," + body.joined(separator: ",")) + "}\n")
        } else if kind == "heard" || kind == "answer" {
            console.out("\(kind): \(fields["text"] ?? "")\n")
        }
    }
}

/// The gateway over MQTT, as `say` reaches it: a phrase with an id and a reply topic of this process's own.
final class GatewayLink: Sendable {
    let client: MQTTClient
    let replyTo = "voiceplug/result/listen-\(UUID().uuidString.prefix(8).lowercased())"
    let results = Mutex<[String: PhraseResult]>([:])
    let collector = Mutex<Task<Void, Never>?>(nil)

    init(client: MQTTClient) { self.client = client }

    func start() async throws {
        let messages = client.messages
        try await client.subscribe(replyTo, qos: .atLeastOnce)
        let task = Task { [self] in
            for await message in messages where message.topic == replyTo {
                if let result = PhraseResult.parse(message.payload) { results.withLock { $0[result.id] = result } }
            }
        }
        collector.withLock { $0 = task }
    }

    /// Sends `text` and waits at most `timeout` for its result.
    func send(_ text: String, timeout: Duration = .seconds(10)) async -> PhraseResult? {
        let id = UUID().uuidString.lowercased()
        let request = "{\"text\":\(JSON.string(text)),\"id\":\(JSON.string(id)),\"replyTo\":\(JSON.string(replyTo))}"
        do { try await client.publish(PhraseTopics.phrase, request, qos: .atLeastOnce) } catch { return nil }
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let result = results.withLock({ $0.removeValue(forKey: id) }) { return result }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return nil
    }
}

/// Runs blocking work on a thread of its own.
func runBlocking<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try work() }) }.start()
    }
}
