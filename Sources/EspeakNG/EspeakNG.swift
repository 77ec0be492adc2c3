import CEspeakNG
import Foundation

/// The one boundary to espeak-ng's library: text to IPA, one clause at a time, in one of its voices
/// (`espeak_TextToPhonemes`), and text to speech (`speak`).
/// (Measurements and history: docs/speech.md, "EspeakNG: EspeakNG".)
package enum EspeakNG {
    private static let lock = NSLock()

    /// The library's sample rate once it started (it reads its data, `espeak-ng-data`, once); 0 without its data.
    private static let sampleRate: Int32 = {
        let rate = espeak_Initialize(AUDIO_OUTPUT_SYNCHRONOUS, 0, nil, espeakINITIALIZE_DONT_EXIT)
        if rate > 0 {
            espeak_SetSynthCallback { wave, count, _ in
                if let wave, count > 0 { EspeakNG.collected.append(contentsOf: UnsafeBufferPointer(start: wave, count: Int(count))) }
                return 0
            }
        }
        return max(0, rate)
    }()
    private static var started: Bool { sampleRate > 0 }
    /// The samples `speak` is collecting (only under `lock`).
    nonisolated(unsafe) private static var collected: [Int16] = []

    /// `text` spoken in `voice` (see `ipa`), at `wordsPerMinute`: 16-bit mono samples and their rate (22,050 a
    /// second); nil when the library did not start or has no such voice.
    package static func speak(_ text: String, voice: String = "en-us", wordsPerMinute: Int32 = 165) -> (samples: [Int16], rate: Int)? {
        lock.withLock {
            guard started, select(voice) else { return nil }
            espeak_SetParameter(espeakRATE, wordsPerMinute, 0)
            collected.removeAll(keepingCapacity: true)
            let bytes = Array(text.utf8) + [0]
            let result = bytes.withUnsafeBufferPointer { buffer in
                espeak_Synth(buffer.baseAddress, buffer.count, 0, POS_CHARACTER, 0, UInt32(espeakCHARS_UTF8), nil, nil)
            }
            defer { collected.removeAll() }
            return result == EE_OK ? (collected, Int(sampleRate)) : nil
        }
    }

    /// The IPA of each clause of `text` (words between commas) in the voice
    /// named `voice` ("en-us", "en-gb-scotland"): selected by its name, or
    /// else by its language, as the `espeak-ng` command does ("en-gb"). Nil
    /// when the library did not start or has no such voice.
    package static func ipa(ofClauses text: String, voice: String) -> [String]? {
        lock.withLock {
            guard started, select(voice) else { return nil }
            var clauses: [String] = []
            text.withCString { base in
                var next: UnsafeRawPointer? = UnsafeRawPointer(base)
                while next != nil {
                    // The answer lives in the library's own buffer until the next call.
                    guard let phonemes = espeak_TextToPhonemes(&next, espeakCHARS_UTF8, espeakPHONEMES_IPA) else { break }
                    clauses.append(String(cString: phonemes).trimmingCharacters(in: .whitespaces))
                }
            }
            return clauses
        }
    }

    /// Selects `voice` by its name, or else by its language; false when neither knows it.
    private static func select(_ voice: String) -> Bool {
        if espeak_SetVoiceByName(voice) == EE_OK { return true }
        return voice.withCString { language in
            var properties = espeak_VOICE()
            properties.languages = language
            return espeak_SetVoiceByProperties(&properties) == EE_OK
        }
    }
}
