import Foundation
import PocketSphinx
import SpeechAudio
import SpeechGrammar
import VoiceShortcuts

/// Offline speech recognition with a grammar made from the devices and the
/// voice shortcuts, and a garbage path for everything else. The decoder is
/// made once and kept warm; `rebuild` replaces it when devices or shortcuts change.
public final class SpeechRecognizer: @unchecked Sendable {
    public static let defaultModel = AcousticModel.defaultPath

    package let model: String
    /// The speaker's adaptation every decoder applies, if any.
    public let adaptation: SpeakerAdaptation?
    let lock = NSLock()
    var decoders: GrammarDecoders
    /// The second pass: the model's open-vocabulary language model and full dictionary.
    let openDecoder: PocketSphinxDecoder?
    /// One front end per warp (see `warp(pitch:)`), without and with noise
    /// removal (see `sharedArguments`), at 100 frames a second and at
    /// `slowFrameRate`; every decoder scores the features of one.
    private let frontEnds: [FrontEndKey: FrontEnd]
    private struct FrontEndKey: Hashable {
        package var warp: Double
        package var removingNoise: Bool
        package var frameRate = SpeechRecognizer.tuning.frameRate
    }
    /// The least margin accepted (see `Recognition.margin`), chosen on the
    /// synthesized corpus of bench/speech/corpus.py; some forms need more
    /// (`Grammar.extraMargin`).
    public var threshold: Double

    /// Builds the grammar and starts the decoder, with the model adapted to a speaker when `adaptation` is given.
    public init(
        devices: [Device], shortcuts: [VoiceShortcut], model: String = SpeechRecognizer.defaultModel,
        threshold: Double = SpeechRecognizer.defaultThreshold, secondPass: Bool = true,
        adaptation: SpeakerAdaptation? = nil
    ) throws {
        self.model = model
        self.threshold = threshold
        self.adaptation = adaptation
        // The open decoder does not depend on the grammar: made on another thread meanwhile (PocketSphinx's part of
        // starting a decoder still one at a time: see `PocketSphinxDecoder.starting`).
        // (Measurements and history: docs/speech.md, "SpeechRecognizer, a note in the code".)
        let open =
            secondPass
            ? Started { try Self.makeOpenDecoder(model: model, adaptation: adaptation) } : nil
        decoders = try Self.makeDecoders(devices: devices, shortcuts: shortcuts, model: model, adaptation: adaptation)
        openDecoder = try open?.value()
        var frontEnds: [FrontEndKey: FrontEnd] = [:]
        for warp in Self.tuning.warps {
            for removingNoise in [false, true] {
                for frameRate in [Self.tuning.frameRate, Self.tuning.slowFrameRate] {
                    let key = FrontEndKey(warp: warp, removingNoise: removingNoise, frameRate: frameRate)
                    frontEnds[key] = try decoders.grammar.frontEnd(warp: warp, removingNoise: removingNoise, frameRate: frameRate)
                }
            }
        }
        self.frontEnds = frontEnds
        if let silence = try? frontEnds[Self.silenceFrontEnd]?.features([Int16](repeating: 0, count: 1600)) {
            Self.warm(decoders, with: silence)
            _ = try? openDecoder?.decode(silence)
        }
    }

    /// The front end whose features of silence warm new decoders.
    private static let silenceFrontEnd = FrontEndKey(warp: 1.0, removingNoise: false)

    /// Rebuilds the grammar and swaps in new decoders (the old ones serve until then).
    public func rebuild(devices: [Device], shortcuts: [VoiceShortcut]) throws {
        let fresh = try Self.makeDecoders(
            devices: devices, shortcuts: shortcuts, model: model, adaptation: adaptation, keeping: lock.withLock { decoders.otherWords })
        if let silence = try? lock.withLock({ try frontEnds[Self.silenceFrontEnd]?.features([Int16](repeating: 0, count: 1600)) }) {
            Self.warm(fresh, with: silence)
        }
        lock.withLock { decoders = fresh }
    }

    /// Recognizes one utterance.
    /// (Measurements and history: docs/speech.md, "SpeechRecognizer: recognize".)
    public func recognize(_ audio: RecognizerAudio) throws -> Recognition {
        let (conditioned, withEcho, ringing) = Self.conditionedWithEcho(audio)
        var (heard, frameRate) = try recognizePaced(conditioned, removingNoise: ringing)
        if heard.text == nil { heard.candidate = Self.candidate(in: heard.trace) }
        guard let text = heard.text, let withEcho else { return heard }
        let unfiltered = try recognizeConditioned(withEcho, removingNoise: ringing, frameRate: frameRate).recognition
        guard let other = unfiltered.text else { return heard }
        let (matcher, shortcuts) = lock.withLock { (decoders.matcher, decoders.shortcuts) }
        guard let otherIntent = matcher.match(other, shortcuts: shortcuts).intent,
            otherIntent != matcher.match(text, shortcuts: shortcuts).intent
        else { return heard }
        return Recognition(
            text: nil, confidence: 0, hypothesis: heard.hypothesis + " | without the echo filter: " + other,
            margin: heard.margin, trace: heard.trace + unfiltered.trace)
    }

