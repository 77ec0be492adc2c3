import CPocketSphinx
import Foundation

/// The one boundary to PocketSphinx: a decoder (`ps_decoder_t`) made from an
/// argument list, decoding whole utterances. Not thread-safe: its owner
/// serialises access. No C pointer leaves this file.
final class PocketSphinxDecoder {
    /// One recognized word with its frames and acoustic score.
    struct Segment: Equatable {
        var word: String
        var startFrame: Int
        var endFrame: Int
        var acousticScore: Int32
    }

    /// A decoded utterance.
    struct Decoding: Equatable {
        var hypothesis: String
        var score: Int32
        var frames: Int
        var segments: [Segment]
    }

    private let decoder: OpaquePointer
    private let config: OpaquePointer

    /// Creates a decoder (`cmd_ln_parse_r` with `ps_args()`, then `ps_init`);
    /// `arguments` are PocketSphinx's options, e.g. ["-hmm", path, "-dict", path, "-jsgf", path].
    init(arguments: [String]) throws(SpeechError) {
        err_set_logfp(nil)  // sphinxbase logs to stderr by default
        let argv = (["voiceplug"] + arguments).map { strdup($0) }
        defer { argv.forEach { free($0) } }
        var pointers: [UnsafeMutablePointer<CChar>?] = argv
        guard let config = cmd_ln_parse_r(nil, ps_args(), Int32(pointers.count), &pointers, 1) else {
            throw .decoder("the options were refused: \(arguments.joined(separator: " "))")
        }
        guard let decoder = ps_init(config) else {
            cmd_ln_free_r(config)
            throw .decoder("the decoder did not start (model, dictionary or grammar rejected)")
        }
        self.config = config
        self.decoder = decoder
    }

    deinit {
        ps_free(decoder)
        cmd_ln_free_r(config)
    }

    /// Decodes one utterance of 16 kHz mono samples
    /// (`ps_start_utt`, `ps_process_raw`, `ps_end_utt`, `ps_get_hyp`, `ps_seg_iter`).
    func decode(_ samples: [Int16]) throws(SpeechError) -> Decoding {
        guard ps_start_utt(decoder) >= 0 else { throw .decoder("cannot start an utterance") }
        let processed = samples.withUnsafeBufferPointer { ps_process_raw(decoder, $0.baseAddress, $0.count, 0, 1) }
        guard ps_end_utt(decoder) >= 0, processed >= 0 else { throw .decoder("the audio could not be processed") }
        var score: Int32 = 0
        let hypothesis = ps_get_hyp(decoder, &score).map { String(cString: $0) } ?? ""
        var segments: [Segment] = []
        var segment = ps_seg_iter(decoder)
        while let current = segment {
            var start: Int32 = 0, end: Int32 = 0, acoustic: Int32 = 0, language: Int32 = 0, backoff: Int32 = 0
            ps_seg_frames(current, &start, &end)
            _ = ps_seg_prob(current, &acoustic, &language, &backoff)
            let word = ps_seg_word(current).map { String(cString: $0) } ?? ""
            segments.append(Segment(word: word, startFrame: Int(start), endFrame: Int(end), acousticScore: acoustic))
            segment = ps_seg_next(current)
        }
        return Decoding(hypothesis: hypothesis, score: score, frames: Int(ps_get_n_frames(decoder)), segments: segments)
    }
}
