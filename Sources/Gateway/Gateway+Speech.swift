import Foundation
import MQTT
import PocketSphinx
import Speech
import SpeechAudio

/// Spoken phrases: the recognizer loaded after start, audio heard into a phrase, and the phrase acted on.
extension Gateway {
    /// Loads the recognizer on the recognition worker's thread; audio that comes meanwhile waits in its queue.
    func startSpeech() {
        let devices = devices.list, shortcuts = registry.allVoiceShortcuts(), log = log
        let adaptation = settings.speechAdaptation, threshold = settings.speechThreshold, learning = learning,
            adapted = adaptation.map { ", adapted to \(describe($0))" }
        speech.start {
            do {
                let recognizer = try SpeechRecognizer(devices: devices, shortcuts: shortcuts, threshold: threshold, adaptation: adaptation)
                log.log(
                    .info, "speech recognition ready" + (adapted ?? "") + " (\(devices.count) devices, \(shortcuts.count) voice shortcuts)")
                if let learning {
                    log.log(.info, "learning the voices heard: spoken commands the plugs confirm are kept in \(learning.settings.folder)")
                    learning.catchUp()
                }
                return recognizer
            } catch {
                log.log(.warning, "no speech recognition: \(error)")
                return nil
            }
        }
    }

    /// The audio of a `voiceplug/audio` payload or a console upload: a WAV file of at most `maximumAudioPayload` bytes.
    static func audio(_ payload: [UInt8]) -> Result<RecognizerAudio, InvalidInput> {
        let none = PhraseRequest(text: "")
        guard payload.count <= PhraseTopics.maximumAudioPayload else {
            return .failure(
                InvalidInput(
                    message: "the audio has \(payload.count) bytes; at most \(PhraseTopics.maximumAudioPayload) are accepted",
                    partial: none))
        }
        do {
            return .success(try WAVReader.read(payload))
        } catch {
            return .failure(InvalidInput(message: "\(error)", partial: none))
        }
    }

    /// Hears `audio`; the phrase heard, with `request`'s id and answer address, is acted on and answered.
    func handleSpoken(_ audio: RecognizerAudio, as request: PhraseRequest, arrived: ContinuousClock.Instant) async {
        let (result, phrase) = await hear(audio, as: request, arrived: arrived)
        if phrase == nil { log.log(.info, cause: "audio", "\(result.id) audio → \(result.json)") }
        await answer(phrase ?? request, with: result, intent: result.recognizedIntent)
    }

    /// Hears `audio` and acts on the phrase heard; the result, and the request as heard (nil when nothing was).
    /// `asker` tells who speaks (see `asker(of:fallback:)`): a question asked back to them waits for their answer;
    /// with `onlyReply`, `audio` is heard as that answer alone.
    func hear(
        _ audio: RecognizerAudio, as request: PhraseRequest, arrived: ContinuousClock.Instant, asker: String? = nil,
        onlyReply: Bool = false
    ) async -> (PhraseResult, PhraseRequest?) {
        let asker = asker ?? Self.asker(of: request, fallback: "audio")
        let asked = questions.take(of: asker)
        let heard = asked == nil ? nil : await speech.hearReply(audio)
        if let asked, let heard, let reply = heard.reply {
            log.log(.info, "\(request.id) heard \(reply.rawValue) to \(Self.shown(asked.phrase)) (\(heard.heard))")
            guard reply == .yes else {
                return (Self.spokenFailure(request.id, .notRecognized, PhraseResult.answeredNo), nil)
            }
            // The command's own audio, confirmed by the yes, is learned from (not the yes's).
            return await act(on: asked.phrase, confidence: 0.5, as: request, arrived: arrived, audio: asked.audio)
        }
        if onlyReply { return (Self.spokenFailure(request.id, .notRecognized, "neither yes nor no was heard"), nil) }
        switch await speech.hear(audio) {
        case .recognition(let heard):
            guard let text = heard.text else {
                if let candidate = heard.candidate, let asking = ask(candidate, of: asker, for: request, audio: audio) {
                    return (asking, nil)
                }
                return (Self.spokenFailure(request.id, .notRecognized, "nothing known was heard"), nil)
            }
            return await act(on: text, confidence: heard.confidence, as: request, arrived: arrived, audio: audio)
        case .failed(let problem):
            return (Self.spokenFailure(request.id, .notRecognized, "the recognizer failed: \(problem)"), nil)
        case .unavailable:
            return (Self.spokenFailure(request.id, .invalidInput, "speech recognition is not available"), nil)
        }
    }

    /// Acts on `text`, heard with `confidence`; a recording (`audio`) the plug confirms is kept to learn the voice.
    private func act(
        on text: String, confidence: Double, as request: PhraseRequest, arrived: ContinuousClock.Instant, audio: RecognizerAudio?
    ) async -> (PhraseResult, PhraseRequest?) {
        var phrase = request
        phrase.text = text
        phrase.speechConfidence = confidence
        log.log(.info, "\(phrase.id) heard \"\(text)\" (confidence \(String(format: "%.2f", confidence)))")
        var result = await process(phrase, arrived: arrived)
        result.speechConfidence = confidence
        // Heard and confirmed by the plug: a recording with its text, to learn the voice from.
        if let audio, case .switched(let intent, _, _) = result.outcome { learning?.keep(audio, heard: text, intent: intent) }
        return (result, phrase)
    }

    static func spokenFailure(_ id: String, _ code: PhraseResult.ErrorCode, _ message: String) -> PhraseResult {
        PhraseResult(id: id, text: "", outcome: .failed(code, message: message, intent: nil), speechConfidence: 0)
    }
}
