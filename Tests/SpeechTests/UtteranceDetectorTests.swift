import EspeakNG
import Foundation
import PocketSphinx
import Speech
import SpeechAudio
import SpeechGrammar
import Testing
import VoiceAdaptation

@Suite("Finding utterances in a stream of audio frames")
struct UtteranceDetectorTests {
    func frames(_ seconds: Double, level: Double, frame: Int = 512) -> [[Int16]] {
        let count = Int(seconds * 16000)
        let samples = (0..<count).map { Int16(clamping: Int((sin(Double($0) * 0.3) * level).rounded())) }
        return stride(from: 0, to: samples.count, by: frame).map { Array(samples[$0..<min($0 + frame, samples.count)]) }
    }

    @Test("silence, speech, silence: one utterance with its pre-roll, ended by the trailing silence")
    func oneUtterance() {
        var detector = UtteranceDetector()
        var found: [RecognizerAudio] = []
        for frame in frames(1, level: 50) + frames(1.2, level: 8000) + frames(1, level: 50) {
            if let utterance = detector.add(frame) { found.append(utterance) }
        }
        #expect(found.count == 1)
        let seconds = found.first?.duration ?? 0
        #expect(seconds > 1.9 && seconds < 2.3, "\(seconds)")  // 0.3 pre-roll + 1.2 speech + 0.6 silence
    }

    @Test("speech 30 dB quieter, above a quiet floor, is an utterance too")
    func quietSpeech() {
        var detector = UtteranceDetector()
        let found = (frames(2, level: 3) + frames(1.2, level: 150) + frames(1, level: 3)).compactMap { detector.add($0) }
        #expect(found.count == 1)
        #expect((found.first?.duration ?? 0) > 1.9, "\(found.first?.duration ?? 0)")
    }

    @Test("noise alone, however steady, is no utterance; a long talker is cut at the maximum")
    func noiseAndMaximum() {
        var detector = UtteranceDetector()
        #expect(frames(3, level: 120).compactMap { detector.add($0) }.isEmpty)
        var talker = UtteranceDetector()
        talker.maximumLength = 2
        let cut = frames(5, level: 8000).compactMap { talker.add($0) }
        #expect(cut.count >= 1 && (cut.first?.duration ?? 0) <= 2.1)
    }
}
