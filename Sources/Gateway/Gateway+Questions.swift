import Foundation
import Speech
import SpeechAudio
import Synchronization
import VoiceShortcuts

/// The questions asked back and not yet answered, by asker: each is answered once, within `window`.
public final class AskedQuestions: Sendable {
    /// How long a question waits for its answer.
    public static let window: Duration = .seconds(10)
    /// How many askers' questions are kept at once (more: the oldest are forgotten).
    static let limit = 256

    /// A question asked: the command as the recognizer heard it, and its audio when it was spoken.
    public struct Asked: Sendable {
        public var phrase: String
        public var audio: RecognizerAudio?
    }

    /// The command each asker was last asked about, when, whether that was the second time (see `reopen`), and
    /// whether its answer was taken.
    private let asked = Mutex<[String: (question: Asked, at: ContinuousClock.Instant, again: Bool, taken: Bool)]>([:])

    public init() {}

    /// The longest audio kept with a question (a command is a few seconds); longer, it is not learned from.
    static let longestAudio = 10 * RecognizerAudio.sampleRate

    /// Asks `asker` about `phrase`, heard in `audio`, in place of what they were asked before.
    public func ask(_ phrase: String, of asker: String, audio: RecognizerAudio? = nil) {
        put(Asked(phrase: phrase, audio: audio.flatMap { $0.samples.count <= Self.longestAudio ? $0 : nil }), of: asker, again: false)
    }

    /// Asks `asker` once more what they were last asked, after a reply heard as neither yes nor no (chatter over
    /// it, a cough), whether or not it was taken: true when it waits again; false when it was asked twice already,
    /// or `asker` was asked nothing within `window`.
    public func reopen(of asker: String) -> Bool {
        guard let last = asked.withLock({ $0[asker] }), !last.again, ContinuousClock.now - last.at < Self.window else {
            return false
        }
        put(last.question, of: asker, again: true)
        return true
    }

    /// Keeps `question` for `asker`, forgetting those that expired: the audio kept is what was heard in the last
    /// `window` (each question needs a hearing), and at most `limit` askers' worth.
    private func put(_ question: Asked, of asker: String, again: Bool) {
        asked.withLock { asked in
            let now = ContinuousClock.now
            asked = asked.filter { now - $0.value.at < Self.window }
            if asked.count >= Self.limit { asked.removeAll() }
            asked[asker] = (question, .now, again, false)
        }
    }

    /// The command `asker` was asked about, taken; nil when no question waits or it has expired.
    public func take(of asker: String) -> Asked? {
        asked.withLock { asked in
            let now = ContinuousClock.now
            asked = asked.filter { now - $0.value.at < Self.window }
            guard let question = asked[asker], !question.taken else { return nil }
            asked[asker]?.taken = true
            return question.question
        }
    }
}

/// Asking back: a spoken command heard but not surely becomes a question ("the kitchen lamp, on?"), and the same
/// asker's next utterance within `AskedQuestions.window` is first heard as its yes or no. Only a yes switches.
extension Gateway {
    /// Who is asked, so that the answer comes from the same place: a Hermes site, a reply topic, or `fallback`.
    static func asker(of request: PhraseRequest, fallback: String) -> String {
        if case .hermes(_, let site?) = request.origin { return "site:" + site }
        return request.replyTo.map { "reply:" + $0 } ?? fallback
    }

    /// Asks `candidate` back when it is a command of one device ("the kitchen lamp, on?") or of a group ("the
    /// kettle and the desk fan, off?"): the result that asks, with nothing switched; nil when the candidate means
    /// nothing the gateway would do.
    /// `audio`, what was heard, is learned from when a yes has the plug switched (`VoiceLearning`).
    func ask(_ candidate: String, of asker: String, for request: PhraseRequest, audio: RecognizerAudio? = nil) -> PhraseResult? {
        guard let question = Self.question(for: candidate, matcher: devices.matcher, shortcuts: registry.index, names: deviceNames)
        else { return nil }
        questions.ask(candidate, of: asker, audio: audio)
        var result = PhraseResult(
            id: request.id, text: "",
            outcome: .failed(.notRecognized, message: "not heard surely: did you say \"\(candidate)\"? answer yes or no", intent: nil),
            speechConfidence: 0)
        result.question = question
        log.log(.info, "\(request.id) not heard surely: asked \"\(question)\" (\(Self.shown(candidate)))")
        return result
    }

    /// What is asked back about `candidate`: "the kitchen lamp, on?" for a command of one device; for a group, its
    /// plugs named when they are three at most ("the kettle and the desk fan, off?"), else all of them or all of an
    /// area's ("every plug, off?", "every plug in the kitchen, off?"), else counted ("4 plugs, off?"); nil for
    /// anything else (a question, a toggle, no command).
    public static func question(for candidate: String, matcher: PhraseMatcher, shortcuts: ShortcutIndex, names: [String: String])
        -> String?
    {
        if let intent = matcher.match(candidate, shortcuts: shortcuts).intent {
            return names[intent.deviceID].map { "the \($0), \(intent.state)?" }
        }
        guard case .success(.group(let ids, let state))? = matcher.request(candidate), !ids.isEmpty else { return nil }
        let named = ids.compactMap { names[$0].map { "the " + $0 } }
        guard named.count == ids.count else { return nil }
        // Every plug of one area, said by the area when they are too many to name.
        let devices = matcher.catalog.devices, group = Set(ids)
        let members = devices.filter { group.contains($0.id) }
        let wholeArea = members.first?.area.flatMap { area in
            members.allSatisfy { $0.area == area } && devices.filter { $0.area == area }.count == members.count
                ? "every plug in the \(area)" : nil
        }
        let plugs =
            switch named.count {
            case 1: named[0]
            case names.count: "every plug"
            case 2, 3: named.dropLast().joined(separator: ", ") + " and " + named[named.count - 1]
            default: wholeArea ?? "\(named.count) plugs"
            }
        return "\(plugs), \(state)?"
    }

    /// A typed yes or no ("yes", "no thanks") from `asker` while a question asked them waits: its result (the
    /// command acted on, or nothing switched); nil when the text is no reply or no question waits.
    private func answerTyped(_ request: PhraseRequest, from asker: String, arrived: ContinuousClock.Instant) async -> PhraseResult? {
        guard let reply = SpeechRecognizer.reply(typed: request.text), let question = questions.take(of: asker) else { return nil }
        let phrase = question.phrase
        log.log(.info, "\(request.id) \(reply.rawValue) to \(Self.shown(phrase)), typed")
        guard reply == .yes else {
            return PhraseResult(
                id: request.id, text: request.text, outcome: .failed(.notRecognized, message: PhraseResult.answeredNo, intent: nil))
        }
        var asked = request
        asked.text = phrase
        let result = await process(asked, arrived: arrived)
        if let audio = question.audio, case .switched(let intent, _, _) = result.outcome {
            learning?.keep(audio, heard: phrase, intent: intent)  // the command's audio, confirmed
        }
        return result
    }

    /// Asks `asker` once more what they were last asked (see `AskedQuestions.reopen`): true when it waits again.
    public func askAgain(of asker: String) -> Bool {
        guard questions.reopen(of: asker) else { return false }
        log.log(.info, "\(asker): neither yes nor no heard, asked again")
        return true
    }

    /// A typed phrase from `asker`: the answer to the question asked them, when it is a yes or a no; else the phrase.
    func process(_ request: PhraseRequest, from asker: String, arrived: ContinuousClock.Instant) async -> PhraseResult {
        if let answered = await answerTyped(request, from: asker, arrived: arrived) { return answered }
        return await process(request, arrived: arrived)
    }
}
