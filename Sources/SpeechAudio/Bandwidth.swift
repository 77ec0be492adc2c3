import Foundation

/// Speech sampled at 8 kHz (a telephone line, flite's default voice "kal") and brought to 16 kHz elsewhere holds
/// nothing above 4 kHz, where the en-us acoustic model, trained on 16 kHz speech, expects the hiss of fricatives and
/// the upper formants: five of the front end's 25 filters see only the floor.
/// (Measurements and history: docs/speech.md, "Bandwidth: Bandwidth".)
package enum Bandwidth {
    /// Whether the band from 4.4 to 7 kHz holds only a steady floor: its power in 32 ms frames varies by less than 3
    /// dB (the 95th against the 10th percentile).
    /// (Measurements and history: docs/speech.md, "Bandwidth: isNarrow".)
    package static func isNarrow(_ samples: [Int16]) -> Bool {
        let length = fft.length, hop = length / 2
        guard samples.count >= length + 10 * hop else { return false }
        let binWidth = Double(RecognizerAudio.sampleRate) / Double(length)
        let band = Int((4_400 / binWidth).rounded(.up))..<Int(7_000 / binWidth)
        var levels: [Double] = []
        for start in stride(from: 0, through: samples.count - length, by: hop) {
            let power = fft.power((0..<length).map { Double(samples[start + $0]) * window[$0] })
            levels.append(10 * log10(band.reduce(1) { $0 + power[$1] }))
        }
        levels.sort()
        let percentile = { (fraction: Double) in levels[Int(Double(levels.count - 1) * fraction)] }
        return percentile(0.95) - percentile(0.10) < 3
    }

    /// The transform and Hann window of `isNarrow`'s 32 ms frames, made once.
    private static let fft = FFT(length: 512)
    private static let window = (0..<fft.length).map { 0.5 - 0.5 * cos(2 * Double.pi * Double($0) / Double(fft.length)) }

    /// The audio as from 8 kHz: every second sample kept, each one between
    /// the mean of its neighbours.
    package static func extended(_ samples: [Int16]) -> [Int16] {
        samples.indices.map { index in
            guard index % 2 == 1, index + 1 < samples.count else { return samples[index] }
            return Int16((Int(samples[index - 1]) + Int(samples[index + 1])) / 2)
        }
    }
}
