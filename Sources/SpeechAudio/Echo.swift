import Foundation

/// A strong echo — the same sound again 50–300 ms later (a hard-walled room,
/// a speakerphone; espeak-ng's voice variants with an `echo` setting) — found
/// and taken out before the front end sees the audio. The acoustic model
/// never heard speech laid over itself: with an echo the names fell into the
/// garbage loop, and flite slt's "turn off the piano lamp" with sox's `echos`
/// at 150 ms was heard as "turn on our piano lamp".
///
/// Found by the autocorrelation: an echo repeats every sound, voiced or not,
/// so the lag of the echo correlates in every frequency band alike, while a
/// steady pitch correlates the bands its harmonics fill at multiples of its
/// period (flite slt's and awb's reached 0.39 at 32–38 ms over the whole
/// band, 0.2 at 61 ms over the bands below 5 kHz) and leaves the hiss above
/// 5 kHz alone. The lag taken is the one whose least correlation over four
/// bands is highest; an echo when that is at least `least`. The echo is
/// modelled as y = x (1 + zero z^−delay) / (1 − pole z^−delay) — one
/// reflection (sox's `echo`), a feedback loop (`echos`, espeak-ng's), or both
/// — whose correlations at one and two delays give `pole` and `zero`, and
/// undone by the inverse filter.
///
/// Measured on every file of bench/speech/corpus.py's sets and
/// ../shared/corpus (18,928, clean and at 20 dB): the least band correlation
/// of the files by voices without an echo is at most 0.10 (flite slt's "play
/// some music"), of espeak-ng's RicishayMax (100 ms) and RicishayMax2 (150
/// ms) at least 0.18, of Marco's (50 ms, weaker) 0.10–0.20. Only files by
/// those three voices are found to have one (229, by a Python copy of this
/// finder), and only those are heard otherwise: right 12 / 7 → 37 / 36 of
/// their 60 / 60 in-grammar utterances (clean / 20 dB; RicishayMax 5 / 3 → 18
/// / 20 of 20, RicishayMax2 7 / 4 → 19 / 14, Marco 0 / 0 → 0 / 2), none of
/// their 120 non-commands accepted before or after; 1,500 files of other
/// voices drawn at random were heard exactly as before (text, margin and
/// hypothesis). The twenty-second set, written before it was heard, has
/// RicishayMax3 (200 ms, never used): right 4 / 3 → 18 / 16 of 20, and its
/// "turn off our hamster lamp please" is no longer heard as "… on". The
/// finder takes 2.2–2.7 ms for a 2.8 s utterance, a real-time factor of
/// 0.001, since only the loudest 1.75 s are looked at (`fft`); `voiceplug
/// bench --speech` with 100 devices and 1,000 shortcuts gave 0.086–0.091
/// before and 0.087–0.095 after (nine interleaved runs each, on a shared
/// machine). On flite awb, kal16, slt and rms saying two commands with sox's
/// reflections (no noise floor): at half the sound's loudness after 60 and
/// 200 ms (`echo 0.8 0.88 60 0.4`, as sox's manual has it) 7 / 1 → 7 / 8 of 8
/// right; at 0.3–0.9 of it after 100 ms 21 → 30 of 32; at 0.3–1.8 of it,
/// quieter, 25 → 31 of 40 (undone only forwards: 20, the louder ones none,
/// and two heard with the wrong state; with the choice by kurtosis one,
/// refused since by `SpeechRecognizer.recognize`). Echoes later than 300 ms
/// are not looked for (sox's `echos 0.8 0.7 700 0.25 700 0.3`: 1 of 8 either
/// way).
package enum Echo {
    /// An echo: `delay` samples, and the filter that makes it.
    package struct Estimate: Equatable {
        package var delay: Int
        package var zero: Double
        package var pole: Double
    }

    /// The delays looked at, in seconds: below 50 ms a steady pitch looks like an echo.
    package static let delays = (shortest: 0.05, longest: 0.3)
    /// The bands (Hz) that must all correlate at the delay.
    package static let bands = [(300.0, 1_000.0), (1_000.0, 2_500.0), (2_500.0, 5_000.0), (5_000.0, 8_000.0)]
    /// The least correlation in every band that is an echo.
    package static let least = 0.14
    /// The strongest reflection or feedback undone (the inverse filter's pole must stay inside the unit circle).
    package static let strongest = 0.9

    /// The audio with its echo, if it has one, taken out. A reflection's
    /// correlations are those of one as much weaker as it is louder (b and
    /// 1/b): undone forwards, the filter for a weaker one fits; a louder one
    /// (the copy stronger than the sound, a microphone facing the wall) is
    /// the weaker one of the audio played backwards, and is undone there.
    /// Of the two, the one whose samples are the more sharply peaked (the
    /// greater kurtosis) is taken: the wrong one smears each sound over its
    /// neighbours.
    package static func removed(_ samples: [Int16]) -> [Int16] {
        guard let echo = estimate(samples) else { return samples }
        // The feedback loop first (it runs forwards in time), then the reflection, forwards and backwards.
        let delay = echo.delay
        let fed = samples.indices.map { Double(samples[$0]) - ($0 >= delay ? echo.pole * Double(samples[$0 - delay]) : 0) }
        func reflectionUndone(_ signal: [Double]) -> [Double] {
            var output = signal
            for index in delay..<max(delay, output.count) { output[index] -= echo.zero * output[index - delay] }
            return output
        }
        var output = reflectionUndone(fed)
        if echo.zero > 0 {
            let backwards = Array(reflectionUndone(fed.reversed()).reversed())
            if kurtosis(backwards) > kurtosis(output) { output = backwards }
        }
        return output.map(Int16.init(rounding:))
    }

    /// The fourth moment over the squared second (3 for Gaussian noise, more
    /// for speech's sharp peaks and pauses).
    package static func kurtosis(_ signal: [Double]) -> Double {
        guard !signal.isEmpty else { return 0 }
        let mean = signal.reduce(0, +) / Double(signal.count)
        var second = 0.0, fourth = 0.0
        for value in signal {
            let square = (value - mean) * (value - mean)
            second += square
            fourth += square * square
        }
        return second > 0 ? fourth * Double(signal.count) / (second * second) : 0
    }

    /// The echo in `samples` (16 kHz), or nil when there is none or the audio
    /// is too short to tell (under two of the longest delays).
    package static func estimate(_ samples: [Int16]) -> Estimate? {
        let rate = Double(RecognizerAudio.sampleRate)
        let shortest = Int(delays.shortest * rate), longest = Int(delays.longest * rate)
        guard samples.count > 2 * longest else { return nil }
        let stretch = loudest(samples, count: fft.length - longest)
        let mean = stretch.reduce(0.0) { $0 + Double($1) } / Double(stretch.count)
        var signal = [Double](repeating: 0, count: fft.length)
        for (index, sample) in stretch.enumerated() { signal[index] = Double(sample) - mean }
        let power = fft.power(signal)
        let (first, second) = autocorrelations(power, bands[0], bands[1], upTo: longest)
        let (third, fourth) = autocorrelations(power, bands[2], bands[3], upTo: longest)
        let wholeBand = { (lag: Int) in (lag..<stretch.count).reduce(0.0) { $0 + signal[$1] * signal[$1 - lag] } }
        let energy = wholeBand(0)
        // A band with nothing in it (above 4 kHz in speech from 8 kHz, resampled) is left out; flite awb's "open the
        // blinds" holds 2.5e-5 of its power above 5 kHz, and correlates there as little as the echo-free files below.
        let heard = [first, second, third, fourth].filter { $0[0] > 1e-7 * energy * Double(fft.length) }
        guard energy > 0, heard.count >= 2 else { return nil }
        var delay = shortest, best = -Double.infinity
        for lag in shortest...longest {
            let correlation = heard.reduce(Double.infinity) { min($0, $1[lag] / $1[0]) }
            if correlation > best { (delay, best) = (lag, correlation) }
        }
        guard best >= least else { return nil }
        // For the model's impulse response, r(2·delay) = pole · r(delay), and r(delay) / r(0) = s (1 + pole s / (1 − pole²)) / (1 + s² / (1 − pole²)) with s = zero + pole.
        let once = wholeBand(delay) / energy, twice = wholeBand(2 * delay) / energy
        let pole = min(max(twice / once, 0), once, strongest)
        let curvature = (once - pole) / (1 - pole * pole)
        let sum = curvature < 1e-9 ? once : (1 - (max(0, 1 - 4 * once * curvature)).squareRoot()) / (2 * curvature)
        return Estimate(delay: delay, zero: min(max(sum - pole, 0), strongest), pole: pole)
    }

    /// The transform the correlations are found with: 2^15 samples hold the
    /// longest delay and 1.75 s of audio (`loudest`), which is time enough to
    /// hear an echo; the whole of a longer utterance took a transform of twice
    /// the length and twice the time.
    private static let fft = FFT(length: 32_768)

    /// The loudest `count` samples in a row (all of them when there are no more).
    private static func loudest(_ samples: [Int16], count: Int) -> ArraySlice<Int16> {
        guard samples.count > count else { return samples[...] }
        var energy = samples[..<count].reduce(0.0) { $0 + Double($1) * Double($1) }
        var (start, most) = (0, energy)
        for next in 1...(samples.count - count) {
            energy +=
                Double(samples[next + count - 1]) * Double(samples[next + count - 1]) - Double(samples[next - 1])
                * Double(samples[next - 1])
            if energy > most { (start, most) = (next, energy) }
        }
        return samples[start..<start + count]
    }

    /// The autocorrelations (lags 0...`upTo`, times the transform's length) of
    /// two bands of the signal whose power spectrum (bins 0...length/2) is
    /// `power`: the transform of a real, even spectrum is real, so the two
    /// ride one transform.
    private static func autocorrelations(
        _ power: [Double], _ first: (Double, Double), _ second: (Double, Double),
        upTo lags: Int
    ) -> ([Double], [Double]) {
        let binWidth = Double(RecognizerAudio.sampleRate) / Double(fft.length)
        func spectrum(_ band: (Double, Double)) -> [Double] {
            (0..<fft.length).map { index in
                let bin = index <= fft.length / 2 ? index : fft.length - index
                let frequency = Double(bin) * binWidth
                return frequency >= band.0 && frequency < band.1 ? power[bin] : 0
            }
        }
        var real = spectrum(first), imaginary = spectrum(second)
        fft.transform(&real, &imaginary)
        return (Array(real[0...lags]), Array(imaginary[0...lags]))
    }
}
