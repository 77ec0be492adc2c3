import EspeakNG
import Foundation
import PocketSphinx
import Speech
import SpeechAudio
import SpeechGrammar
import TestSupport
import Testing
import VoiceAdaptation

func sine(_ frequency: Double, rate: Int, seconds: Double, channels: Int = 1) -> [[Float]] {
    (0..<Int(Double(rate) * seconds)).map { index in
        Array(repeating: Float(0.5 * sin(2 * .pi * frequency * Double(index) / Double(rate))), count: channels)
    }
}

@Suite("Reading WAV files for the recognizer")
struct WAVReaderTests {
    @Test(
        "any common rate, mono or stereo, PCM or float, comes out as 16 kHz mono of the same length",
        arguments: [(8000, 1, 1), (16000, 1, 1), (22050, 2, 1), (44100, 2, 3), (48000, 1, 3), (11025, 1, 1)])
    func formats(rate: Int, channels: Int, format: Int) throws {
        let audio = try WAVReader.read(
            wav(rate: rate, channels: channels, format: format, frames: sine(440, rate: rate, seconds: 1, channels: channels)))
        #expect(abs(audio.samples.count - 16000) <= 1)
        let peak = audio.samples.map { abs(Int($0)) }.max() ?? 0
        #expect(peak > 14_000 && peak < 17_500, "a 0.5 sine keeps its level: \(peak)")
    }

    @Test(
        "every common sample width keeps the samples' level and sign",
        arguments: [(1, 8), (1, 16), (1, 24), (1, 32), (3, 32), (3, 64)])
    func sampleWidths(format: Int, bits: Int) throws {
        let frames: [[Float]] = [0.5, -0.5, 0.25, -1, 0].map { [$0] }
        let audio = try WAVReader.read(wav(rate: 16000, channels: 1, format: format, bits: bits, frames: frames))
        let expected: [Int] = [16384, -16384, 8192, -32768, 0]
        let tolerance = bits == 8 ? 260 : 2  // 8-bit keeps 1 in 128
        #expect(audio.samples.count == expected.count, "\(audio.samples)")
        #expect(zip(audio.samples, expected).allSatisfy { abs(Int($0) - $1) <= tolerance }, "\(audio.samples)")
    }

    @Test("a float file's NaN and infinities are read as silence")
    func nonFiniteFloats() throws {
        let frames: [[Float]] = [.nan, .infinity, -.infinity, 0.5].map { [$0] }
        let audio = try WAVReader.read(wav(rate: 16000, channels: 1, format: 3, frames: frames))
        #expect(audio.samples == [0, 0, 0, 16384])
    }

    @Test("WAVE_FORMAT_EXTENSIBLE files are read by their sub-format")
    func extensible() throws {
        let audio = try WAVReader.read(
            wav(rate: 16000, channels: 2, format: 3, extensible: true, frames: sine(300, rate: 16000, seconds: 0.5, channels: 2)))
        #expect(audio.samples.count == 8000)
        #expect(audio.duration == 0.5)
    }

    @Test("stereo is averaged: opposite channels cancel")
    func stereoAveraged() throws {
        let frames = (0..<1600).map { index -> [Float] in
            let value = Float(sin(Double(index) / 10)) * 0.5
            return [value, -value]
        }
        let audio = try WAVReader.read(wav(rate: 16000, channels: 2, format: 1, frames: frames))
        #expect(audio.samples.count == 1600)
        #expect(audio.samples.allSatisfy { abs(Int($0)) <= 1 })
    }

