import CEspeakNG
import Foundation

/// The one boundary to espeak-ng's library: text to IPA, one clause at a time, in one of its voices
/// (`espeak_TextToPhonemes`).
/// (Measurements and history: docs/speech.md, "EspeakNG: EspeakNG".)
package enum EspeakNG {
    private static let lock = NSLock()

    /// Whether the library started (it reads its data, `espeak-ng-data`, once): false without its data.
    private static let started: Bool = {
        espeak_Initialize(AUDIO_OUTPUT_SYNCHRONOUS, 0, nil, espeakINITIALIZE_DONT_EXIT) > 0
    }()

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
