import ChildProcesses
import Foundation
import PocketSphinx
import Speech
import SpeechAudio
import SpeechGrammar
import Synchronization
import VoiceShortcuts

/// The gateway learns the voices of its household from its own hearings.
/// (Measurements and history: docs/speech.md, "VoiceLearning: VoiceLearning".)
public final class VoiceLearning: Sendable {
    public struct Settings: Sendable, Equatable {
        /// The folder of the hearings and the learned adaptation.
        public var folder: String
        /// How many hearings are kept (the newest).
        public var capacity = 60
        /// How many new hearings make a new estimate (the first one too).
        public var batch = 10
        /// A hearing whose device is switched back within this is not learned from.
        public var undoWindow: Duration = .seconds(15)

        public init(folder: String) { self.folder = folder }

        /// The adaptation learned from the hearings.
        public var learnedPath: String { Self.learnedPath(in: folder) }

        public static func learnedPath(in folder: String) -> String {
            URL(fileURLWithPath: folder).appendingPathComponent("learned.adaptation").path
        }
    }

    /// Where what happens is told: `problem` for warnings, else for information.
    public typealias Report = @Sendable (_ problem: Bool, _ message: String) -> Void

    package let settings: Settings
    private let report: Report
    /// Hearings kept since the last estimate, whether one is running, and
    /// whether learning stopped (it cannot work on this machine).
    private let state: Mutex<(fresh: Int, estimating: Bool, stopped: Bool)>
    /// The newest hearing kept: its files, its command, and when.
    private let newest = Mutex<(base: String, intent: ToggleStateIntent, at: ContinuousClock.Instant)?>(nil)

    /// Opens (or makes) the folder; the hearings newer than the learned
    /// adaptation count toward the next estimate.
    package init(_ settings: Settings, report: @escaping Report) throws {
        self.settings = settings
        self.report = report
        try Self.makeFolder(settings.folder)
        let learned = Self.modified(settings.learnedPath) ?? .distantPast
        let fresh = Self.hearings(in: settings.folder).filter { (Self.modified($0 + ".wav") ?? .distantPast) > learned }.count
        state = Mutex((fresh, false, false))
    }

    /// Keeps a confirmed hearing of `intent`, and starts an estimate when enough new ones have come.
    package func keep(_ audio: RecognizerAudio, heard text: String, intent: ToggleStateIntent) {
        guard !state.withLock({ $0.stopped }) else { return }
        let name = String(format: "%013.0f", Date().timeIntervalSince1970 * 1000) + "-" + UUID().uuidString.prefix(8).lowercased()
        let base = URL(fileURLWithPath: settings.folder).appendingPathComponent(name).path
        do {
            try Self.makeFolder(settings.folder)  // again, if it was deleted to forget what was heard
            // The text first, and the audio in one rename: a hearing is listed by its .wav, whole.
            try Data((text + "\n").utf8).write(to: URL(fileURLWithPath: base + ".txt"))
            try Data(audio.wavFile).write(to: URL(fileURLWithPath: base + ".part"))
            try FileManager.default.moveItem(atPath: base + ".part", toPath: base + ".wav")
        } catch {
            Self.remove(base)
            report(true, "cannot keep the hearing to learn from: \(error)")
            return
        }
        for old in Self.hearings(in: settings.folder).dropLast(settings.capacity) { Self.remove(old) }
        newest.withLock { $0 = (base, intent, .now) }
        state.withLock { $0.fresh += 1 }
        catchUp()
    }

    /// A command was carried out (spoken or typed): when it switches the
    /// newest hearing's device back soon after, that hearing is deleted.
    package func switched(_ intent: ToggleStateIntent) {
        let undone = newest.withLock { newest -> String? in
            guard let kept = newest, kept.intent.deviceID == intent.deviceID, kept.intent.state != intent.state,
                ContinuousClock.now - kept.at < settings.undoWindow
            else { return nil }
            newest = nil
            return kept.base
        }
        guard let undone, FileManager.default.fileExists(atPath: undone + ".wav") else { return }
        Self.remove(undone)
        state.withLock { $0.fresh = max(0, $0.fresh - 1) }
        report(false, "a spoken command undone soon after is not learned from: \(intent.deviceID) switched back \(intent.state)")
    }

    /// Starts an estimate when enough new hearings wait for one (after each
    /// hearing kept, and at the gateway's start for an earlier run's).
    package func catchUp() {
        let start = state.withLock { state -> Bool in
            guard state.fresh >= settings.batch, !state.estimating, !state.stopped else { return false }
            (state.fresh, state.estimating) = (0, true)
            return true
        }
        if start { Thread { [self] in estimate() }.start() }
    }

    /// Waits until a running estimate is done, at most `limit` (at shutdown:
    /// SphinxTrain's programs and their files are not left behind).
    package func finish(within limit: Duration) async {
        let deadline = ContinuousClock.now + limit
        while state.withLock({ $0.estimating }) && ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(50)) }
    }

    /// Estimates from every hearing kept; runs on its own thread (seconds of CPU).
    private func estimate() {
        defer { state.withLock { $0.estimating = false } }
        let kept = Self.hearings(in: settings.folder)
        var bases: [String] = [], recordings: [SpeechRecognizer.AdaptationRecording] = []
        for base in kept {
            guard let wav = FileManager.default.contents(atPath: base + ".wav"), let audio = try? WAVReader.read(Array(wav)),
                let data = FileManager.default.contents(atPath: base + ".txt"), let text = String(data: data, encoding: .utf8)
            else {
                Self.remove(base)  // half written, or not ours
                continue
            }
            bases.append(base)
            recordings.append(.init(audio: audio, text: text))
        }
        do {
            // Only its front ends make the features: no grammar, no open pass.
            let recognizer = try SpeechRecognizer(devices: [], shortcuts: [], secondPass: false)
            let estimated = try recognizer.estimateAdaptation(from: recordings, writingTo: settings.learnedPath)
            for index in estimated.leftOut { Self.remove(bases[index]) }
            report(
                false,
                "learned the voices heard from \(recordings.count - estimated.leftOut.count) spoken commands"
                    + (estimated.leftOut.isEmpty ? "" : " (\(estimated.leftOut.count) left out, their audio did not match what was heard)"))
        } catch let error as SpeechError where error.isToolMissing {
            state.withLock { $0.stopped = true }
            report(true, "not learning from spoken commands: \(error)")
        } catch {
            report(true, "could not learn from the spoken commands kept: \(error)")
        }
    }

    /// The hearings kept, oldest first, as paths without extension.
    package static func hearings(in folder: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasSuffix(".wav") }.sorted().map {
            URL(fileURLWithPath: folder).appendingPathComponent(String($0.dropLast(4))).path
        }
    }

    /// The folder, made readable by its owner only when it is made.
    private static func makeFolder(_ folder: String) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }

    private static func remove(_ base: String) {
        for ext in [".wav", ".txt", ".part"] { try? FileManager.default.removeItem(atPath: base + ext) }
    }

    private static func modified(_ path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }
}
