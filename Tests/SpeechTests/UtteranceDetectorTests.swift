import EspeakNG
import Foundation
import PocketSphinx
import Speech
import SpeechAudio
import SpeechGrammar
import TestSupport
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

    /// Noise with most of its energy low, as a room's (white noise through a one-pole low-pass), `level` RMS.
    func roomNoise(_ count: Int, level: Double, seed: UInt32) -> [Int16] {
        var state = seed, low = 0.0
        let raw = (0..<count).map { _ -> Double in
            state = state &* 1_664_525 &+ 1_013_904_223
            low = 0.9 * low + 0.1 * (Double(Int32(bitPattern: state) >> 16) / 32768)
            return low
        }
        let rms = (raw.reduce(0) { $0 + $1 * $1 } / Double(max(1, count))).squareRoot()
        return raw.map { Int16(clamping: Int(($0 / max(rms, 1e-9) * level).rounded())) }
    }

    @Test("a command 20 dB above a room's noise is one utterance, not cut where its words grow quiet")
    func speechInNoise() async throws {
        for (voice, text) in [("espeak", "hey voice plug, could you switch on the kitchen lamp"), ("kal", "please turn off the desk fan")] {
            let speech = try await blocking { try WAVReader.read(Array(synthesizeWAV(text, voice: voice))).samples }
            let rms = (speech.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(speech.count)).squareRoot()
            let noise = roomNoise(speech.count + 64_000, level: rms / 10, seed: 7)
            var stream = noise
            for (index, sample) in speech.enumerated() {
                stream[32_000 + index] = Int16(clamping: Int(stream[32_000 + index]) + Int(sample))
            }
            var detector = UtteranceDetector()
            let found = stride(from: 0, to: stream.count, by: 480).compactMap {
                detector.add(Array(stream[$0..<min($0 + 480, stream.count)]))
            }
            // Where the utterance lies in the stream; the speech (synthesizeWAV pads it with 0.3 s) starts at 2.3 s.
            let first = try #require(found.first, "\(voice): no utterance")
            let head = Array(first.samples.prefix(64))
            let start = try #require((0..<(stream.count - 64)).first { Array(stream[$0..<($0 + 64)]) == head })
            let (from, to) = (Double(start) / 16_000, Double(start + first.samples.count) / 16_000)
            let (said, ended) = (2.3, 2.0 + Double(speech.count) / 16_000 - 0.3)
            #expect(found.count == 1, "\(voice): \(found.map(\.duration))")
            #expect(from <= said + 0.15 && to >= ended, "\(voice): the utterance is \(from)–\(to) s, the speech \(said)–\(ended) s")
        }
    }
}
