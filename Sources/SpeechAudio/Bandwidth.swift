import Foundation

/// Speech sampled at 8 kHz (a telephone line, flite's default voice "kal")
/// and brought to 16 kHz elsewhere holds nothing above 4 kHz, where the en-us
/// acoustic model, trained on 16 kHz speech, expects the hiss of fricatives
/// and the upper formants: five of the front end's 25 filters see only the
/// floor. Such audio is given a high band again the way `WAVReader` brings
/// an 8 kHz file to 16 kHz, by linear interpolation between every second
/// sample, which mirrors the band below 4 kHz above it (spectral folding,
/// Makhoul and Berouti, "High-frequency regeneration in speech coding
/// systems", 1979): the gain is cos²(πf / 16 kHz), so 3 kHz is heard 3 dB
/// down and its mirror at 5 kHz 10 dB down — near the tilt of wideband
/// speech, whose 4–6 kHz band lies 7–13 dB below its 2–4 kHz band (flite slt,
/// rms, kal16 and espeak-ng en-us on the corpus).
///
/// Measured with flite kal on bench/speech/corpus.py's sets up to the
/// nineteenth and ../shared/corpus (626 in-grammar and 222 out-of-grammar
/// utterances, each clean and at 20 dB; the same voice's 16 kHz kal16 is
/// 99.0% right): its 16 kHz files heard as they were, right 598 / 587,
/// wrong 3 / 5, accepted 5 / 8; with this, 613 / 614, wrong 0 / 0, accepted
/// 4 / 4; brought to 8 kHz first (sox) and so heard through `WAVReader`'s
/// interpolation, 614 / 616, wrong 0 / 0, accepted 5 / 4. A flat mirror
/// instead (each sample times 1 ± 0.1): 612 / 613, wrong 1 / 2, accepted
/// 6 / 7; 10 dB down, or only the band above 2 kHz mirrored, alike. The
/// twentieth set, written before it was heard: flite kal's 16 kHz files
/// 17 / 17 → 19 / 18 of 20, its 8 kHz files 18 / 18 both ways; its six
/// other voices unchanged.
package enum Bandwidth {
    /// Whether the band from 4.4 to 7 kHz holds only a steady floor: its power
    /// in 32 ms frames varies by less than 3 dB (the 95th against the 10th
    /// percentile). flite kal's files brought to 16 kHz, clean or in pink
    /// noise: 1.5–2.2 dB (all 1,696 of the sets told narrow); of the 15,312
    /// files of 16 kHz voices, 8 are under 3 dB (short phrases with no
    /// fricative, "good morning", "call mom", by espeak-ng variants and flite
    /// kal16; all 8 heard as before), 27 dB the median. Heard again with
    /// this, every file of the sets by another voice than kal was answered
    /// as before. Too short to tell (under 0.2 s): false.
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
