import CommandLineSupport
import Foundation
import JSONText
import Speech
import VoiceShortcuts

/// `voiceplug hear`: offline speech recognition of one utterance.
enum HearCommand {
    static let spec = CommandSpec(
        name: "hear", summary: "Recognizes a spoken phrase offline from a WAV file (or raw 16 kHz PCM on standard input).",
        usage: "hear WAVFILE|- [--config FILE] [--db FILE] [--send] [--broker URL] [--timeout SECONDS] [--json]",
        options: ["config", "db", "broker", "timeout", "threshold"], flags: ["send", "json"], positionals: 1...1,
        details: """
            WAVFILE        16-bit PCM or 32-bit float, mono or stereo, 8–48 kHz; - reads raw 16 kHz 16-bit
                           mono PCM from standard input
            --send         send the recognized text to the gateway, as `voiceplug say` does
            --json         {"text":…,"confidence":…,"margin":…}
            --threshold M  the least margin accepted: how much better, per frame, the phrase explains the
                           audio than free English does (default \(SpeechRecognizer.defaultThreshold); lower
                           accepts more, including speech that was not a command)

            The grammar is every voice shortcut's phrase and the on/off commands for the configuration's
            devices; anything else is not recognized (exit 1). Recognition is offline, on this machine.
            """)

    static func run(_ arguments: [String], console: Console) async -> ExitCode {
        do {
            guard let parsed = try spec.parse(arguments, console: console) else { return .ok }
            let context = try Context(parsed, console: console)
            let source = parsed.positionals[0]
            let audio = try readAudio(source, console: console)
            let registry = try context.registry()
            var threshold = SpeechRecognizer.defaultThreshold
            if let text = parsed.options["threshold"] {
                guard let value = Double(text) else { throw UsageError(message: "--threshold must be a number, not '\(text)'", command: spec.name) }
                threshold = value
            }
            let recognizer = try SpeechRecognizer(devices: context.devices, shortcuts: registry.allVoiceShortcuts(), threshold: threshold)
            let heard = try recognizer.recognize(audio)
            guard let text = heard.text else {
                console.err("voiceplug hear: nothing known was heard\n")
                if parsed.flags.contains("json") {
                    console.out("{\"text\":null,\"confidence\":0\(heard.margin.map { ",\"margin\":\(String(format: "%.3f", $0))" } ?? "")}\n")
                }
                return .failed
            }
            if parsed.flags.contains("send") {
                var forwarded = [text, "--timeout", parsed.options["timeout"] ?? "5"]
                if let broker = parsed.options["broker"] { forwarded += ["--broker", broker] }
                if let config = parsed.options["config"] { forwarded += ["--config", config] }
                if parsed.flags.contains("json") { forwarded.append("--json") }
                console.err("heard \"\(text)\" (confidence \(String(format: "%.2f", heard.confidence)))\n")
                return await SayCommand.run(forwarded, console: console)
            }
            console.out(parsed.flags.contains("json")
                ? "{\"text\":\(JSON.string(text)),\"confidence\":\(String(format: "%.3f", heard.confidence))"
                    + (heard.margin.map { ",\"margin\":\(String(format: "%.3f", $0))" } ?? "") + "}\n"
                : text + "\n")
            return .ok
        } catch let error as WAVError {
            return report(UsageError(message: "\(error)", command: spec.name), command: spec.name, console: console)
        } catch let error as SpeechError {
            console.err("voiceplug hear: \(error)\n")
            return .unavailable
        } catch {
            return report(error, command: spec.name, console: console)
        }
    }

    private static func readAudio(_ source: String, console: Console) throws -> RecognizerAudio {
        if source == "-" {
            let bytes = console.readAll()
            let samples = stride(from: 0, to: bytes.count - 1, by: 2).map { Int16(bitPattern: UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8) }
            return RecognizerAudio(samples: samples)
        }
        let path = source.hasPrefix("/") ? source : URL(fileURLWithPath: console.currentDirectory).appendingPathComponent(source).path
        guard let data = FileManager.default.contents(atPath: path) else {
            throw UsageError(message: "cannot read '\(source)'", command: spec.name)
        }
        return try WAVReader.read(Array(data))
    }
}
