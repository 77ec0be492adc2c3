import Foundation
import PocketSphinx
import Speech
import Synchronization

/// The recognizer `listen` hears with, following an adaptation file (the one `VoiceLearning` writes): when the file
/// changes, a recognizer with the new adaptation (none when the file is gone: the hearings were deleted to forget
/// them) is made on a thread of its own and swapped in, and utterances are heard with the one there is meanwhile. A
/// file that does not load keeps the recognizer there was.
final class FollowingRecognizer: Sendable {
    private let current: Mutex<SpeechRecognizer>
    private let path: String?
    /// The followed file's modification date when its adaptation was last taken (nil: no file then), and whether
    /// a recognizer is being made.
    private let taken: Mutex<(date: Date?, making: Bool)>
    private let make: @Sendable (SpeakerAdaptation?) throws -> SpeechRecognizer
    private let report: @Sendable (_ problem: Bool, _ message: String) -> Void

    /// `recognizer` hears until `path` changes (nil: it always hears); `make` makes one with an adaptation.
    init(
        _ recognizer: SpeechRecognizer, following path: String?, make: @escaping @Sendable (SpeakerAdaptation?) throws -> SpeechRecognizer,
        report: @escaping @Sendable (_ problem: Bool, _ message: String) -> Void
    ) {
        current = Mutex(recognizer)
        self.path = path
        taken = Mutex((path.flatMap(Self.modified), false))
        self.make = make
        self.report = report
    }

    /// The recognizer to hear the next utterance with; starts making a new one when the followed file changed.
    var recognizer: SpeechRecognizer {
        if let path {
            let date = Self.modified(path)
            let start = taken.withLock { taken -> Bool in
                guard date != taken.date, !taken.making else { return false }
                taken = (date, true)
                return true
            }
            if start { Thread { [self] in swap(to: path) }.start() }
        }
        return current.withLock { $0 }
    }

    /// Looks at the followed file every `interval` until cancelled, so that a new adaptation is heard with from the
    /// next utterance on, not the one after it.
    func follow(every interval: Duration = .seconds(1)) async {
        while !Task.isCancelled {
            _ = recognizer
            try? await Task.sleep(for: interval)
        }
    }

    /// Makes a recognizer with the adaptation at `path` (none when it is gone) and hears with it from then on.
    private func swap(to path: String) {
        defer { taken.withLock { $0.making = false } }
        do {
            let adaptation = FileManager.default.fileExists(atPath: path) ? try SpeakerAdaptation(contentsOf: path) : nil
            let adapted = try make(adaptation)
            current.withLock { $0 = adapted }
            let heard = "speech recognition adapted to the voices heard (\(path))"
            report(false, adaptation == nil ? "speech recognition no longer adapted" : heard)
        } catch {
            report(true, "speaker adaptation not reloaded, speech is heard as before: \(error)")
        }
    }

    private static func modified(_ path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }
}
