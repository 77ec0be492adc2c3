import EspeakNG
import Foundation
import PocketSphinx
import Speech
import SpeechAudio
import SpeechGrammar
import TestSupport
import Testing
import VoiceAdaptation
import VoiceShortcuts

@Suite("Narrowband speech: told apart and given a high band")
struct BandwidthTests {
    @Test("speech sampled at 8 kHz and brought to 16 kHz is narrowband, clean or in noise; 16 kHz voices are not")
    func narrow() async throws {
        for snr in [nil, 20.0] {
            // flite's 8 kHz voice, brought to 16 kHz by sox
            let kal = try await Synthesizer.speak("turn off the kitchen lamp", voice: "kal", snr: snr).samples
            #expect(Bandwidth.isNarrow(kal), "flite kal, snr \(snr ?? 40)")
            for voice in ["kal16", "slt", "awb", "espeak", "espeak:en-gb"] {
                let wide = try await Synthesizer.speak("turn off the kitchen lamp", voice: voice, snr: snr).samples
                #expect(!Bandwidth.isNarrow(wide), "\(voice), snr \(snr ?? 40)")
            }
        }
        #expect(!Bandwidth.isNarrow([Int16](repeating: 100, count: 2000)), "too short to tell")
    }

    @Test("narrowband speech is given a high band as WAVReader gives an 8 kHz file one")
    func extended() async throws {
        let kal = try await Synthesizer.speak("switch on the christmas tree", voice: "kal").samples
        let wider = Bandwidth.extended(kal)
        #expect(wider.count == kal.count)
        #expect(stride(from: 0, to: kal.count, by: 2).allSatisfy { wider[$0] == kal[$0] })
        let between = stride(from: 1, to: kal.count - 1, by: 2).map { (Int(kal[$0 - 1]) + Int(kal[$0 + 1])) / 2 }
        #expect(between == stride(from: 1, to: kal.count - 1, by: 2).map { Int(wider[$0]) })
        #expect(!Bandwidth.isNarrow(wider), "the band above 4 kHz follows the speech now")
        #expect(Bandwidth.extended([Int16.max, Int16.max, Int16.max, 7]) == [Int16.max, Int16.max, Int16.max, 7])
        // The recognizer does so before it hears (these files have a noise floor, so nothing else changes).
        #expect(SpeechRecognizer.conditioned(RecognizerAudio(samples: kal)).samples == wider)
        let slt = try await Synthesizer.speak("switch on the christmas tree", voice: "slt")
        #expect(SpeechRecognizer.conditioned(slt) == slt)

        // The same utterance as flite wrote it (8 kHz, read by WAVReader) is heard as from the 16 kHz file.
        let raw = try await Synthesizer.asFliteWritesIt("switch on the christmas tree", voice: "kal")
        #expect(!Bandwidth.isNarrow(raw.samples), "WAVReader's interpolation gave it its high band")
        let devices = [Device(id: "tree", name: "christmas tree")]
        let recognizer = try await blocking { try SpeechRecognizer(devices: devices, shortcuts: []) }
        #expect(try await recognizer.hear(raw).text == "switch on the christmas tree")
        #expect(try await recognizer.hear(RecognizerAudio(samples: kal)).text == "switch on the christmas tree")
    }
}
