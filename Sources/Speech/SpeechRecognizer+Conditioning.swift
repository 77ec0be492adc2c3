import PocketSphinx
import SpeechAudio
import SpeechGrammar
import VoiceShortcuts

/// The audio as the recognizer hears it: padded, brought up, echo taken out,
/// a narrow band extended.
extension SpeechRecognizer {
    /// 0.3 s of padding at each end and a faint noise floor (about −50 dBFS,
    /// the same every time): digital silence, as in synthesized or edited
    /// files, throws the decoder's noise estimate off. Audio with no noise floor
    /// but few digital zeros (see `lacksNoiseFloor`), as flite slt writes it,
    /// gets the floor without the padding. Audio that already has a noise
    /// floor (a microphone's, or the test corpus's −40 dB) gets neither.
    /// Quiet audio is brought up and a strong echo taken out first (see
    /// `Loudness`, `Echo`); narrowband speech then gets a high band again
    /// (see `Bandwidth`).
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

    /// Whether the audio's quietest tenth of 10 ms frames lies more than
    /// 55 dB below its loudest frame (in energy): no noise floor, though few
    /// digital zeros. Five sets of bench/speech/corpus.py made again as flite
    /// and espeak-ng wrote them, only brought to 16 kHz by sox (which dithers
    /// espeak-ng's digital silence away; 548 commands and 548 non-commands):
    /// flite slt's files lie 49–63 dB below, rms's 37–73, awb's 45–53,
    /// espeak-ng's 42–89; the corpus's own files, with their −40 dB noise
    /// floor, 31–51 dB, padded or with their padding cut off. With the floor
    /// added to those below 55 dB: right 514 → 528 (93.8 → 96.4%), wrong 1
    /// both, accepted 5 → 4 (flite slt's "turn the desk fan on", margin
    /// 17.5 → 27.0); the corpus's files unchanged. Added instead to every
    /// file whose speech came within 0.3 s of its edge, the eleven kept sets
    /// with their padding cut off went from right 1,443 / 1,443 (clean /
    /// 20 dB), wrong 2 / 1, accepted 11 / 16 — as padded — to 1,414 / 1,421,
    /// 7 / 6, 18 / 21 (7 of the 6,032 files not yet heard when it was
    /// stopped); padding them too, as digital silence is, cost 20–30% more
    /// decoding (`voiceplug bench --speech`, whose flite files it padded).
    package static func lacksNoiseFloor(_ samples: [Int16]) -> Bool {
        let energies = Loudness.frameEnergies(samples)
        guard !energies.isEmpty else { return false }
        return energies.sorted()[energies.count / 10] * 316_228 < (energies.max() ?? 0)  // 10^5.5: 55 dB
    }
}
