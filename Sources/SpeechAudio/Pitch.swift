/// The voice's pitch: the median fundamental frequency of an utterance's
/// voiced frames, by autocorrelation at 8 kHz (40 ms frames every 10 ms;
/// a frame counts when its energy is at least 5% of the loudest frame's
/// and its autocorrelation peak between 60 and 400 Hz is at least 0.4 of
/// its energy). Nil when no frame is voiced.
package enum Pitch {
    package static func median(_ samples: [Int16]) -> Double? {
        let rate = 8_000, length = 320, hop = 80
        let audio = stride(from: 0, to: samples.count, by: 2).map { Double(samples[$0]) }  // 16 kHz → 8 kHz
        guard audio.count > length else { return nil }
        let starts = Array(stride(from: 0, to: audio.count - length, by: hop))
        let energies = starts.map { start in audio[start..<start + length].reduce(0) { $0 + $1 * $1 } }
        guard let loudest = energies.max(), loudest > 0 else { return nil }
        let shortest = rate / 400, longest = rate / 60
        var pitches: [Double] = []
        for (start, energy) in zip(starts, energies) where energy >= loudest * 0.05 {
            let slice = audio[start..<start + length]
            let mean = slice.reduce(0, +) / Double(length)
            let frame = slice.map { $0 - mean }
            func correlation(_ lag: Int) -> Double {
                var sum = 0.0
                for index in 0..<(length - lag) { sum += frame[index] * frame[index + lag] }
                return sum
            }
            let zero = correlation(0)
            var best = shortest, bestValue = -Double.infinity
            for lag in shortest..<longest {
                let value = correlation(lag)
                if value > bestValue { best = lag; bestValue = value }
            }
            if bestValue > 0.4 * zero { pitches.append(Double(rate) / Double(best)) }
        }
        guard !pitches.isEmpty else { return nil }
        let sorted = pitches.sorted()
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }
}
