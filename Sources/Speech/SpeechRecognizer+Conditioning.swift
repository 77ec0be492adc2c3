import PocketSphinx
import SpeechAudio
import SpeechGrammar
import VoiceShortcuts

/// The audio as the recognizer hears it: padded, brought up, echo taken out,
/// a narrow band extended.
extension SpeechRecognizer {
    /// 0.3 s of padding at each end and a faint noise floor (about −50 dBFS, the same every time): digital silence,
    /// as in synthesized or edited files, throws the decoder's noise estimate off.
    /// (Measurements and history: docs/speech.md, "SpeechRecognizer+Conditioning: conditioned".)
    package static func conditioned(_ audio: RecognizerAudio) -> RecognizerAudio {
        conditionedWithEcho(audio).heard
    }

    /// `conditioned`'s audio; only when an echo was taken out, the same
    /// audio conditioned with the echo left in (see `recognize`); and whether
    /// the speech rings on (an echo or `Reverberation`), which noise removal
    /// is for (see `sharedArguments`).
    package static func conditionedWithEcho(_ audio: RecognizerAudio) -> (heard: RecognizerAudio, withEcho: RecognizerAudio?, ringing: Bool)
    {
        let zeros = audio.samples.reduce(0) { $0 + ($1 == 0 ? 1 : 0) }
        let digitalSilence = audio.samples.isEmpty || zeros * 20 > audio.samples.count  // more than 5% digital zeros
        let floorOnly = !digitalSilence && lacksNoiseFloor(audio.samples)
        func finished(_ samples: [Int16]) -> RecognizerAudio {
            var samples = samples
            if digitalSilence || floorOnly {
                let pad = [Int16](repeating: 0, count: floorOnly ? 0 : RecognizerAudio.sampleRate * 3 / 10)
                var state: UInt32 = 0x9E37_79B9
                samples = (pad + samples + pad).map { sample -> Int16 in
                    state = state &* 1_664_525 &+ 1_013_904_223  // a fixed LCG: the same floor for the same audio
                    let noise = Int32(state >> 24) - 128  // −128…127
                    return Int16(clamping: Int32(sample) + noise / 2)
                }
            }
            if Bandwidth.isNarrow(samples) { samples = Bandwidth.extended(samples) }
            return RecognizerAudio(samples: samples)
        }
        let level = Loudness.normalized(audio.samples)
        let filtered = Echo.removed(level)  // the very same array when there is no echo: the comparison below is free
        let echo = filtered != level
        return (finished(filtered), echo ? finished(level) : nil, echo || Reverberation.isReverberant(level))
    }

    /// Whether the audio's quietest tenth of 10 ms frames lies more than 55 dB below its loudest frame (in energy):
    /// no noise floor, though few digital zeros.
    /// (Measurements and history: docs/speech.md, "SpeechRecognizer+Conditioning: lacksNoiseFloor".)
    package static func lacksNoiseFloor(_ samples: [Int16]) -> Bool {
        let energies = Loudness.frameEnergies(samples)
        guard !energies.isEmpty else { return false }
        return energies.sorted()[energies.count / 10] * 316_228 < (energies.max() ?? 0)  // 10^5.5: 55 dB
    }
}
