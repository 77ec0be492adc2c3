import EspeakNG
import Foundation
import PocketSphinx
import Speech
import SpeechAudio
import SpeechGrammar
import TestSupport
import Testing
import VoiceAdaptation

@Suite("Quiet audio brought up")
struct LoudnessTests {
    @Test("the level is the 99.5th percentile of the magnitudes: a few clicks do not move it")
    func level() {
        let quiet = [Int16](repeating: -10, count: 500) + [Int16](repeating: 10, count: 496) + [32_000, -32_000, 31_000, 30_000]
        #expect(Loudness.level(quiet) == 10)
        #expect(Loudness.level((0..<1_000).map { Int16($0) }) == 994)
        #expect(Loudness.level([]) == 0)
        #expect(Loudness.level([Int16.min]) == 32_768)
    }

    @Test("quiet speech is brought to the target level; speech at its usual level, silence and near silence are not")
    func normalized() async throws {
        let speech = try await Synthesizer.speak("turn on the kitchen lamp", voice: "slt").samples
        #expect(Loudness.normalized(speech) == speech, "at its usual level")
        let quiet = speech.map { $0 / 100 }
        let raised = Loudness.normalized(quiet), gain = Loudness.target / Double(Loudness.level(quiet))
        #expect(abs(Double(Loudness.level(raised)) - Loudness.target) <= 0.02 * Loudness.target, "level \(Loudness.level(raised))")
        #expect(zip(raised, quiet).allSatisfy { abs(Double($0) - Double($1) * gain) <= 0.5 })
        #expect(Loudness.normalized([Int16](repeating: 0, count: 1_000)) == [Int16](repeating: 0, count: 1_000))
        let faint = (0..<1_000).map { Int16($0 % 3) - 1 }  // level 1: at most the largest gain
        #expect(Loudness.normalized(faint) == faint.map { $0 * Int16(Loudness.largestGain) })
    }
}
