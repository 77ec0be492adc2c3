import EspeakNG
import Foundation
import PocketSphinx
import Speech
import SpeechAudio
import SpeechGrammar
import TestSupport
import Testing
import VoiceAdaptation

@Suite("Reverberant speech told apart")
struct ReverberationTests {
    static let voices = ["slt", "awb", "kal16", "espeak", "espeak:en-gb:155"]

    @Test("dry speech falls steeply, clean and at 20 dB; the same speech in a reverberant room mostly does not")
    func reverberant() async throws {
        var reverberant: [String] = []
        for voice in Self.voices {
            for snr in [nil, 20.0] {
                let dry = try await Synthesizer.speak("switch off the coffee maker", voice: voice, snr: snr).samples
                let fall = try #require(try await blocking { Reverberation.steepestFall(dry) })
                #expect(fall < Reverberation.steepest - 3, "\(voice) at \(snr.map { "\($0) dB" } ?? "-40 dB floor"): \(fall)")
            }
            let room = try await Synthesizer.speak("switch off the coffee maker", voice: voice, effects: ["reverb", "80"]).samples
            if try #require(try await blocking { Reverberation.steepestFall(room) }) > Reverberation.steepest { reverberant.append(voice) }
        }
        // slt's is not (−18.7; its dry speech falls by −30 and more): of 250 corpus files with sox's reverb 80, 94 % were.
        #expect(reverberant.count >= 4, "\(reverberant)")
    }

    @Test("silence and audio too short to judge are not reverberant; a steady tone, which never falls, is")
    func edges() {
        let silence = [Int16](repeating: 0, count: 16_000), nearSilence = (0..<16_000).map { Int16($0 % 7) - 3 }
        #expect(Reverberation.steepestFall(silence) == nil && !Reverberation.isReverberant(silence))
        #expect(Reverberation.steepestFall(nearSilence) == nil)
        #expect(!Reverberation.isReverberant([]))
        #expect(Reverberation.steepestFall([Int16](repeating: 1_000, count: 2_000)) == nil, "0.125 s")
        let tone = (0..<16_000).map { Int16(8_000 * sin(Double($0) * 2 * .pi * 440 / 16_000)) }
        #expect(Reverberation.steepestFall(tone).map { abs($0) < 1 } == true, "a steady tone does not fall")
        #expect(Reverberation.isReverberant(tone))
    }
}
