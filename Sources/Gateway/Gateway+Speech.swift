import Foundation
import MQTT
import PocketSphinx
import Speech
import SpeechAudio

/// Spoken phrases: the recognizer loaded after start, audio heard into a phrase, and the phrase acted on.
extension Gateway {
    /// Loads the recognizer on the recognition worker's thread; audio that comes meanwhile waits in its queue.
    func startSpeech() {
        let devices = settings.configuration.devices, shortcuts = registry.allVoiceShortcuts(), log = log
        let adaptation = settings.speechAdaptation, learning = learning, adapted = adaptation.map { ", adapted to \(describe($0))" }
        speech.start {
            do {
                let recognizer = try SpeechRecognizer(devices: devices, shortcuts: shortcuts, adaptation: adaptation)
                log.log(.info, "speech recognition ready" + (adapted ?? ""))
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

    /// The audio of a `voiceplug/audio` payload: a WAV file of at most `maximumAudioPayload` bytes.
    static func audio(of message: MQTTMessage) -> Result<RecognizerAudio, InvalidInput> {
        let none = PhraseRequest(text: "")
        guard message.payload.count <= PhraseTopics.maximumAudioPayload else {
            return .failure(
                InvalidInput(
                    message: "the audio has \(message.payload.count) bytes; at most \(PhraseTopics.maximumAudioPayload) are accepted",
                    partial: none))
        }
        do {
            return .success(try WAVReader.read(message.payload))
        } catch {
            return .failure(InvalidInput(message: "\(error)", partial: none))
        }
    }

    /// Hears `audio`; the phrase heard, with `request`'s id and answer address, is acted on and answered.
    func handleSpoken(_ audio: RecognizerAudio, as request: PhraseRequest, arrived: ContinuousClock.Instant) async {
        let failure: PhraseResult
        switch await speech.hear(audio) {
        case .recognition(let heard):
            guard let text = heard.text else {
                failure = Self.spokenFailure(request.id, .notRecognized, "nothing known was heard")
                break
            }
            var phrase = request
            phrase.text = text
            phrase.speechConfidence = heard.confidence
            log.log(.info, "\(phrase.id) heard \"\(text)\" (confidence \(String(format: "%.2f", heard.confidence)))")
            var result = await process(phrase, arrived: arrived)
            result.speechConfidence = heard.confidence
            await answer(phrase, with: result, intent: result.recognizedIntent)
            // Heard and confirmed by the plug: a recording with its text, to learn the voice from.
            if case .switched(let intent, _, _) = result.outcome { learning?.keep(audio, heard: text, intent: intent) }
            return
        case .failed(let problem):
            failure = Self.spokenFailure(request.id, .notRecognized, "the recognizer failed: \(problem)")
        case .unavailable:
            failure = Self.spokenFailure(request.id, .invalidInput, "speech recognition is not available")
        }
        log.log(.info, "\(failure.id) audio → \(failure.json)")
        await answer(request, with: failure, intent: nil)
    }

    static func spokenFailure(_ id: String, _ code: PhraseResult.ErrorCode, _ message: String) -> PhraseResult {
        PhraseResult(id: id, text: "", outcome: .failed(code, message: message, intent: nil), speechConfidence: 0)
    }
}
