import CEspeakNG
import Foundation

/// The one boundary to espeak-ng's library: text to IPA, one clause at a
/// time, in one of its voices (`espeak_TextToPhonemes`). No C pointer
/// leaves this file. The library is one state for the whole process, so
/// every call takes `lock`.
///
/// The library translates without speaking: `espeak-ng -q --ipa`, run as a
/// process per accent, synthesized every word it printed (about 1 ms a word
/// on this machine, 0.25 s for 250 words; the library 0.01 s). Its IPA is
/// the command's, stress marks aside: the 2,373 words of
/// bench/speech/corpus.py's sets and 1,500 of the dictionary's, in each of
/// `LetterToSound.Accent`'s voices.
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
