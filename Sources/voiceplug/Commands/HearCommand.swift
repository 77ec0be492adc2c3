import CommandLineSupport
import Foundation
import JSONText
import PocketSphinx
import Speech
import SpeechAudio
import VoiceAdaptation
import VoiceShortcuts

/// `voiceplug hear`: offline speech recognition of one utterance, or of
/// several files with one warm recognizer.
enum HearCommand {
    static let spec = CommandSpec(
        name: "hear", summary: "Recognizes a spoken phrase offline from a WAV file (or raw 16 kHz PCM on standard input).",
        usage:
            "hear WAVFILE|- [WAVFILE...] [--config FILE] [--db FILE] [--adaptation FILE] [--send] [--broker URL] [--timeout SECONDS] [--threshold M] [--json]",
        options: ["config", "db", "broker", "timeout", "threshold", "adaptation"], flags: ["send", "json"], positionals: 1...Int.max,
        details: """
            WAVFILE        8-, 16-, 24- or 32-bit PCM, 32- or 64-bit float or 8-bit µ-law or A-law,
                           mono or stereo, 8–48 kHz, up to 64 MiB; a pipe too (/dev/stdin, <(command));
                           - reads raw 16 kHz 16-bit mono PCM from standard input
            WAVFILE...     several files are heard one after the other by one recognizer, one line each
                           (with --json, each line also names its "file"); exit 1 if any was not recognized
            --send         send the recognized text to the gateway, as `voiceplug say` does (one file only)
            --json         {"text":…,"confidence":…,"margin":…,"hypothesis":…,"trace":[…]} (the hypothesis
                           is the decoders' raw output, for diagnosis: g_ words are the garbage path;
                           the trace, each hearing the recognizer made: its kind, warp, frame rate,
                           what the grammar and the open pass heard, the margin, what it required
                           and what it decided)
            --adaptation FILE
                           the speaker adaptation to hear with (`voiceplug adapt`; default:
                           voiceplug.adaptation beside the configuration, when it is there; else
                           what the gateway learned from the voices it heard, when it did)
            --threshold M  \(thresholdHelp)

            The grammar is every voice shortcut's phrase and the on/off commands for the configuration's
            devices; anything else is not recognized (exit 1). A question, statement or negation about a
            device ("is the lamp on") is heard as such and is no command either: with --json its words are
            in "heard" and "text" is null. A spoken toggle is never taken: it is asked as the state heard
            in its place (did you say "turn off the lamp"?); typed, it works. Recognition is offline, on this machine.
            """)

