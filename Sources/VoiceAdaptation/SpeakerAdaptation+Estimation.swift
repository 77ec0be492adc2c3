import ChildProcesses
import Foundation
import PocketSphinx
import Speech
import SpeechAudio
import SpeechGrammar
import VoiceShortcuts

#if canImport(Glibc)
    import Glibc
#endif

/// Estimating a speaker adaptation with SphinxTrain (Debian `sphinxtrain`):
/// `bw` aligns the recordings with their transcripts and counts, `mllr_solve`
/// turns the counts into a transform. They read the model in SphinxTrain's
/// formats: the model definition as text (`pocketsphinx_mdef_convert`, Debian
/// `pocketsphinx`) and the mixture weights unquantized (`sendump` expanded).
extension SpeechRecognizer {
    /// One recording and what was said in it.
    public struct AdaptationRecording: Sendable {
        public var audio: RecognizerAudio
        public var text: String
        public init(audio: RecognizerAudio, text: String) { self.audio = audio; self.text = text }
    }

    /// How an estimation went: the recordings whose audio did not match
    /// their text (left out), by index.
    public struct AdaptationReport: Sendable, Equatable {
        public var adaptation: SpeakerAdaptation
        public var leftOut: [Int]
    }

    /// Where SphinxTrain's programs are.
    package static let sphinxTrain = "/usr/lib/sphinxtrain"

    /// Estimates a speaker adaptation from `recordings` and writes it to
    /// `path` (replaced only when the new one is complete). The recordings
    /// are heard as `recognize` hears them — conditioned, with the warp
    /// their pitch suggests — so the transform fits the features it will meet.
    /// - Throws: `SpeechError.adaptation` when a tool is missing, a word
    ///   cannot be pronounced, or too few recordings matched their text.
    public func estimateAdaptation(from recordings: [AdaptationRecording], writingTo path: String) throws(SpeechError) -> AdaptationReport {
        do {
            return try estimate(recordings, path: path)
        } catch let error as SpeechError {
            throw error
        } catch {
            throw .adaptation("\(error)")
        }
    }

    private func estimate(_ recordings: [AdaptationRecording], path: String) throws -> AdaptationReport {
        for tool in ["bw", "mllr_solve"] { _ = try Self.toolPath(tool) }  // before any work
        var isFolder: ObjCBool = false
        let target = URL(fileURLWithPath: path).deletingLastPathComponent().path
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            throw SpeechError.adaptation("'\(path)' is a folder; name the file to write")
        }
        guard FileManager.default.isWritableFile(atPath: target) else {
            throw SpeechError.adaptation("cannot write '\(path)': the folder \(target) is missing or not writable")
        }
        let hmm = Self.hmmPath(model)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("voiceplug-adapt-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func file(_ name: String) -> String { folder.appendingPathComponent(name).path }

        // The transcripts, their words' pronunciations, and each recording's features.
        let texts = recordings.map { PhraseNormalizer.normalize($0.text) }
        let words = Set(texts.flatMap { $0.split(separator: " ").map(String.init) })
        let pronunciations = try Pronunciations(words: words, dictionary: model + "/cmudict-en-us.dict")
        if let word = pronunciations.unpronounceable.first { throw SpeechError.adaptation("cannot pronounce '\(word)'") }
        try pronunciations.fileText.write(toFile: file("words.dict"), atomically: true, encoding: .utf8)
        var ids: [(id: String, index: Int)] = [], transcripts: [String] = [], unusable: [Int] = []
        for (index, (recording, text)) in zip(recordings, texts).enumerated() {
            let (conditioned, _, ringing) = Self.conditionedWithEcho(recording.audio)
            let features = try features(conditioned, warp: Self.warp(pitch: Pitch.median(conditioned.samples)), removingNoise: ringing)
            // No speech (as the gateway's utterance detector finds it), or too little for its words: three phones of
            // three frames a word. SphinxTrain would align the text to silence.
            guard !text.isEmpty, Self.holdsSpeech(recording.audio), features.frames >= 9 * text.split(separator: " ").count else {
                unusable.append(index)
                continue
            }
            let id = "r\(index)"
            try Self.cepstra(features).write(to: URL(fileURLWithPath: file(id + ".mfc")))
            ids.append((id, index))
            transcripts.append("<s> \(text) </s> (\(id))")
        }
        try (ids.map(\.id).joined(separator: "\n") + "\n").write(toFile: file("ids"), atomically: true, encoding: .utf8)
        try (transcripts.joined(separator: "\n") + "\n").write(toFile: file("transcripts"), atomically: true, encoding: .utf8)

        guard ids.count >= Self.leastRecordings else {
            throw SpeechError.adaptation(
                "only \(ids.count) of \(recordings.count) recordings hold speech enough for their text; \(Self.leastRecordings) are needed")
        }

        // The model as SphinxTrain reads it.
        let mdef = try Self.textModelDefinition(hmm + "/mdef", into: file("mdef.txt"))
        try Self.mixtureWeights(fromSendump: hmm + "/sendump").write(to: URL(fileURLWithPath: file("mixture_weights")))
        let parameters = SpeakerAdaptation.featureParameters(model: model)
        let featureOptions = ["-feat", "-svspec", "-cmn", "-agc", "-varnorm"].flatMap { name in parameters[name].map { [name, $0] } ?? [] }
        let tying =
            switch parameters["-model"] ?? "ptm" {
            case "semi": ".semi.";
            case "cont": ".cont.";
            default: ".ptm."
            }

        try FileManager.default.createDirectory(atPath: file("counts"), withIntermediateDirectories: true)
        let counting = try Self.runTool(
            "bw",
            [
                "-moddeffn", mdef, "-ts2cbfn", tying, "-meanfn", hmm + "/means", "-varfn", hmm + "/variances",
                "-mixwfn", file("mixture_weights"), "-tmatfn", hmm + "/transition_matrices",
                "-dictfn", file("words.dict"), "-fdictfn", hmm + "/noisedict", "-ctlfn", file("ids"),
                "-lsnfn", file("transcripts"), "-cepdir", folder.path, "-cepext", "mfc",
                "-accumdir", file("counts"),
            ] + featureOptions)
        // bw names each recording it could not align: `ERROR: "baum_welch.c", line 324: r6 ignored`.
        let leftOut = (unusable + ids.filter { counting.contains(" \($0.id) ignored") }.map(\.index)).sorted()
        let used = recordings.count - leftOut.count
        guard used >= Self.leastRecordings else {
            throw SpeechError.adaptation(
                "only \(used) of \(recordings.count) recordings matched their text; \(Self.leastRecordings) are needed")
        }
        let written = path + ".part"
        defer { try? FileManager.default.removeItem(atPath: written) }  // gone once renamed; else what failed
        _ = try Self.runTool(
            "mllr_solve",
            [
                "-meanfn", hmm + "/means", "-varfn", hmm + "/variances", "-outmllrfn", written,
                "-accumdir", file("counts"),
            ])
        let checked = try SpeakerAdaptation(contentsOf: written, model: model)
        guard rename(written, path) == 0 else {  // in one step: the adaptation there before stays until this one is whole
            throw SpeechError.adaptation("cannot write '\(path)': \(String(cString: strerror(errno)))")
        }
        return AdaptationReport(adaptation: SpeakerAdaptation(path: path, transform: checked.transform), leftOut: leftOut)
    }