    /// An utterance heard at `frameRate`, and once more at `slowFrameRate` when it was slow speech that found no
    /// command (see `slowFramesPerPhone`): the recognition, and the frame rate it came from.
    /// (Measurements and history: docs/speech.md, "SpeechRecognizer: recognizePaced".)
    private func recognizePaced(_ audio: RecognizerAudio, removingNoise: Bool) throws -> (Recognition, frameRate: Int) {
        let heard = try recognizeConditioned(audio, removingNoise: removingNoise, frameRate: Self.tuning.frameRate)
        guard heard.recognition.text == nil, !heard.stateInDoubt, !heard.nameInDoubt, !heard.wordsHeardOtherwise,
            let pace = heard.framesPerPhone,
            pace >= Self.tuning.slowFramesPerPhone
        else { return (heard.recognition, Self.tuning.frameRate) }
        var slower = try recognizeConditioned(audio, removingNoise: removingNoise, frameRate: Self.tuning.slowFrameRate).recognition
        let how = String(format: " | slow speech (%.1f frames a phone), heard at %d frames a second", pace, Self.tuning.slowFrameRate)
        guard slower.text != nil else {
            var refused = heard.recognition
            refused.hypothesis += how + ": " + slower.hypothesis
            refused.trace += slower.trace
            return (refused, Self.tuning.frameRate)
        }
        slower.hypothesis += how + "; at \(Self.tuning.frameRate): " + heard.recognition.hypothesis
        slower.trace = heard.recognition.trace + slower.trace
        return (slower, Self.tuning.slowFrameRate)
    }

    /// An utterance heard with one frame rate: its first hearing, with the
    /// recognition of the hearings after it when it found no command.
    private func recognizeConditioned(_ audio: RecognizerAudio, removingNoise: Bool, frameRate: Int) throws -> Hearing {
        let first = Self.warp(pitch: Pitch.median(audio.samples))
        let features = try self.features(audio, warp: first, removingNoise: removingNoise, frameRate: frameRate)
        func pass(_ kind: RecognitionPass.Kind, warp: Double) -> RecognitionPass {
            RecognitionPass(kind: kind, warp: warp, frameRate: frameRate, heard: "", decision: "")
        }
        // The features of the audio begun `shift` samples later: the same sound at another phase of the frames.
        func shifted(_ shift: Int, warp: Double) -> Features? {
            let later = RecognizerAudio(samples: Array(audio.samples.dropFirst(shift)))
            return try? self.features(later, warp: warp, removingNoise: removingNoise, frameRate: frameRate)
        }
        var heard = try recognize(
            features, as: pass(.grammar, warp: first), extra: 0, removingNoise: removingNoise, first: true,
            shifted: { shifted($0, warp: first) })
        guard heard.recognition.text == nil, !heard.stateInDoubt, !heard.nameInDoubt, openDecoder != nil else { return heard }
        if let garbage = heard.garbage, garbage.tookWords || garbage.unknownFrames > 0 {
            // Into the garbage loop: heard again without it, with the same warp (see `forcedMargin`); into the
            // unknown name: heard again with a configured name (see `unknownNameShortfall`).
            let unknownName = garbage.tookWords ? nil : garbage
            let how = unknownName == nil ? "without the garbage loop" : "with a configured name"
            var forced = try recognize(
                features, as: pass(unknownName == nil ? .withoutGarbageLoop : .configuredName, warp: first),
                extra: Self.tuning.forcedMargin, removingNoise: removingNoise, forcedOnto: garbage.frames, unknownName: unknownName,
                shifted: { shifted($0, warp: first) })
            guard forced.recognition.text == nil else {
                forced.recognition.hypothesis += " | heard " + how
                forced.recognition.trace = heard.recognition.trace + forced.recognition.trace
                heard.recognition = forced.recognition
                return heard
            }
            heard.recognition.trace += forced.recognition.trace
            heard.wordsHeardOtherwise = heard.wordsHeardOtherwise || forced.wordsHeardOtherwise
            heard.recognition.hypothesis +=
                " | \(how): " + forced.recognition.hypothesis
                + (forced.recognition.margin.map { String(format: " (margin %.1f)", $0) } ?? "")
            return heard
        }
        let warp = Self.retryWarp(after: first)
        let warped = try self.features(audio, warp: warp, removingNoise: removingNoise, frameRate: frameRate)
        let again = try recognize(
            warped, as: pass(.otherWarp, warp: warp), extra: Self.tuning.retryMargin, removingNoise: removingNoise,
            shifted: { shifted($0, warp: warp) })
        let trace = heard.recognition.trace + again.recognition.trace
        guard again.recognition.text != nil else {
            heard.wordsHeardOtherwise = heard.wordsHeardOtherwise || again.wordsHeardOtherwise
            heard.recognition.trace = trace
            return heard
        }
        heard.recognition = again.recognition
        heard.recognition.hypothesis += " | heard again with warp \(warp)"
        heard.recognition.trace = trace
        return heard
    }

    /// The utterance's features with one warp, for every hearing with it.
    package func features(_ audio: RecognizerAudio, warp: Double, removingNoise: Bool, frameRate: Int = tuning.frameRate) throws -> Features
    {
        try lock.withLock {
            guard let frontEnd = frontEnds[FrontEndKey(warp: warp, removingNoise: removingNoise, frameRate: frameRate)] else {
                throw SpeechError.decoder("no front end for the warp \(warp) at \(frameRate) frames a second")
            }
            return try frontEnd.features(audio.samples)
        }
    }
}
