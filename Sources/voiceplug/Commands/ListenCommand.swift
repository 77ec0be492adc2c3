import ALSAAudio
import CommandLineSupport
import Foundation
import Gateway
import MQTT
import Speech
import SpeechAudio
import VoiceAdaptation
import VoiceShortcuts

/// `voiceplug listen`: a live stream of sound (a microphone through ALSA, or raw audio on standard input) cut into
/// utterances, each heard, sent to the gateway as `say` sends a phrase, and answered aloud.
enum ListenCommand {
    static let spec = CommandSpec(
        name: "listen", summary: "Listens: utterances from a microphone or a live stream switch the plugs, and are answered aloud.",
        usage: "listen (-|--device NAME) [--output-device NAME] [--wake PHRASE | --no-wake] [--no-reply] [--config FILE] "
            + "[--db FILE] [--broker URL] [--threshold M] [--adaptation FILE] [--no-learning] [--json]",
        options: ["device", "output-device", "config", "db", "broker", "wake", "threshold", "adaptation"],
        flags: ["no-wake", "no-reply", "no-learning", "json"],
        positionals: 0...1,
        details: """
            -                     raw 16 kHz 16-bit mono audio on standard input, as it comes
                                  (arecord -f S16_LE -r 16000 -c 1 | voiceplug listen -)
            --device NAME         an ALSA capture device ("default", "hw:1,0", a name of your .asoundrc)
            --output-device NAME  where answers are spoken (default: "default")
            --wake PHRASE         what is said before a command (default: the configuration's "wake", else
                                  "hey voice plug"): "hey voice plug, turn on the lamp", or the phrase
                                  alone and the command within 5 s; other speech is not heard
            --no-wake             every utterance is a candidate command (push-to-talk setups)
            --no-reply            answers are printed, not spoken
            --json                one JSON object a line per event: utterance, wake ("doubtful": true
                                  when an accent's near miss of the phrase was heard and the phrase
                                  found under it), heard, result, question, answer ("startsAfterMs":
                                  how long after the result its sound started)
            --threshold M         \(thresholdHelp)
            --adaptation FILE     a speaker adaptation (voiceplug adapt; default: voiceplug.adaptation
                                  beside the configuration, when it is there)
            --no-learning         do not learn the voices heard. Without it, each command heard whose plug
                                  confirmed is kept in voiceplug.hearings beside the configuration, as
                                  voiceplug run keeps them, and after every 10 an adaptation to the
                                  household's voices is learned and heard with (not when --adaptation or
                                  voiceplug.adaptation is used)
            --broker URL          the gateway's broker (default: the configuration's, else mqtt://127.0.0.1:1883)

            Utterances are found with an adaptive noise floor and end after 0.6 s of silence; each is
            heard offline with the configuration's devices and the store's shortcuts and announced
            devices, and what was heard goes to the running gateway, which switches and answers. A command
            heard but not surely is asked back ("the kitchen lamp, on?"): a yes within 10 s switches it, a
            no or anything else does not. A reply heard as neither (speech over it) has the question asked
            once more.
            Stops at the end of standard input, or on SIGINT or SIGTERM.
            """)

    /// `run --listen`: the microphone (`--device`, default "default") heard by `gateway` itself, answers spoken on
    /// `--output-device`; what runs it until the stream ends.
    static func microphone(_ parsed: Arguments, configuration: VoicePlugConfiguration?, gateway: Gateway, console: Console) throws
        -> @Sendable () async -> Void
    {
        let spotter = try spotter(parsed, configuration: configuration)
        let capture: ALSADevice, output: ALSADevice?
        do {
            capture = try ALSADevice(parsed.options["device"] ?? "default", .capture)
            output =
                parsed.flags.contains("no-reply")
                ? nil : try ALSADevice(parsed.options["output-device"] ?? "default", .playback, rate: 22_050)
        } catch {
            throw UsageError(message: "\(error)", command: "run")
        }
        let listener = Listener(
            spotter: spotter, output: output, json: false, console: console, names: { gateway.deviceNames },
            reopen: { gateway.askAgain(of: "listen") }
        ) {
            utterance, context in
            let result = await gateway.handle(
                audio: utterance, from: "listen", publishing: true, afterDoubtfulWake: context == .command(doubtful: true),
                onlyReply: context == .reply)
            if let question = result.question { return .asking(question) }
            if case .failed(_, PhraseResult.answeredNo, _) = result.outcome { return .declined }
            guard !result.text.isEmpty else { return .nothing("nothing known was heard") }
            return .phrase(result.text, confidence: result.speechConfidence ?? 0, result)
        }
        let (frames, _) = AudioInput.device(capture).frames()
        return { await listener.listen(to: frames) }
    }

