import Foundation

/// A strong echo — the same sound again 50–300 ms later (a hard-walled room, a speakerphone; espeak-ng's voice
/// variants with an `echo` setting) — found and taken out before the front end sees the audio.
/// (Measurements and history: docs/speech.md, "Echo: Echo".)
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

    /// The audio with its echo, if it has one, taken out.
    /// (Measurements and history: docs/speech.md, "Echo: removed".)
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
