import Foundation
import PocketSphinx
import Speech
import SpeechAudio
import Synchronization
import TestSupport
import Testing
import VoiceAdaptation
import VoiceShortcuts

@Suite("Learning the voices heard")
struct VoiceLearningTests {
    /// A folder of its own, and a log the test reads.
    final class Place: Sendable {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("voiceplug-learning-\(UUID().uuidString.prefix(8))")
        let lines = Mutex<[String]>([])
        var log: VoiceLearning.Report { { [self] _, line in lines.withLock { $0.append(line + "\n") } } }
        var text: String { lines.withLock { $0.joined() } }
        /// Settings for this folder; no estimate unless `batch` says.
        func settings(batch: Int = 100) -> VoiceLearning.Settings {
            var settings = VoiceLearning.Settings(folder: folder.path)
            settings.batch = batch
            return settings
        }
        func files() -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted() }
        deinit { try? FileManager.default.removeItem(at: folder) }
    }

    static let lampOn = ToggleStateIntent(deviceID: "lamp", state: .on)
    static let tone = RecognizerAudio(samples: (0..<8000).map { Int16(8000 * sin(Double($0) / 10)) })

    @Test("each hearing is kept as a WAV file and its text, the newest only, in a folder only its owner reads, made again when deleted")
    func keepsTheNewest() async throws {
        let place = Place()
        var settings = place.settings()
        settings.capacity = 5
        let learning = try VoiceLearning(settings, report: place.log)
        for index in 0..<12 {
            learning.keep(Self.tone, heard: "turn on lamp \(index)", intent: Self.lampOn)
            try await Task.sleep(for: .milliseconds(2))  // names are by the millisecond
        }
        let kept = place.files()
        #expect(kept.count == 10 && kept.filter { $0.hasSuffix(".wav") }.count == 5, "\(kept)")
        let texts = try kept.filter { $0.hasSuffix(".txt") }.map {
            try String(contentsOf: place.folder.appendingPathComponent($0), encoding: .utf8)
        }
        #expect(texts == (7..<12).map { "turn on lamp \($0)\n" })
        let audio = try WAVReader.read(Array(try Data(contentsOf: place.folder.appendingPathComponent(kept[1]))))
        #expect(audio == Self.tone)
        let mode = try FileManager.default.attributesOfItem(atPath: place.folder.path)[.posixPermissions] as? Int
        #expect(mode == 0o700)
        try FileManager.default.removeItem(at: place.folder)  // to forget what was heard
        learning.keep(Self.tone, heard: "turn on lamp twelve", intent: Self.lampOn)
        #expect(place.files().count == 2, "kept again in a new folder")
        #expect(!place.text.contains("warning"), "\(place.text)")
    }

    @Test("an earlier run's hearings count toward the next estimate; no speech is learned from; a file that is no hearing is deleted")
    func catchesUp() async throws {
        let place = Place()
        var settings = place.settings()
        let earlier = try VoiceLearning(settings, report: place.log)
        let quiet = RecognizerAudio(samples: (0..<16000).map { Int16(truncatingIfNeeded: ($0 &* 7919) % 60 - 30) })
        for word in ["one", "two", "three", "four", "five", "six"] {
            earlier.keep(quiet, heard: "turn on lamp \(word)", intent: Self.lampOn)
        }
        settings.batch = 7
        let notYet = try VoiceLearning(settings, report: place.log)
        notYet.catchUp()
        await notYet.finish(within: .seconds(30))
        #expect(place.text.isEmpty, "six of seven: no estimate yet")
        try Data("not audio".utf8).write(to: place.folder.appendingPathComponent("0-junk.wav"))  // not a hearing: deleted
        settings.batch = 6
        let next = try VoiceLearning(settings, report: place.log)
        next.catchUp()
        try await eventually("the estimate to end", timeout: .seconds(60)) { place.text.contains("could not learn") }
        await next.finish(within: .seconds(30))
        #expect(place.text.contains("only 0 of 6 recordings hold speech"), "\(place.text)")
        #expect(!FileManager.default.fileExists(atPath: settings.learnedPath))
        #expect(!place.files().contains("0-junk.wav") && place.files().count == 12, "\(place.files())")
    }

    @Test("a spoken command whose device is switched back soon after is not learned from; other commands keep it")
    func undoneIsForgotten() async throws {
        let place = Place()
        var settings = place.settings()
        let learning = try VoiceLearning(settings, report: place.log)
        learning.keep(Self.tone, heard: "turn on the lamp", intent: Self.lampOn)
        learning.switched(ToggleStateIntent(deviceID: "fan", state: .off))  // another device
        learning.switched(Self.lampOn)  // the same state again
        #expect(place.files().count == 2)
        learning.switched(ToggleStateIntent(deviceID: "lamp", state: .off))
        #expect(place.files().isEmpty, "\(place.files())")
        #expect(place.text.contains("undone soon after is not learned from"))

        settings.undoWindow = .milliseconds(50)
        let later = try VoiceLearning(settings, report: place.log)
        later.keep(Self.tone, heard: "turn on the lamp", intent: Self.lampOn)
        try await Task.sleep(for: .milliseconds(100))
        later.switched(ToggleStateIntent(deviceID: "lamp", state: .off))
        #expect(place.files().count == 2, "switched back after the window: kept")
    }
}
