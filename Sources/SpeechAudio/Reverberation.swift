import Foundation

/// Whether speech rings on after its sounds end, as in a reverberant room: such speech is heard with PocketSphinx's
/// noise removal, which takes the ringing out along with the noise (see `SpeechRecognizer.sharedArguments`).
/// (Measurements and history: docs/speech.md, "Reverberation: Reverberation".)
package enum Reverberation {
    /// 10 ms at 16 kHz.
    package static let frame = 160
    /// A fall is measured over this many frames.
    package static let span = 3
    /// Falls start within this many dB of the loudest frames (their 99th percentile).
    package static let range = 25.0
    /// Audio whose loudest frames are below this (dB; an RMS of 30, where speech peaks near 70 dB) is too quiet to judge.
    package static let quietest = 30.0
    /// Speech whose steepest falls are shallower than this (dB per `span`) is reverberant.
    package static let steepest = -15.0

    /// The 1st percentile of the level's falls over `span` frames (dB); nil for audio under 0.15 s or near silence.
    package static func steepestFall(_ samples: [Int16]) -> Double? {
        let count = samples.count / frame
        guard count > span + 12 else { return nil }
        let levels = Loudness.frameEnergies(samples).map { 10 * log10($0 + 1) }
        let loudest = percentile(levels, 0.99)
        guard loudest > quietest else { return nil }
        let start = loudest - range
        let falls = (0..<(count - span)).filter { levels[$0] > start }.map { levels[$0 + span] - levels[$0] }
        return falls.isEmpty ? nil : percentile(falls, 0.01)
    }

    /// Whether the samples' steepest falls are shallower than `steepest`.
    package static func isReverberant(_ samples: [Int16]) -> Bool {
        guard let fall = steepestFall(samples) else { return false }
        return fall > steepest
    }

    /// The value below which `fraction` of the values lie, interpolated as numpy's default.
    private static func percentile(_ values: [Double], _ fraction: Double) -> Double {
        let sorted = values.sorted()
        let position = fraction * Double(sorted.count - 1)
        let lower = Int(position)
        let upper = min(lower + 1, sorted.count - 1)
        return sorted[lower] + (sorted[upper] - sorted[lower]) * (position - Double(lower))
    }
}
