/// Finds utterances in a stream of 16 kHz audio frames (Hermes audio
/// frames): speech starts when a frame's energy rises well above the noise
/// floor it tracks, and ends after `trailingSilence` below it (or at
/// `maximumLength`). A value: feed frames, take the utterances it returns.
public struct UtteranceDetector: Sendable {
    /// Audio kept from before speech started, so the first sound is not cut.
    public var preRoll = 0.3
    /// Silence that ends an utterance.
    public var trailingSilence = 0.6
    /// The longest utterance.
    public var maximumLength = 10.0
    /// How far above the noise floor speech is (energy ratio).
    public var speechFactor: Double = 6
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
        let isSpeech = rms > max(minimumSpeechLevel, noiseFloor * speechFactor)
        if !isSpeech { noiseFloor = noiseFloor * 0.95 + rms * 0.05 }
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