    static func run(_ arguments: [String], console: Console) async -> ExitCode {
        do {
            guard let parsed = try spec.parse(arguments, console: console) else { return .ok }
            let context = try Context(parsed, console: console)
            let sources = parsed.positionals
            if parsed.flags.contains("send"), sources.count > 1 {
                throw UsageError(message: "--send takes one file, not \(sources.count)", command: spec.name)
            }
            if sources.contains("-"), sources.count > 1 {
                throw UsageError(message: "- (standard input) cannot be mixed with files", command: spec.name)
            }
            let threshold = try speechThreshold(parsed, command: spec.name)
            // Every file is read before the recognizer starts, so a bad one fails fast.
            let audios = try sources.map { try readAudio($0, console: console) }
            let registry = try context.registryForReading()
            let recognizer = try SpeechRecognizer(
                devices: context.devices, shortcuts: registry.allVoiceShortcuts(), threshold: threshold,
                adaptation: context.adaptation())
            // The grammar also holds what is said of a device without asking to switch it ("was the lamp on"), so
            // that it is heard as such; like a typed phrase, it is then no command. A group or a question is heard as
            // the gateway would take it typed; a toggle is heard and asked back (see `SpeechRecognizer.recognize`).
            let matcher = PhraseMatcher(devices: context.devices), index = registry.index
            let json = parsed.flags.contains("json")
            var allHeard = true
            for (source, audio) in zip(sources, audios) {
                let heard = try recognizer.recognize(audio), recognition = heard
                let file = sources.count > 1 ? "\"file\":\(JSON.string(source))," : ""
                let scores =
                    (heard.margin.map { ",\"margin\":\(String(format: "%.3f", $0))" } ?? "")
                    + ",\"hypothesis\":\(JSON.string(heard.hypothesis)),\"trace\":\(Self.traceJSON(heard.trace))"
                /// Nothing to switch: why on standard error, and with --json a line without text.
                func notRecognized(_ why: String, heard: String?) {
                    allHeard = false
                    console.err("voiceplug hear: " + (sources.count > 1 ? "\(source): " : "") + why + "\n")
                    let words = heard.map { "\"heard\":\(JSON.string($0))," } ?? ""
                    let candidate = recognition.candidate.map { "\"candidate\":\(JSON.string($0))," } ?? ""
                    if json { console.out("{\(file)\"text\":null,\(words)\(candidate)\"confidence\":0\(scores)}\n") }
                }
                guard let text = heard.text else {
                    if let candidate = heard.candidate {
                        // Not heard surely: the gateway and `listen` would ask back; a file cannot answer.
                        notRecognized("not heard surely: did you say \"\(candidate)\"? (nothing switched)", heard: candidate)
                    } else {
                        notRecognized("nothing known was heard", heard: nil)
                    }
                    continue
                }
                let isRequest = if case .success? = matcher.request(text) { true } else { false }
                if case .notRecognized(let reason) = matcher.match(text, shortcuts: index), !isRequest {
                    notRecognized("heard \"\(text)\": \(reason)", heard: text)
                    continue
                }
                if parsed.flags.contains("send") {
                    var forwarded = [text, "--timeout", parsed.options["timeout"] ?? "5"]
                    if let broker = parsed.options["broker"] { forwarded += ["--broker", broker] }
                    if let config = parsed.options["config"] { forwarded += ["--config", config] }
                    if json { forwarded.append("--json") }
                    console.err("heard \"\(text)\" (confidence \(String(format: "%.2f", heard.confidence)))\n")
                    return await SayCommand.run(forwarded, console: console)
                }
                console.out(
                    json
                        ? "{\(file)\"text\":\(JSON.string(text)),\"confidence\":\(String(format: "%.3f", heard.confidence))\(scores)}\n"
                        : (sources.count > 1 ? source + ": " : "") + text + "\n")
            }
            return allHeard ? .ok : .failed
        } catch let error as WAVError {
            return report(UsageError(message: "\(error)", command: spec.name), command: spec.name, console: console)
        } catch let error as SpeechError {
            console.err("voiceplug hear: \(error)\n")
            if case .adaptation = error { return .usage }  // a file given to it, like a configuration
            return .unavailable
        } catch {
            return report(error, command: spec.name, console: console)
        }
    }

    private static func readAudio(_ source: String, console: Console) throws -> RecognizerAudio {
        if source == "-" {
            return RecognizerAudio(littleEndian: try readStandardInput(console: console, command: spec.name))
        }
        return try readWAVFile(source, console: console, command: spec.name).audio
    }

    /// The recognizer's passes as a JSON list.
    static func traceJSON(_ trace: [RecognitionPass]) -> String {
        let passes = trace.map { pass in
            var fields = [
                "\"kind\":\(JSON.string(pass.kind.rawValue))", "\"warp\":\(pass.warp)", "\"frameRate\":\(pass.frameRate)",
                "\"heard\":\(JSON.string(pass.heard))",
            ]
            if let open = pass.openHeard { fields.append("\"openHeard\":\(JSON.string(open))") }
            if let margin = pass.margin { fields.append("\"margin\":\(String(format: "%.3f", margin))") }
            if let required = pass.required { fields.append("\"required\":\(String(format: "%.3f", required))") }
            if let state = pass.stateMargin { fields.append("\"stateMargin\":\(String(format: "%.3f", state))") }
            if let plain = pass.unadaptedStateMargin { fields.append("\"unadaptedStateMargin\":\(String(format: "%.3f", plain))") }
            if let upDown = pass.upDownMargin { fields.append("\"upDownMargin\":\(String(format: "%.3f", upDown))") }
            if let name = pass.nameMargin { fields.append("\"nameMargin\":\(String(format: "%.3f", name))") }
            fields.append("\"decision\":\(JSON.string(pass.decision))")
            return "{" + fields.joined(separator: ",") + "}"
        }
        return "[" + passes.joined(separator: ",") + "]"
    }
}