    /// Whether the utterance detector of Hermes audio (`UtteranceDetector`) finds speech in `audio`.
    package static func holdsSpeech(_ audio: RecognizerAudio) -> Bool {
        var detector = UtteranceDetector()
        let frames = stride(from: 0, to: audio.samples.count, by: 320).map { Array(audio.samples[$0..<min($0 + 320, audio.samples.count)]) }
        let quiet = [[Int16]](repeating: [Int16](repeating: 0, count: 320), count: 200)  // 4 s: any utterance ends
        return (frames + quiet).contains { detector.add($0) != nil }
    }

    /// The fewest recordings an adaptation is estimated from: a transform has
    /// 3 × 13 × 14 numbers, and a handful of sentences fit the speaker's
    /// slips as much as the voice.
    public static let leastRecordings = 5

    /// Features as a SphinxTrain cepstra file: the number of values, then the values (32-bit, this machine's order).
    package static func cepstra(_ features: Features) -> Data {
        var data = Data()
        withUnsafeBytes(of: Int32(features.values.count)) { data.append(contentsOf: $0) }
        features.values.withUnsafeBytes { data.append(contentsOf: $0) }
        return data
    }

    /// The model definition as text: the file itself when it is, else converted.
    package static func textModelDefinition(_ path: String, into converted: String) throws -> String {
        guard let start = FileManager.default.contents(atPath: path)?.prefix(4) else { throw SpeechError.model("cannot read \(path)") }
        guard start == Data("BMDF".utf8) || start == Data("FDMB".utf8) else { return path }
        _ = try runTool("/usr/bin/pocketsphinx_mdef_convert", ["-text", path, converted], missing: "pocketsphinx")
        return converted
    }

    /// The program `tool` (one of SphinxTrain's, or a path), which must be there.
    package static func toolPath(_ tool: String, package: String = "sphinxtrain") throws -> String {
        let path = tool.hasPrefix("/") ? tool : "\(sphinxTrain)/\(tool)"
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw SpeechError.toolMissing(path: path, package: package)
        }
        return path
    }

    /// Runs one of SphinxTrain's programs (or a path); its output, or an
    /// error with its last error line when it fails.
    package static func runTool(_ tool: String, _ arguments: [String], missing package: String = "sphinxtrain") throws -> String {
        let path = try toolPath(tool, package: package)
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("voiceplug-\(UUID().uuidString.prefix(8)).log")
        defer { try? FileManager.default.removeItem(at: log) }
        let process: SpawnedProcess
        do {
            process = try SpawnedProcess(path, arguments, log: log.path)
        } catch {
            throw SpeechError.adaptation("cannot start \(path): \(error)")
        }
        process.reap(within: 24 * 3600)
        let output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        let status = process.exitCode ?? 0
        guard status == 0 else {
            let last = output.split(separator: "\n").last { $0.contains("ERROR") || $0.contains("FATAL") } ?? "exit \(status)"
            throw SpeechError.adaptation("\((path as NSString).lastPathComponent) failed: \(last)")
        }
        return output
    }
}
