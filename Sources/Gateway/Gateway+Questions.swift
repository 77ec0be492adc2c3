import Foundation
import Speech
import SpeechAudio
import VoiceShortcuts

/// Asking back: a spoken command heard but not surely becomes a question ("the kitchen lamp, on?"), and the same
/// asker's next utterance within `questionWindow` is first heard as its yes or no. Only a yes switches.
extension Gateway {
    /// A question asked back and not yet answered.
    struct Question: Sendable {
        /// The command it asks about, as the recognizer heard it.
        var phrase: String
        var asked: ContinuousClock.Instant
    }

    /// How long a question waits for its answer.
    public static let questionWindow: Duration = .seconds(10)

    /// Who is asked, so that the answer comes from the same place: a Hermes site, a reply topic, or `fallback`.
    static func asker(of request: PhraseRequest, fallback: String) -> String {
        if case .hermes(_, let site?) = request.origin { return "site:" + site }
        return request.replyTo.map { "reply:" + $0 } ?? fallback
    }

    /// The question `asker` was asked, taken (each is answered once); nil when none waits or it has expired.
    func takeQuestion(of asker: String) -> Question? {
        questions.withLock { questions in
            let now = ContinuousClock.now
            questions = questions.filter { now - $0.value.asked < Self.questionWindow }
            return questions.removeValue(forKey: asker)
        }
    }

    /// Asks `candidate` back when it is a command of one device ("the kitchen lamp, on?"): the result that asks,
    /// with nothing switched; nil when the candidate means nothing the gateway would do.
    func ask(_ candidate: String, of asker: String, for request: PhraseRequest) -> PhraseResult? {
        let current = devices
        guard let question = Self.question(for: candidate, matcher: current.matcher, shortcuts: registry.index, names: deviceNames)
        else { return nil }
        questions.withLock { questions in
            if questions.count >= Self.questionLimit { questions.removeAll() }
            questions[asker] = Question(phrase: candidate, asked: .now)
        }
        var result = PhraseResult(
            id: request.id, text: "",
            outcome: .failed(.notRecognized, message: "not heard surely: did you say \"\(candidate)\"? answer yes or no", intent: nil),
            speechConfidence: 0)
        result.question = question
        log.log(.info, "\(request.id) not heard surely: asked \"\(result.question!)\" (\(Self.shown(candidate)))")
        return result
    }

    /// What is asked back about `candidate` ("the kitchen lamp, on?"): nil unless it is a command of one device.
    public static func question(for candidate: String, matcher: PhraseMatcher, shortcuts: ShortcutIndex, names: [String: String])
        -> String?
    {
        guard let intent = matcher.match(candidate, shortcuts: shortcuts).intent, let name = names[intent.deviceID] else { return nil }
        return "the \(name), \(intent.state)?"
    }

    /// A typed yes or no ("yes", "no thanks") from `asker` while a question asked them waits: its result (the
    /// command acted on, or nothing switched); nil when the text is no reply or no question waits.
    func answerTyped(_ request: PhraseRequest, from asker: String, arrived: ContinuousClock.Instant) async -> PhraseResult? {
        guard let reply = SpeechRecognizer.reply(typed: request.text), let question = takeQuestion(of: asker) else { return nil }
        log.log(.info, "\(request.id) \(reply.rawValue) to \(Self.shown(question.phrase)), typed")
        guard reply == .yes else {
            return PhraseResult(
                id: request.id, text: request.text, outcome: .failed(.notRecognized, message: PhraseResult.answeredNo, intent: nil))
        }
        var asked = request
        asked.text = question.phrase
        return await process(asked, arrived: arrived)
    }

    /// How many askers' questions are kept at once (more: the oldest are forgotten).
    static let questionLimit = 256
}
