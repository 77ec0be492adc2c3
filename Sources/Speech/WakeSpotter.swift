import Foundation
import PocketSphinx
import SpeechAudio
import SpeechGrammar

/// Spots a wake phrase ("hey voice plug") in an utterance with PocketSphinx's keyphrase search: where it ends, so
/// that what follows it is heard as the command. Made once and kept warm.
///
/// `@unchecked Sendable`: the decoder and its front end are used under `lock` only.
public final class WakeSpotter: @unchecked Sendable {
    /// The default wake phrase: three words said together rarely, none of them a command's.
    public static let defaultPhrase = "hey voice plug"
    /// The keyphrase search's threshold (`-kws_threshold`): lower spots more, and more by accident.
    public static let defaultThreshold = 1e-25

    public let phrase: String
    private let decoder: PocketSphinxDecoder
    private let frontEnd: FrontEnd
    private let lock = NSLock()

    /// Nil-free: throws when a word of `phrase` is not in the model's dictionary (it could never be spotted).
    public init(
        phrase: String = WakeSpotter.defaultPhrase, threshold: Double = WakeSpotter.defaultThreshold,
        model: String = SpeechRecognizer.defaultModel
    ) throws {
        let words = phrase.lowercased().split(whereSeparator: { !$0.isLetter && $0 != "'" }).map(String.init)
        guard !words.isEmpty else { throw SpeechError.decoder("the wake phrase has no words") }
        self.phrase = words.joined(separator: " ")
        let keyphrase = self.phrase
        decoder = try SpeechRecognizer.withAdaptation(nil) { acoustic in
            try OpenDictionary.withPath(model: model) { dictionary in
                try PocketSphinxDecoder(
                    arguments: [
                        "-hmm", AcousticModel.hmmPath(model), "-dict", dictionary, "-keyphrase", keyphrase,
                        "-kws_threshold", String(threshold),
                    ] + acoustic)
            }
        }
        for word in words where decoder.phoneCount(of: word) == 0 {
            throw SpeechError.decoder("the wake phrase's word '\(word)' is not in the model's dictionary")
        }
        frontEnd = try decoder.frontEnd(warp: 1.0, removingNoise: false)
    }

    /// Where the wake phrase ends in `audio`, in samples; nil when it was not said.
    public func spot(_ audio: RecognizerAudio) -> Int? {
        lock.withLock {
            guard let features = try? frontEnd.features(audio.samples), let decoding = try? decoder.decode(features),
                !decoding.hypothesis.isEmpty
            else { return nil }
            let end = decoding.words.last?.endFrame ?? decoding.frames
            return min(audio.samples.count, (end + 1) * RecognizerAudio.sampleRate / 100)
        }
    }
}
