import EspeakNG
import Foundation
import PocketSphinx
import Speech
import SpeechAudio
import SpeechGrammar
import TestSupport
import Testing
import VoiceAdaptation

@Suite("A strong echo: found, and taken out")
struct EchoTests {
    /// `samples` (halved, so that nothing clips) through y = x (1 + zero z^−delay) / (1 − pole z^−delay).
    func echoed(_ samples: [Int16], delay: Int, zero: Double, pole: Double) -> (dry: [Int16], wet: [Int16]) {
        let dry = samples.map { $0 / 2 }
        var wet = [Double](repeating: 0, count: dry.count)
        for index in dry.indices {
            wet[index] = Double(dry[index])
            if index >= delay { wet[index] += zero * Double(dry[index - delay]) + pole * wet[index - delay] }
        }
        return (dry, wet.map { Int16(max(-32_768, min(32_767, $0.rounded()))) })
    }

    @Test("a reflection, a feedback loop or both: the delay and the filter are found, and the inverse filter gives the sound back")
    func found() async throws {
        let speech = try await Synthesizer.speak("turn off the piano lamp", voice: "awb").samples
        for (delay, zero, pole) in [(1_600, 0.6, 0.0), (2_400, 0.0, 0.4), (3_200, 0.3, 0.3), (900, 0.5, 0.0)] {
            let (dry, wet) = echoed(speech, delay: delay, zero: zero, pole: pole)
            // The transforms off the cooperative pool (see FrontEndTests.warpStays).
            let (found, restored) = try await blocking { (Echo.estimate(wet), Echo.removed(wet)) }
            let estimate = try #require(found, "delay \(delay), zero \(zero), pole \(pole)")
            #expect(estimate.delay == delay)
            #expect(abs(estimate.zero - zero) < 0.1 && abs(estimate.pole - pole) < 0.1, "\(estimate) against zero \(zero), pole \(pole)")
            let energy = dry.reduce(0.0) { $0 + Double($1) * Double($1) }
            let residual = zip(restored, dry).reduce(0.0) { $0 + pow(Double($1.0) - Double($1.1), 2) }
            #expect(residual < 0.05 * energy, "delay \(delay): \(residual / energy) of the energy left over")
        }
    }

    @Test("a reflection louder than the sound is undone backwards: the sound comes back, later and louder")
    func louder() async throws {
        let speech = try await Synthesizer.speak("turn off the piano lamp", voice: "awb").samples
        let (delay, loudness) = (2_000, 1.5)
        let (dry, wet) = echoed(speech.map { $0 / 2 }, delay: delay, zero: loudness, pole: 0)
        let (found, restored) = try await blocking { (Echo.estimate(wet), Echo.removed(wet)) }
        let estimate = try #require(found)
        #expect(estimate.delay == delay)
        #expect(abs(estimate.zero - 1 / loudness) < 0.1, "\(estimate): a reflection 1 / 1.5 as loud has the same correlations")
        let energy = dry.reduce(0.0) { $0 + Double($1) * Double($1) } * loudness * loudness
        let residual = (delay..<dry.count).reduce(0.0) { $0 + pow(Double(restored[$1]) - loudness * Double(dry[$1 - delay]), 2) }
        #expect(residual < 0.05 * energy, "\(residual / energy) of the energy left over")
    }

    @Test("speech without an echo is left as it was, a steady pitch included; silence and short audio too")
    func none() async throws {
        for snr in [nil, 20.0] {
            for voice in ["kal", "kal16", "slt", "awb", "rms", "espeak", "espeak:en-gb"] {
                for text in ["open the blinds", "turn off the kitchen lamp"] {
                    let samples = try await Synthesizer.speak(text, voice: voice, snr: snr).samples
                    let (estimate, removed) = try await blocking { (Echo.estimate(samples), Echo.removed(samples)) }
                    #expect(estimate == nil, "\(text) [\(voice), snr \(snr ?? 40)]")
                    #expect(removed == samples, "\(text) [\(voice), snr \(snr ?? 40)] changed")
                }
            }
        }
        #expect(Echo.estimate([Int16](repeating: 0, count: 32_000)) == nil)
        #expect(Echo.estimate([Int16](repeating: 900, count: 9_000)) == nil, "shorter than two of the longest delays")
    }
}
