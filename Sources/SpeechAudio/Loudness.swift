import Foundation

/// Quiet audio — a microphone turned down or far from the speaker — brought up to the level the recognizer hears
/// well.
/// (Measurements and history: docs/speech.md, "Loudness: Loudness".)
package enum Loudness {
    /// Audio whose level is below this is brought up.
    package static let quiet = 1_000
    /// The level quiet audio is brought to (about a quiet corpus voice's).
    package static let target = 4_000.0
    /// At most +40 dB: near silence stays near silence.
    package static let largestGain = 100.0

    /// The 99.5th percentile of the samples' magnitudes (0 for no samples).
    package static func level(_ samples: [Int16]) -> Int {
        guard !samples.isEmpty else { return 0 }
        var counts = [Int](repeating: 0, count: 32_769)
        for sample in samples { counts[Int(sample.magnitude)] += 1 }
        var below = samples.count - samples.count / 200  // the samples at or below the percentile
        for (magnitude, count) in counts.enumerated() {
            below -= count
            if below <= 0 { return magnitude }
        }
        return 32_768
    }

    /// The mean square of each whole 10 ms frame of 16 kHz samples (a last part frame left out).
    package static func frameEnergies(_ samples: [Int16]) -> [Double] {
        let frame = RecognizerAudio.sampleRate / 100
        return (0..<(samples.count / frame)).map { index in
            var energy = 0.0
            for sample in samples[index * frame..<(index + 1) * frame] { energy += Double(sample) * Double(sample) }
            return energy / Double(frame)
        }
    }

    /// The samples, brought up if they are quiet (and not all silence).
    package static func normalized(_ samples: [Int16]) -> [Int16] {
        let level = level(samples)
        guard level > 0, level < quiet else { return samples }
        let gain = min(target / Double(level), largestGain)
        return samples.map { Int16(rounding: Double($0) * gain) }
    }
}
