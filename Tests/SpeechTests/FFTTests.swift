import EspeakNG
import Foundation
import PocketSphinx
import Speech
import SpeechAudio
import SpeechGrammar
import Testing
import VoiceAdaptation

@Suite("The fast Fourier transform")
struct FFTTests {
    let length = 64

    /// A repeatable test signal: noise and a sine of bin `bin`.
    func signal(seed: UInt32, bin: Int) -> [Double] {
        var state = seed
        return (0..<length).map { index -> Double in
            state = state &* 1_664_525 &+ 1_013_904_223
            return Double(Int(state >> 24) - 128) + 500 * sin(2 * Double.pi * Double(bin * index) / Double(length))
        }
    }

    /// X[k] = Σ x[n] e^(−2πikn/N), summed directly.
    func direct(_ real: [Double], _ imaginary: [Double], bin: Int) -> (Double, Double) {
        var sum = (0.0, 0.0)
        for index in 0..<length {
            let angle = -2 * Double.pi * Double(bin * index) / Double(length)
            sum.0 += real[index] * cos(angle) - imaginary[index] * sin(angle)
            sum.1 += real[index] * sin(angle) + imaginary[index] * cos(angle)
        }
        return sum
    }

    @Test("the transform of complex input is a direct DFT's")
    func transform() {
        let (input, inputImaginary) = (signal(seed: 7, bin: 5), signal(seed: 11, bin: 9))
        var (real, imaginary) = (input, inputImaginary)
        FFT(length: length).transform(&real, &imaginary)
        for bin in 0..<length {
            let (expectedReal, expectedImaginary) = direct(input, inputImaginary, bin: bin)
            #expect(abs(real[bin] - expectedReal) <= 1e-6 * max(1, abs(expectedReal)), "bin \(bin)")
            #expect(abs(imaginary[bin] - expectedImaginary) <= 1e-6 * max(1, abs(expectedImaginary)), "bin \(bin)")
        }
    }

    @Test("the power spectrum of real input is a direct DFT's")
    func power() {
        let input = signal(seed: 7, bin: 5)
        let power = FFT(length: length).power(input)
        #expect(power.count == length / 2 + 1)
        for bin in 0...length / 2 {
            let (real, imaginary) = direct(input, [Double](repeating: 0, count: length), bin: bin)
            let expected = real * real + imaginary * imaginary
            #expect(abs(power[bin] - expected) <= 1e-6 * max(1, expected), "bin \(bin): \(power[bin]) against \(expected)")
        }
        #expect(power.indices.max { power[$0] < power[$1] } == 5)
    }
}
