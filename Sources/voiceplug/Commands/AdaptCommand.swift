import CommandLineSupport
import Foundation
import PocketSphinx
import Speech
import SpeechAudio
import VoiceAdaptation

/// `voiceplug adapt`: adapts the acoustic model to one speaker from
/// recordings of sentences and their transcripts.
enum AdaptCommand {
    static let spec = CommandSpec(
        name: "adapt", summary: "Adapts speech recognition to one speaker from recordings of a few sentences.",
        usage: "adapt WAVFILE... [--config FILE] [--adaptation FILE] | adapt --prompts",
        options: ["config", "adaptation"], flags: ["prompts"], positionals: 0...Int.max,
        details: """
            WAVFILE           a recording of one sentence (any WAV `voiceplug hear` reads); what was said
                              is in the text file of the same name ending in .txt (kitchen.wav: kitchen.txt)
            --prompts         print \(SpeakerAdaptation.prompts.count) sentences to record, one a line
            --adaptation FILE where to write it (default: voiceplug.adaptation beside the configuration,
                              else in the current folder); an adaptation there is replaced

            Read the prompts (or sentences of your own: \(SpeechRecognizer.leastRecordings) at least, about twenty is good)
            in the room and with the microphone you will use. `voiceplug hear` and `voiceplug run`
            then use the adaptation (its default file when it is there, or --adaptation FILE; a
            running gateway follows the file); delete the file to stop. A recording without speech,
            or plainly not of its text, is left out and named. Needs sphinxtrain and pocketsphinx
            (`make deps` installs them). Offline, on this machine.
            """)

    static func run(_ arguments: [String], console: Console) async -> ExitCode {
        do {
            guard let parsed = try spec.parse(arguments, console: console) else { return .ok }
            if parsed.flags.contains("prompts") {
                guard parsed.positionals.isEmpty else {
                    throw UsageError(message: "--prompts takes no files", command: spec.name)
                }
                console.out(SpeakerAdaptation.prompts.joined(separator: "\n") + "\n")
                return .ok
            }
            guard !parsed.positionals.isEmpty else {
                throw UsageError(message: "give the recordings (WAVFILE...), or --prompts for sentences to record", command: spec.name)
            }
            let context = try Context(parsed, console: console)
            let recordings = try parsed.positionals.map { try recording($0, console: console) }
            guard recordings.count >= SpeechRecognizer.leastRecordings else {
                throw UsageError(
                    message:
                        "\(recordings.count) recording(s) are too few: give \(SpeechRecognizer.leastRecordings) at least (about twenty is good)",
                    command: spec.name)
            }
            let path = context.adaptationPath
            // Only its front ends make the features: no grammar of the configured devices, no open pass.
            let recognizer = try SpeechRecognizer(devices: [], shortcuts: [], secondPass: false)
            let report = try recognizer.estimateAdaptation(from: recordings, writingTo: path)
            for index in report.leftOut {
                console.err("voiceplug adapt: \(parsed.positionals[index]) was left out: its audio did not match its text\n")
            }
            let used = recordings.count - report.leftOut.count
            console.out("speaker adaptation written to \(path) (from \(used) of \(recordings.count) recordings)\n")
            return .ok
        } catch let error as SpeechError {
            console.err("voiceplug adapt: \(error)\n")
            if case .adaptation = error { return .failed }
            return .unavailable
        } catch {
            return report(error, command: spec.name, console: console)
        }
    }

    /// A recording and its transcript (the .txt file of the same name).
    private static func recording(_ source: String, console: Console) throws -> SpeechRecognizer.AdaptationRecording {
        let (path, audio): (String, RecognizerAudio)
        do {
            (path, audio) = try readWAVFile(source, console: console, command: spec.name)
        } catch let error as WAVError {
            throw UsageError(message: "\(source): \(error)", command: spec.name)
        }
        let transcript = URL(fileURLWithPath: path).deletingPathExtension().appendingPathExtension("txt").path
        let shown = URL(fileURLWithPath: source).deletingPathExtension().appendingPathExtension("txt").relativeString
        guard let textData = FileManager.default.contents(atPath: transcript) else {
            throw UsageError(message: "no transcript for '\(source)': put what was said in '\(shown)'", command: spec.name)
        }
        guard let text = String(data: textData, encoding: .utf8),
            !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        else {
            throw UsageError(message: "'\(shown)' holds no text (UTF-8) of what was said", command: spec.name)
        }
        return SpeechRecognizer.AdaptationRecording(audio: audio, text: text)
    }
}
