import CPocketSphinx
import Foundation

/// One utterance's acoustic features (cepstra): `frames` rows of `width` values.
package struct Features: Equatable {
    package var values: [Float]
    package var frames: Int
    package var width: Int

    /// The features of some of the frames.
    package func frames(_ range: ClosedRange<Int>) -> Features {
        guard frames > 0 else { return self }
        let range = range.clamped(to: 0...max(0, frames - 1))
        return Features(
            values: Array(values[(range.lowerBound * width)..<((range.upperBound + 1) * width)]), frames: range.count, width: width)
    }
}

/// A front end (`fe_t`): 16 kHz samples to the features a decoder scores,
/// made by `PocketSphinxDecoder.frontEnd(warp:removingNoise:frameRate:)`. Not thread-safe.
package final class FrontEnd {
    private let frontEnd: OpaquePointer

    init(_ frontEnd: OpaquePointer) { self.frontEnd = frontEnd }

    deinit { fe_free(frontEnd) }

    /// The features of a whole utterance, as the decoder makes them from raw audio (`fe_start_utt`,
    /// `fe_process_frames`, `fe_end_utt`).
    /// (Measurements and history: docs/speech.md, "PocketSphinxDecoder: features".)
    package func features(_ samples: [Int16]) throws(SpeechError) -> Features {
        let width = Int(fe_get_output_size(frontEnd))
        var count = samples.count
        var frames: Int32 = 0
        guard fe_process_frames(frontEnd, nil, &count, nil, &frames, nil) >= 0 else { throw .decoder("the audio could not be processed") }
        var values = [Float](repeating: 0, count: (Int(frames) + 1) * width)
        let made = samples.withUnsafeBufferPointer { audio in
            values.withUnsafeMutableBufferPointer { buffer -> Int32 in
                guard let base = buffer.baseAddress else { return -1 }
                var rows: [UnsafeMutablePointer<Float>?] = (0...Int(frames)).map { base + $0 * width }
                var input = audio.baseAddress
                var remaining = audio.count
                var produced = frames
                fe_start_stream(frontEnd)
                fe_start_utt(frontEnd)
                guard fe_process_frames(frontEnd, &input, &remaining, &rows, &produced, nil) >= 0 else { return -1 }
                var tail: Int32 = 0
                fe_end_utt(frontEnd, rows[Int(produced)], &tail)
                return produced + tail
            }
        }
        guard made >= 0 else { throw .decoder("the audio could not be processed") }
        return Features(values: Array(values.prefix(Int(made) * width)), frames: Int(made), width: width)
    }
}
