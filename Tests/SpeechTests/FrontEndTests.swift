import Foundation
@testable import Speech
import Testing
import TestSupport

@Suite("Front ends and the voice's pitch")
struct FrontEndTests {
    static let model = SpeechRecognizer.defaultModel

    func decoder(warp: String) throws -> PocketSphinxDecoder {
        try PocketSphinxDecoder(arguments: ["-hmm", Self.model + "/en-us", "-dict", Self.model + "/cmudict-en-us.dict", "-keyphrase", "lamp",
                                            "-logfn", "/dev/null", "-warp_type", "inverse_linear", "-warp_params", warp])
    }

    /// The mean absolute difference of two utterances' features.
    func distance(_ a: Features, _ b: Features) -> Double {
        guard a.width == b.width, a.frames == b.frames, !a.values.isEmpty else { return .infinity }
        return zip(a.values, b.values).reduce(0.0) { $0 + Double(abs($1.0 - $1.1)) } / Double(a.values.count)
    }

    @Test("a front end keeps its own warp when other decoders and front ends are made after it")
    func warpStays() async throws {
        let audio = try await Synthesizer.speak("turn on the kitchen lamp", voice: "slt").samples
        let first = try decoder(warp: "1.1")
        let high = try first.frontEnd(warp: 1.2), neutral = try first.frontEnd(warp: 1.0)
        // (A front end's first utterance keeps more frames: its silence detector has not learnt the noise yet.)
        _ = try high.features(audio)
        _ = try neutral.features(audio)
        let before = try high.features(audio)
        #expect(before.frames > 100 && before.width == 13)
        let otherWarp = distance(try neutral.features(audio), before)
        // (The noise estimate carries from one utterance to the next: the same audio twice differs a little.)
        let twice = distance(try high.features(audio), before)
        #expect(twice * 10 < otherWarp, "\(twice) \(otherWarp)")
        // sphinxbase keeps a warp's parameters in globals while it builds a front end's filters
        let second = try decoder(warp: "0.9")
        _ = try second.frontEnd(warp: 0.9)
        let after = distance(try high.features(audio), before)
        #expect(after * 10 < otherWarp, "\(after) \(otherWarp)")
        #expect(try first.decode(before).frames > 100)
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
        #expect(SpeechRecognizer.warp(pitch: 90) == 0.9 && SpeechRecognizer.warp(pitch: 120) == 1.0 && SpeechRecognizer.warp(pitch: 200) == 1.2)
        #expect(SpeechRecognizer.warp(pitch: nil) == 1.0)
    }
}
