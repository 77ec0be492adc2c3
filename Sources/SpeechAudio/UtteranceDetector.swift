/// Finds utterances in a stream of 16 kHz audio frames (Hermes audio
/// frames): speech starts when a frame's energy rises well above the noise
/// floor it tracks (`speechFactor`), and ends after `trailingSilence` near it
/// (below `continueFactor`), or at `maximumLength`. A value: feed frames,
/// take the utterances it returns.
public struct UtteranceDetector: Sendable {
    /// Audio kept from before speech started, so the first sound is not cut.
    public var preRoll = 0.3
    /// Silence that ends an utterance.
    public var trailingSilence = 0.6
    /// The longest utterance.
    public var maximumLength = 10.0
    /// How far above the noise floor speech starts (RMS ratio: about 15.6 dB).
    public var speechFactor: Double = 6
    /// How far above the noise floor speech goes on once started (about 8 dB): the quiet ends of words at 20 dB
    /// SNR fell below `speechFactor`, and their utterance ended inside the command.
    public var continueFactor: Double = 2.5
    /// The least energy that counts as speech (RMS in 16-bit units, about
    /// −56 dBFS). It was 300: speech from a microphone turned down 30 dB
    /// (RMS near 100 where synthesized speech has 2,000–4,000) never began an
    /// utterance, though the recognizer hears it (see `Loudness`). Above a
    /// real room's floor, `speechFactor` decides.
    public var minimumSpeechLevel: Double = 50

    private var noiseFloor: Double = 100
    private var recent: [Int16] = []
    private var utterance: [Int16] = []
    private var silentSamples = 0
    private var inSpeech = false

    public init() {}

    /// Adds a frame; returns an utterance when one has just ended.
    public mutating func add(_ frame: [Int16]) -> RecognizerAudio? {
        guard !frame.isEmpty else { return nil }
        let rms = (frame.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(frame.count)).squareRoot()
        let isSpeech = rms > max(minimumSpeechLevel, noiseFloor * (inSpeech ? continueFactor : speechFactor))
        // The floor follows the noise down at once and up slowly, and only from frames near it: the quiet parts
        // of speech raised it until speech itself was below it.
        if rms < noiseFloor {
            noiseFloor = noiseFloor * 0.8 + rms * 0.2
        } else if rms < noiseFloor * continueFactor {
            noiseFloor = noiseFloor * 0.98 + rms * 0.02
        }
        let rate = Double(RecognizerAudio.sampleRate)
        if !inSpeech {
            recent += frame
            if recent.count > Int(preRoll * rate) { recent.removeFirst(recent.count - Int(preRoll * rate)) }
            guard isSpeech else { return nil }
            inSpeech = true
            utterance = recent
            recent.removeAll()
            silentSamples = 0
            return nil
        }
        utterance += frame
        silentSamples = isSpeech ? 0 : silentSamples + frame.count
        guard silentSamples >= Int(trailingSilence * rate) || utterance.count >= Int(maximumLength * rate) else { return nil }
        defer {
            inSpeech = false
            utterance.removeAll()
            silentSamples = 0
        }
        return RecognizerAudio(samples: utterance)
    }
}
