import EspeakNG
import Foundation
import PocketSphinx
import Speech
import SpeechAudio
import SpeechGrammar
import TestSupport
import Testing
import VoiceAdaptation

@Suite("The audio as the recognizer hears it: a noise floor where it has none")
struct ConditioningTests {
    @Test("flite's own file is given a noise floor; the test corpus's files, with a floor of their own, padded or not, are not")
    func noiseFloor() async throws {
        let raw = try await Synthesizer.asFliteWritesIt("turn on the desk fan", voice: "slt")
        #expect(raw.samples.filter { $0 == 0 }.count * 20 < raw.samples.count, "few digital zeros: not padded for those")
        #expect(SpeechRecognizer.lacksNoiseFloor(raw.samples))
        let conditioned = SpeechRecognizer.conditioned(raw).samples
        #expect(conditioned.count == raw.samples.count, "not padded")
        let changed = zip(conditioned, raw.samples).filter { $0 != $1 }.count
        #expect(changed > raw.samples.count / 2, "a floor added: \(changed) of \(raw.samples.count) samples changed")
        #expect(zip(conditioned, raw.samples).allSatisfy { abs(Int($0) - Int($1)) <= 64 }, "a faint floor")

        let padded = try await Synthesizer.speak("turn on the desk fan", voice: "slt")
        #expect(!SpeechRecognizer.lacksNoiseFloor(padded.samples))
        #expect(SpeechRecognizer.conditioned(padded) == padded)
        let noisy = try await Synthesizer.speak("turn on the desk fan", voice: "slt", snr: 20)
        #expect(!SpeechRecognizer.lacksNoiseFloor(noisy.samples))
        #expect(SpeechRecognizer.conditioned(noisy) == noisy)

        // The same speech with its padding cut off: its floor is still there.
        let pad = RecognizerAudio.sampleRate * 3 / 10
        let cut = RecognizerAudio(samples: Array(padded.samples.dropFirst(pad).dropLast(pad)))
        #expect(!SpeechRecognizer.lacksNoiseFloor(cut.samples))
        #expect(SpeechRecognizer.conditioned(cut) == cut)
        #expect(!SpeechRecognizer.lacksNoiseFloor([]))
    }
}
