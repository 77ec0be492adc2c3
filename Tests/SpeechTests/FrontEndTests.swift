import EspeakNG
import Foundation
import PocketSphinx
import Speech
import SpeechAudio
import SpeechGrammar
import TestSupport
import Testing
import VoiceAdaptation

@Suite("Front ends and the voice's pitch")
struct FrontEndTests {
    static let model = SpeechRecognizer.defaultModel

    func decoder(warp: String) throws -> PocketSphinxDecoder {
        try PocketSphinxDecoder(arguments: [
            "-hmm", Self.model + "/en-us", "-dict", Self.model + "/cmudict-en-us.dict", "-keyphrase", "lamp",
            "-warp_type", "inverse_linear", "-warp_params", warp,
        ])
    }

    /// The mean absolute difference of two utterances' features.
    func distance(_ a: Features, _ b: Features) -> Double {
        guard a.width == b.width, a.frames == b.frames, !a.values.isEmpty else { return .infinity }
        return zip(a.values, b.values).reduce(0.0) { $0 + Double(abs($1.0 - $1.1)) } / Double(a.values.count)
    }

    @Test("a front end keeps its own warp when other decoders and front ends are made after it")
    func warpStays() async throws {
        let audio = try await Synthesizer.speak("turn on the kitchen lamp", voice: "slt").samples
        // Decoders and features off the cooperative pool: loading a model takes it for a second, and other
        // suites' timings (plugsim at scale) would count that.
        let (before, other, again, frames) = try await blocking {
            let first = try decoder(warp: "1.1")
            let high = try first.frontEnd(warp: 1.2, removingNoise: false), neutral = try first.frontEnd(warp: 1.0, removingNoise: false)
            let before = try high.features(audio), other = try neutral.features(audio)
            // sphinxbase keeps a warp's parameters in globals while it builds a front end's filters
            let second = try decoder(warp: "0.9")
            _ = try second.frontEnd(warp: 0.9, removingNoise: true)
            return (before, other, try high.features(audio), try first.decode(before).frames)
        }
        #expect(before.frames > 100 && before.width == 13)
        #expect(distance(other, before) > 0.01, "another warp, other features")
        #expect(again == before)
        #expect(frames > 100)
    }

    @Test("each utterance starts afresh: the same audio gives the same features whatever the front end heard before")
    func noCarryOver() async throws {
        let audio = try await Synthesizer.speak("turn on the towel warmer", voice: "espeak").samples
        let other = try await Synthesizer.speak("switch off the nanoleaf panels", voice: "slt").samples
        let (first, again) = try await blocking {
            let frontEnd = try decoder(warp: "1.0").frontEnd(warp: 1.0, removingNoise: true)  // its noise estimate could carry over
            let first = try frontEnd.features(audio)
            _ = try frontEnd.features(other.map { $0 / 8 })  // quieter: another noise estimate
            return (first, try frontEnd.features(audio))
        }
        #expect(again == first)
    }

    @Test("noise removal is a front end's own: other features, and the decoder's setting left as it was")
    func noiseRemoval() async throws {
        let audio = try await Synthesizer.speak("turn on the kitchen lamp", voice: "espeak").samples
        let (plain, removing, again) = try await blocking {
            let decoder = try decoder(warp: "1.0")
            return (
                try decoder.frontEnd(warp: 1.0, removingNoise: false).features(audio),
                try decoder.frontEnd(warp: 1.0, removingNoise: true).features(audio),
                try decoder.frontEnd(warp: 1.0, removingNoise: false).features(audio)
            )
        }
        #expect(distance(plain, removing) > 0.01)
        #expect(again == plain, "the decoder's own setting restored")
    }

    @Test("a front end with fewer frames a second: fewer frames of the same audio, and the decoder's setting left as it was")
    func frameRate() async throws {
        let audio = try await Synthesizer.speak("turn on the kitchen lamp", voice: "slt").samples
        let (usual, slower, again, phones) = try await blocking {
            let decoder = try decoder(warp: "1.0")
            return (
                try decoder.frontEnd(warp: 1.0, removingNoise: false).features(audio),
                try decoder.frontEnd(warp: 1.0, removingNoise: false, frameRate: 71).features(audio),
                try decoder.frontEnd(warp: 1.0, removingNoise: false).features(audio),
                ["lamp", "kitchen", "nothing-like-a-word"].map { decoder.phoneCount(of: $0) }
            )
        }
        // 71 rather than 100 a second; the front end's silence detector keeps a few frames of padding either way
        // (216 and 162 frames when written).
        let ratio = Double(slower.frames) / Double(max(1, usual.frames))
        #expect(ratio > 0.65 && ratio < 0.8, "\(slower.frames) frames against \(usual.frames)")
        #expect(again == usual, "the decoder's own setting restored")
        #expect(phones == [4, 5, 0], "L AE M P, K IH CH AH N; \(phones)")
    }

    @Test("the pitch of a low, a high and no voice")
    func pitch() async throws {
        let low = try await Synthesizer.speak("turn on the kitchen lamp", voice: "rms").samples
        let high = try await Synthesizer.speak("turn on the kitchen lamp", voice: "slt").samples
        let lowPitch = try #require(Pitch.median(low)), highPitch = try #require(Pitch.median(high))
        #expect((70...150).contains(lowPitch), "\(lowPitch)")
        #expect((150...250).contains(highPitch), "\(highPitch)")
        #expect(Pitch.median([Int16](repeating: 0, count: 16000)) == nil)
        #expect(Pitch.median([]) == nil)
        #expect(
            SpeechRecognizer.warp(pitch: 90) == 0.9 && SpeechRecognizer.warp(pitch: 120) == 1.0 && SpeechRecognizer.warp(pitch: 200) == 1.2)
        #expect(SpeechRecognizer.warp(pitch: nil) == 1.0)
    }
}