    /// The wake phrase's spotter: --wake, else the configuration's "wake", else the default; nil with --no-wake.
    static func spotter(_ parsed: Arguments, configuration: VoicePlugConfiguration?) throws -> WakeSpotter? {
        if parsed.flags.contains("no-wake") {
            guard parsed.options["wake"] == nil else { throw UsageError(message: "give --wake or --no-wake, not both", command: spec.name) }
            return nil
        }
        let phrase = parsed.options["wake"] ?? configuration?.wake ?? WakeSpotter.defaultPhrase
        do {
            return try WakeSpotter(phrase: phrase)
        } catch {
            throw UsageError(message: "the wake phrase '\(phrase)' cannot be spotted: \(error)", command: spec.name)
        }
    }

    /// One frame of audio: 30 ms.
    static let frameSamples = 480

    static func run(_ arguments: [String], console: Console) async -> ExitCode {
        let json: Bool
        let recognizer: FollowingRecognizer
        let broker: BrokerSettings
        let devices: [Device]
        let input: AudioInput
        var output: ALSADevice?
        let spotter: WakeSpotter?
        let voiceShortcuts: [VoiceShortcut]
        var learning: VoiceLearning?
        do {
            guard let parsed = try spec.parse(arguments, console: console) else { return .ok }
            let context = try Context(parsed, console: console)
            spotter = try Self.spotter(parsed, configuration: context.configuration)
            json = parsed.flags.contains("json")
            broker = try BrokerSettings(parsed, configuration: context.configuration, console: console, command: spec.name)
            devices = context.devices
            guard !devices.isEmpty else {
                throw UsageError(message: "no devices to listen for: no configuration and none announced in the store", command: spec.name)
            }
            switch (parsed.positionals.first, parsed.options["device"]) {
            case ("-"?, nil): input = .standardInput
            case (nil, let name?): input = .device(try ALSADevice(name, .capture))
            case (nil, nil): throw UsageError(message: "say where to listen: - (standard input) or --device NAME", command: spec.name)
            default: throw UsageError(message: "give - or --device NAME, not both", command: spec.name)
            }
            if !parsed.flags.contains("no-reply") {
                output = try ALSADevice(parsed.options["output-device"] ?? "default", .playback, rate: 22_050)
            }
            voiceShortcuts = try context.registryForReading().allVoiceShortcuts()
            let threshold = try speechThreshold(parsed, command: spec.name)
            let report: VoiceLearning.Report = { problem, message in console.err("voiceplug: \(problem ? "warning: " : "")\(message)\n") }
            if !context.adaptationEnrolled && !parsed.flags.contains("no-learning") {
                do {
                    learning = try VoiceLearning(VoiceLearning.Settings(folder: context.hearingsPath), report: report)
                } catch {
                    report(true, "not learning from spoken commands: cannot use \(context.hearingsPath): \(error)")
                }
            }
            recognizer = FollowingRecognizer(
                try SpeechRecognizer(devices: devices, shortcuts: voiceShortcuts, threshold: threshold, adaptation: context.adaptation()),
                following: learning?.settings.learnedPath,
                make: { [devices, voiceShortcuts] in
                    try SpeechRecognizer(devices: devices, shortcuts: voiceShortcuts, threshold: threshold, adaptation: $0)
                }, report: report)
        } catch let error as ALSAError {
            return report(UsageError(message: "\(error)", command: spec.name), command: spec.name, console: console)
        } catch {
            return report(error, command: spec.name, console: console)
        }
        do {
            let client = try MQTTClient(broker.mqtt)
            do { try await client.connect() } catch { throw BrokerUnreachable(url: broker.url, underlying: error) }
            let link = GatewayLink(client: client)
            try await link.start()
            let names = Dictionary(devices.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
            let matcher = PhraseMatcher(devices: devices), shortcuts = ShortcutIndex(voiceShortcuts)
            // A command heard but not surely is asked back; the next utterance within the window is heard as its yes or no.
            let asked = AskedQuestions()
            // A command the plug confirmed is learned from as the gateway learns from what it hears (`VoiceLearning`),
            // with its own sound when there is one (for a yes, the command's, not the yes's); an earlier command it
            // switched back was misheard, and is not.
            let learn: @Sendable (PhraseResult?, _ heard: String, _ audio: RecognizerAudio?) -> Void = { [learning] result, text, audio in
                guard let result, case .switched(let intent, _, _) = result.outcome else { return }
                learning?.switched(intent)
                if let audio { learning?.keep(audio, heard: text, intent: intent) }
            }
            let listener = Listener(
                spotter: spotter, output: output, json: json, console: console, names: { names }, reopen: { asked.reopen(of: "listen") }
            ) {
                utterance, context in
                if context == .reply {
                    guard let question = asked.take(of: "listen") else { return .nothing("no question waits") }
                    let phrase = question.phrase
                    let heard = try? await runBlocking({ try recognizer.recognizer.hearReply(utterance) })
                    guard let reply = heard?.reply else { return .nothing("neither yes nor no: " + (heard?.heard ?? "")) }
                    guard reply == .yes else { return .declined }
                    let result = await link.send(phrase)
                    learn(result, phrase, question.audio)  // the voices heard least surely are learned too
                    return .phrase(phrase, confidence: 0.5, result)
                }
                guard let heard = try? await runBlocking({ try recognizer.recognizer.recognize(utterance) }) else {
                    return .nothing("the recognizer failed")
                }
                guard let text = heard.text else {
                    if let candidate = heard.candidate,
                        let question = Gateway.question(for: candidate, matcher: matcher, shortcuts: shortcuts, names: names)
                    {
                        asked.ask(candidate, of: "listen", audio: utterance)
                        return .asking(question)
                    }
                    return .nothing(heard.hypothesis)
                }
                let result = await link.send(text)
                learn(result, text, utterance)
                return .phrase(text, confidence: heard.confidence, result)
            }
            let (frames, taken) = input.frames()
            let service = Task { await listener.listen(to: frames, taken: taken) }
            let following = Task { await recognizer.follow() }
            let stop = Task {
                _ = await terminationSignal()
                service.cancel()
            }
            await service.value
            stop.cancel()
            following.cancel()
            // The capture device stays open: its reading thread may be inside ALSA, and the process ends now. The
            // output is played out and closed (a file device writes its header's lengths then).
            output?.drain()
            output?.close()
            await learning?.finish(within: .seconds(20))
            await client.disconnect()
            return .ok
        } catch {
            return report(error, command: spec.name, console: console)
        }
    }

    /// Where the sound comes from.
    enum AudioInput: Sendable {
        case standardInput
        case device(ALSADevice)

        /// Frames of `frameSamples`, read on a thread of their own; the stream ends with the input. At most a
        /// minute of frames waits: a device's older ones are dropped when hearing falls that far behind (the sound
        /// card does not wait); standard input is read no further until `taken` says a frame was taken (a file
        /// piped in is heard whole, in bounded memory).
        func frames() -> (frames: AsyncStream<[Int16]>, taken: @Sendable () -> Void) {
            let (stream, continuation) = AsyncStream.makeStream(of: [Int16].self, bufferingPolicy: .bufferingNewest(2_000))
            let room = DispatchSemaphore(value: 2_000)
            let source = self
            Thread {
                var pending: [UInt8] = []
                while true {
                    switch source {
                    case .standardInput:
                        let data = FileHandle.standardInput.availableData
                        if data.isEmpty {
                            continuation.finish()
                            return
                        }
                        pending += data
                        let whole = pending.count / 2 / ListenCommand.frameSamples * ListenCommand.frameSamples * 2
                        var start = 0
                        while start < whole {
                            let bytes = pending[start..<(start + ListenCommand.frameSamples * 2)]
                            room.wait()
                            continuation.yield(RecognizerAudio(littleEndian: bytes).samples)
                            start += ListenCommand.frameSamples * 2
                        }
                        pending.removeFirst(whole)
                    case .device(let device):
                        guard let frame = try? device.read(ListenCommand.frameSamples), !frame.isEmpty else {
                            continuation.finish()
                            return
                        }
                        continuation.yield(frame)
                    }
                }
            }.start()
            if case .device = source { return (stream, {}) }
            return (stream, { room.signal() })
        }
    }
}