    @Test("broken and unsupported files give clear errors")
    func errors() {
        #expect(throws: WAVError.notWAV) { try WAVReader.read(Array("hello, not audio".utf8)) }
        let good = wav(rate: 16000, channels: 1, format: 1, frames: sine(440, rate: 16000, seconds: 0.1))
        #expect(throws: WAVError.truncated) { try WAVReader.read(Array(good.prefix(30))) }
        #expect(throws: WAVError.unsupportedChannels(3)) {
            try WAVReader.read(wav(rate: 16000, channels: 3, format: 1, frames: [[0, 0, 0]]))
        }
        #expect(throws: WAVError.unsupportedSampleRate(96000)) {
            try WAVReader.read(wav(rate: 96000, channels: 1, format: 1, frames: [[0]]))
        }
        var twelveBit = good
        twelveBit[34] = 12  // bits per sample in the fmt chunk
        #expect(throws: WAVError.unsupportedFormat("12-bit PCM")) { try WAVReader.read(twelveBit) }
        var adpcm = good
        adpcm[20] = 2  // the format code: Microsoft ADPCM
        #expect(throws: WAVError.unsupportedFormat("encoding 2")) { try WAVReader.read(adpcm) }
        var wideMuLaw = good
        wideMuLaw[20] = 7  // µ-law, but 16 bits a sample
        #expect(throws: WAVError.unsupportedFormat("16-bit µ-law")) { try WAVReader.read(wideMuLaw) }
        #expect("\(WAVError.unsupportedSampleRate(96000))".contains("8,000 to 48,000 Hz"))
    }

    @Test("G.711 codes decode to the standard's linear values: the ends, the zeros, and rising with the code")
    func g711Codes() {
        #expect(G711.muLaw(0x80) == 32124 && G711.muLaw(0x00) == -32124)
        #expect(G711.muLaw(0xFF) == 0 && G711.muLaw(0x7F) == 0)
        #expect(G711.aLaw(0xAA) == 32256 && G711.aLaw(0x2A) == -32256)
        #expect(G711.aLaw(0xD5) == 8 && G711.aLaw(0x55) == -8)
        // Positive µ-law codes fall from 0x80 (loudest) to 0xFF (zero); negative ones from 0x00 to 0x7F.
        let positive = (0x80...0xFF).map { G711.muLaw(UInt8($0)) }
        #expect(zip(positive, positive.dropFirst()).allSatisfy { $0 > $1 })
        let negative = (0x00...0x7F).map { G711.muLaw(UInt8($0)) }
        #expect(zip(negative, negative.dropFirst()).allSatisfy { $0 < $1 })
        // Every A-law code's magnitude and its sign's mirror: bit 7 set is positive.
        #expect((0...0x7F).allSatisfy { G711.aLaw(UInt8($0)) == -G711.aLaw(UInt8($0 | 0x80)) && G711.aLaw(UInt8($0 | 0x80)) > 0 })
        #expect(Set((0...0xFF).map { G711.aLaw(UInt8($0)) }).count == 256)
    }

    @Test("µ-law and A-law files as sox writes them read as the same speech as 16-bit PCM", arguments: ["u-law", "a-law"])
    func g711Files(encoding: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("voiceplug-g711-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func made(_ name: String, _ format: [String]) throws -> RecognizerAudio {
            let path = folder.appendingPathComponent(name).path
            let (status, output) = try runCommand(
                "sox", ["-R", "-n", "-r", "8000", "-c", "1"] + format + [path, "synth", "0.5", "sine", "300-1200", "vol", "0.4"])
            #expect(status == 0, "\(output)")
            return try WAVReader.read(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        }
        let linear = try made("linear.wav", ["-e", "signed-integer", "-b", "16"])
        let companded = try made("companded.wav", ["-e", encoding])
        #expect(companded.samples.count == linear.samples.count && linear.samples.count == 8000)
        // G.711 keeps about 1 part in 32 of a sample's size: compare the error to the signal.
        let error = zip(linear.samples, companded.samples).map { Double($0) - Double($1) }.map { $0 * $0 }.reduce(0, +)
        let signal = linear.samples.map { Double($0) * Double($0) }.reduce(0, +)
        #expect(signal > 0 && 10 * log10(signal / error) > 30, "signal to error \(10 * log10(signal / error)) dB")
    }

    @Test("a data chunk that claims more than the file holds is read as far as it goes")
    func streamedFile() throws {
        var file = wav(rate: 16000, channels: 1, format: 1, frames: sine(440, rate: 16000, seconds: 0.25))
        file.removeLast(800)  // a stream cut off: the header still claims the full length
        let audio = try WAVReader.read(file)
        #expect(audio.samples.count == 4000 - 400)
    }
}
