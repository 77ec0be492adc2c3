import Foundation
import Glibc
import PocketSphinx
import TestSupport
import Testing

/// `voiceplug listen` against a running gateway, with ALSA's own `file` plugin standing in for the sound card:
/// capture from a named pipe written in real time, answers played into a file.
@Suite("Listening: a live stream of sound switches the plugs and is answered aloud", .serialized)
struct ListenTests {
    /// Raw 16 kHz mono 16-bit audio: each text spoken by espeak-ng, then `pause` seconds of silence.
    static func stream(_ texts: [String], pause: Double = 1.5) throws -> Data {
        try stream(texts.map { ($0, "espeak", pause) })
    }

    /// Raw 16 kHz mono 16-bit audio: half a second of silence, then each text spoken by its voice (see
    /// `synthesizeWAV`, with `snr`) and followed by its pause in seconds.
    static func stream(_ said: [(text: String, voice: String, pause: Double)], snr: Double? = nil) throws -> Data {
        var raw = Data(count: Int(0.5 * 16_000) * 2)
        for (text, voice, pause) in said {
            raw += try synthesizeWAV(text, voice: voice, snr: snr).dropFirst(44)  // the 16 kHz mono WAV's samples
            raw += Data(count: Int(pause * 16_000) * 2)
        }
        return raw
    }

    /// A named pipe in `folder` and an ALSA configuration whose capture device `vpin` reads it (see `alsa`).
    static func microphone(in folder: URL) throws -> (pipe: URL, environment: [String: String]) {
        let pipe = folder.appendingPathComponent("microphone")
        #expect(mkfifo(pipe.path, 0o600) == 0)
        return (pipe, try alsa(in: folder, capture: pipe))
    }

    /// The gateway listening itself (`run` with `runArguments`) to `raw`, fed in real time through ALSA's `vpin`;
    /// `body` gets the fixture and the folder whose answers.raw the answers are played into.
    static func withListeningGateway(
        _ raw: Data, runArguments: [String], _ body: (GatewayFixture, URL) async throws -> Void
    ) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("voiceplug-mic-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (pipe, environment) = try microphone(in: folder)
        // The writer first: ALSA's file plugin opens the pipe when the gateway opens the device, and waits for a writer.
        feed(raw, into: pipe)
        try await withGateway(speech: true, runArguments: runArguments, gatewayEnvironment: environment) { try await body($0, folder) }
    }

    /// An ALSA configuration with a playback device `vpout` writing raw samples to `answers`, and, with `capture`,
    /// a capture device `vpin` reading them from it.
    static func alsa(in folder: URL, capture: URL? = nil) throws -> [String: String] {
        let answers = folder.appendingPathComponent("answers.raw").path
        var text = "pcm.vpout {\n type file\n slave.pcm \"null\"\n file \"\(answers)\"\n format \"raw\"\n}\n"
        if let capture {
            text += "pcm.vpin {\n type file\n slave.pcm \"null\"\n file \"/dev/null\"\n infile \"\(capture.path)\"\n format \"raw\"\n}\n"
        }
        let file = folder.appendingPathComponent("asound.conf")
        try text.write(to: file, atomically: true, encoding: .utf8)
        return ["ALSA_CONFIG_PATH": "/usr/share/alsa/alsa.conf:" + file.path]
    }

    /// Writes `raw` into the named pipe at a microphone's pace (30 ms of sound every 30 ms) on a thread of its own,
    /// then keeps it open 2 s; the pipe's open waits for its reader (ALSA's file plugin opens it with the device).
    static func feed(_ raw: Data, into pipe: URL) {
        Thread {
            let descriptor = open(pipe.path, O_WRONLY)
            guard descriptor >= 0 else { return }
            defer { close(descriptor) }
            let bytes = [UInt8](raw)
            var offset = 0
            while offset < bytes.count {
                let end = min(bytes.count, offset + 960)
                let written = bytes[offset..<end].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
                guard written > 0 else { return }  // the reader went away
                offset = end
                Thread.sleep(forTimeInterval: 0.03)
            }
            Thread.sleep(forTimeInterval: 2)
        }.start()
    }

    static func events(_ output: String) -> [[String: Any]] {
        output.split(separator: "\n").compactMap { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] }
    }

    @Test("raw audio on standard input: each utterance heard, the plug switched, a question answered, both spoken back")
    func standardInput() async throws {
        try await withGateway { gateway in
            let raw = try await blocking { try Self.stream(["turn on the kitchen lamp", "is the christmas tree on"]) }
            let environment = try Self.alsa(in: gateway.folder)
            let listen = try ChildProcess(
                "voiceplug", ["listen", "-", "--no-wake", "--output-device", "vpout", "--json"], environment: environment, input: raw,
                directory: gateway.folder)
            #expect(try await listen.wait(timeout: .seconds(120)) == 0, "\(listen.standardError)")
            let events = Self.events(listen.standardOutput)
            let heard = events.filter { $0["event"] as? String == "heard" }.compactMap { $0["text"] as? String }
            #expect(heard == ["turn on the kitchen lamp", "is the christmas tree on"], "\(listen.standardOutput)")
            let answers = events.filter { $0["event"] as? String == "answer" }.compactMap { $0["text"] as? String }
            #expect(answers.first == "kitchen lamp on", "\(answers)")
            #expect(answers.last?.hasPrefix("the christmas tree is ") == true, "\(answers)")
            let results = events.compactMap { $0["result"] as? [String: Any] }
            #expect(results.first?["device"] as? String == "kitchen-lamp" && results.first?["ok"] as? Bool == true)
            // The answers were played: about a second of speech each, at 22,050 samples a second.
            let played = (try? Data(contentsOf: gateway.folder.appendingPathComponent("answers.raw")))?.count ?? 0
            #expect(played > 22_050 * 2, "\(played) bytes played")
        }
    }

    @Test("a recording longer than the minute that may wait, piped in at once, is heard whole")
    func longRecordingOnStandardInput() async throws {
        try await withGateway { gateway in
            let texts = (0..<8).map { $0 % 2 == 0 ? "turn on the kitchen lamp" : "turn off the kitchen lamp" }
            let raw = try await blocking { try Self.stream(texts, pause: 9) }  // about 85 s of sound
            let listen = try ChildProcess(
                "voiceplug", ["listen", "-", "--no-wake", "--no-reply", "--json"], input: raw, directory: gateway.folder)
            #expect(try await listen.wait(timeout: .seconds(120)) == 0, "\(listen.standardError)")
            let heard = Self.events(listen.standardOutput).filter { $0["event"] as? String == "heard" }.compactMap { $0["text"] as? String }
            #expect(heard == texts, "\(listen.standardOutput)")
        }
    }

    @Test("an ALSA capture device fed in real time: the command switches the plug, the answer played is heard back as said")
    func alsaCapture() async throws {
        try await withGateway { gateway in
            let raw = try await blocking { try Self.stream(["switch off the desk fan"]) }
            let (pipe, environment) = try Self.microphone(in: gateway.folder)
            let listen = try ChildProcess(
                "voiceplug", ["listen", "--device", "vpin", "--no-wake", "--output-device", "vpout", "--json"], environment: environment,
                directory: gateway.folder)
            Self.feed(raw, into: pipe)
            try await eventually("the command to be answered", timeout: .seconds(60)) {
                listen.standardOutput.contains(#""event":"answer""#) || !listen.isRunning
            }
            let events = Self.events(listen.standardOutput)
            #expect(
                events.contains { $0["event"] as? String == "heard" && $0["text"] as? String == "switch off the desk fan" }, "\(events)")
            #expect(events.contains { $0["event"] as? String == "answer" && $0["text"] as? String == "desk fan off" }, "\(events)")
            listen.kill(SIGTERM)
            #expect(try await listen.wait(timeout: .seconds(20)) == 0, "\(listen.standardError)")
            // The answer as it was played (22,050 samples a second), heard back by the recognizer.
            let played = try Data(contentsOf: gateway.folder.appendingPathComponent("answers.raw"))
            let file = gateway.folder.appendingPathComponent("answer.wav")
            try (Self.wavHeader(bytes: played.count, rate: 22_050) + played).write(to: file)
            let (status, heard, errors) = try await gateway.voiceplug(["hear", file.path])
            #expect(status == 0 && heard == "desk fan off\n", "heard back: \(heard) \(errors)")
        }
    }

    @Test(
        "listen learns the voices heard: ten confirmed commands are kept, an adaptation is learned and heard with, forgotten with the hearings"
    )
    func learnsFromHearings() async throws {
        try await withGateway { gateway in
            // No device switched straight back: that would be taken for a command misheard and undone.
            let phrases = [
                "turn on the christmas tree", "switch on the desk fan", "turn on the porch light", "turn the kitchen lamp on",
                "turn off the christmas tree", "switch off the desk fan", "turn off the porch light", "turn the kitchen lamp off",
                "switch the christmas tree on", "switch the desk fan on", "turn the porch light on",
            ]
            let raw = try await blocking {
                try Self.stream(phrases.enumerated().map { ($1, $0 % 2 == 0 ? "slt" : "rms", $0 == 9 || $0 == 10 ? 8.0 : 1.2) })
            }
            let (pipe, environment) = try Self.microphone(in: gateway.folder)
            let listen = try ChildProcess(
                "voiceplug", ["listen", "--device", "vpin", "--no-wake", "--no-reply", "--json"], environment: environment,
                directory: gateway.folder)
            Self.feed(raw, into: pipe)
            let learned = gateway.folder.appendingPathComponent("voiceplug.hearings/learned.adaptation").path
            try await eventually("the adaptation to be learned and heard with", timeout: .seconds(90)) {
                listen.standardError.contains("speech recognition adapted to the voices heard (\(learned))") || !listen.isRunning
            }
            #expect(listen.standardError.contains("learned the voices heard from 10 spoken commands"), "\(listen.standardError)")
            #expect((try? SpeakerAdaptation(contentsOf: learned)) != nil)
            try await eventually("the last command to be answered", timeout: .seconds(60)) {
                Self.events(listen.standardOutput).filter { $0["event"] as? String == "result" }.count == phrases.count || !listen.isRunning
            }
            let heard = Self.events(listen.standardOutput).filter { $0["event"] as? String == "heard" }.compactMap { $0["text"] as? String }
            #expect(heard == phrases, "\(listen.standardOutput)")
            // Each confirmed command kept with what was heard, the last one (heard with the adaptation) too.
            let hearings = gateway.folder.appendingPathComponent("voiceplug.hearings").path
            let kept = try FileManager.default.contentsOfDirectory(atPath: hearings).filter { $0.hasSuffix(".txt") }.sorted()
            let texts = try kept.map { try String(contentsOfFile: hearings + "/" + $0, encoding: .utf8) }
            #expect(texts == phrases.map { $0 + "\n" }, "\(texts)")
            // The hearings deleted, to forget them: heard without the adaptation again.
            try FileManager.default.removeItem(atPath: hearings)
            try await eventually("the adaptation to be forgotten", timeout: .seconds(5)) {
                listen.standardError.contains("speech recognition no longer adapted") || !listen.isRunning
            }
            #expect(listen.standardError.contains("speech recognition no longer adapted"), "\(listen.standardError)")
            listen.kill(SIGTERM)
            #expect(try await listen.wait(timeout: .seconds(30)) == 0, "\(listen.standardError)")
        }
    }

    @Test("listen --no-learning keeps nothing it heard")
    func noLearning() async throws {
        try await withGateway { gateway in
            let raw = try await blocking { try Self.stream(["turn on the kitchen lamp"]) }
            let listen = try ChildProcess(
                "voiceplug", ["listen", "-", "--no-wake", "--no-reply", "--no-learning", "--json"], input: raw, directory: gateway.folder)
            #expect(try await listen.wait(timeout: .seconds(120)) == 0, "\(listen.standardError)")
            #expect(listen.standardOutput.contains(#""device":"kitchen-lamp""#), "\(listen.standardOutput)")
            let hearings = gateway.folder.appendingPathComponent("voiceplug.hearings").path
            #expect(!FileManager.default.fileExists(atPath: hearings), "--no-learning keeps nothing")
        }
    }

    /// The header of a mono 16-bit PCM WAV file of `bytes` bytes of samples at `rate`.
    static func wavHeader(bytes: Int, rate: Int) -> Data {
        func le(_ value: Int, _ count: Int) -> [UInt8] { (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        let format = le(1, 2) + le(1, 2) + le(rate, 4) + le(rate * 2, 4) + le(2, 2) + le(16, 2)
        return Data(
            Array("RIFF".utf8) + le(36 + bytes, 4) + Array("WAVEfmt ".utf8) + le(16, 4) + format + Array("data".utf8) + le(bytes, 4))
    }

    @Test(
        "with the wake phrase: a command after it switches, one without it or after a near miss is not heard, the phrase alone opens a window"
    )
    func wakePhrase() async throws {
        try await withGateway { gateway in
            let raw = try await blocking {
                try Self.stream([
                    ("hey voice plug, turn on the kitchen lamp", "espeak", 1.5), ("turn on the desk fan", "slt", 1.5),
                    ("hey boys, turn on the desk fan", "espeak", 1.5), ("hey voice plug", "slt", 1.0),
                    ("is the christmas tree on", "slt", 1.5),
                ])
            }
            let listen = try ChildProcess(
                "voiceplug", ["listen", "-", "--no-reply", "--json"], input: raw, directory: gateway.folder)
            #expect(try await listen.wait(timeout: .seconds(120)) == 0, "\(listen.standardError)")
            let events = Self.events(listen.standardOutput)
            // "hey boys" may wake doubtfully (an accent's near miss, see `doubtfulWake`): then only a command heard surely
            // follows it, and the desk fan is not switched.
            let wakes = events.filter { $0["event"] as? String == "wake" && $0["doubtful"] as? Bool == false }
            #expect(wakes.count == 2, "\(listen.standardOutput)")
            let heard = events.filter { $0["event"] as? String == "heard" }.compactMap { $0["text"] as? String }
            #expect(heard == ["turn on the kitchen lamp", "is the christmas tree on"], "the desk fan was not asked: \(heard)")
            let fan = try await gateway.say("is the desk fan on")
            #expect(fan["state"] as? String != "on", "\(fan)")
        }
    }

    @Test(
        "an accent's wake phrase heard as a near miss (\"a voice\") wakes doubtfully: a command after it switches, alone it opens the window, chatter switches nothing"
    )
    func doubtfulWake() async throws {
        try await withGateway { gateway in
            // espeak-ng's Welsh English (gbcwmd) says "hey voice plug" so that the wake grammar hears "a voice" and phones.
            let hugo = "espeak:en-gb-x-gbcwmd+Hugo:160"
            let raw = try await blocking {
                try Self.stream(
                    [
                        ("hey voice plug, turn on the kitchen lamp", hugo, 1.5), ("a voice called out from the garden", hugo, 1.5),
                        ("hey voice plug", hugo, 1.0), ("turn on the desk fan", "slt", 1.5),
                    ], snr: 20)
            }
            let listen = try ChildProcess("voiceplug", ["listen", "-", "--no-reply", "--json"], input: raw, directory: gateway.folder)
            #expect(try await listen.wait(timeout: .seconds(120)) == 0, "\(listen.standardError)")
            let events = Self.events(listen.standardOutput)
            let wakes = events.filter { $0["event"] as? String == "wake" }
            #expect(wakes.count >= 2 && wakes.allSatisfy { $0["doubtful"] as? Bool == true }, "\(listen.standardOutput)")
            let results = events.compactMap { $0["result"] as? [String: Any] }.map { "\($0["device"] ?? "-") \($0["state"] ?? "-")" }
            #expect(results == ["kitchen-lamp on", "desk-fan on"], "\(listen.standardOutput)")
            #expect(!events.contains { $0["event"] as? String == "question" }, "\(listen.standardOutput)")
        }
    }

    /// A threshold 3 above the margin `text` (espeak-ng, as `stream` says it) is heard with by the fixture's
    /// configuration: the command is then just short of it, and asked back.
    static func thresholdJustAbove(_ text: String, in gateway: GatewayFixture) async throws -> String {
        let file = gateway.folder.appendingPathComponent("command.wav")
        try await blocking { try synthesizeWAV(text, voice: "espeak").write(to: file) }
        let (status, out, err) = try await gateway.voiceplug(["hear", file.path, "--json"])
        let heard = try #require((try? JSONSerialization.jsonObject(with: Data(out.utf8))) as? [String: Any], "\(status) \(err)")
        let pass = try #require((heard["trace"] as? [[String: Any]])?.first)
        let margin = try #require(pass["margin"] as? Double), required = try #require(pass["required"] as? Double)
        return String(19 + margin - required + 3)
    }

    @Test("a command heard but not surely is asked back: a yes switches it, a no does not, and both are answered")
    func askedBack() async throws {
        try await withGateway { gateway in
            let threshold = try await Self.thresholdJustAbove("turn on the kitchen lamp", in: gateway)
            let raw = try await blocking {
                try Self.stream(["turn on the kitchen lamp", "yes", "turn on the kitchen lamp", "no", "yes"])
            }
            let listen = try ChildProcess(
                "voiceplug", ["listen", "-", "--no-wake", "--no-reply", "--threshold", threshold, "--json"], input: raw,
                directory: gateway.folder)
            #expect(try await listen.wait(timeout: .seconds(120)) == 0, "\(listen.standardError)")
            let events = Self.events(listen.standardOutput)
            let questions = events.filter { $0["event"] as? String == "question" }.compactMap { $0["text"] as? String }
            #expect(questions == ["the kitchen lamp, on?", "the kitchen lamp, on?"], "\(listen.standardOutput)")
            let results = events.compactMap { $0["result"] as? [String: Any] }
            #expect(results.count == 1 && results.first?["device"] as? String == "kitchen-lamp", "\(listen.standardOutput)")
            #expect(results.first?["state"] as? String == "on" && results.first?["ok"] as? Bool == true)
            let answers = events.filter { $0["event"] as? String == "answer" }.compactMap { $0["text"] as? String }
            // The last "yes" answers no question: it is heard as an utterance, and is no command.
            #expect(
                answers == ["the kitchen lamp, on?", "kitchen lamp on", "the kitchen lamp, on?", "ok, nothing switched"],
                "\(listen.standardOutput)")
            // Confirmed by the yes, the command's own audio is kept to learn from (the one answered no is not): the
            // first utterance's length (2.1 s here; the yes's 1.5 s), not the yes's.
            let kept = try SpokenPhraseTests.hearings(in: gateway.folder)
            let first = try #require(Double(events.first { $0["event"] as? String == "utterance" }?["seconds"] as? String ?? ""))
            #expect(
                kept.count == 1 && kept.allSatisfy { abs(Double($0.count) / 16_000 - first) < 0.01 }, "\(kept.map(\.count)) samples kept")
        }
    }

    @Test("after a question, speech that is neither yes nor no is no command without the wake phrase; with it, it is")
    func questionThenOtherSpeech() async throws {
        try await withGateway { gateway in
            // A spoken toggle is always asked back; then, within the question's window, a command without the wake
            // phrase (chatter after a question was taken as one) and one with it.
            let raw = try await blocking {
                try Self.stream(
                    ["hey voice plug, toggle the porch light", "turn on the desk fan", "hey voice plug, turn on the christmas tree"],
                    pause: 1.2)
            }
            let listen = try ChildProcess(
                "voiceplug", ["listen", "-", "--no-reply", "--json"], input: raw, directory: gateway.folder)
            #expect(try await listen.wait(timeout: .seconds(120)) == 0, "\(listen.standardError)")
            let events = Self.events(listen.standardOutput)
            let questions = events.filter { $0["event"] as? String == "question" }.compactMap { $0["text"] as? String }
            // Asked once more after the speech that was no reply; the command with the wake phrase is no reply either.
            #expect(
                questions.count == 2 && questions.allSatisfy { $0 == questions[0] } && questions[0].hasPrefix("the porch light, "),
                "\(listen.standardOutput)")
            let results = events.compactMap { $0["result"] as? [String: Any] }.compactMap { $0["device"] as? String }
            #expect(results == ["tree"], "\(listen.standardOutput)")
        }
    }

    @Test("a reply talked over is asked for once more: a yes then switches; two replies that are neither switch nothing")
    func askedAgain() async throws {
        try await withGateway { gateway in
            // A spoken toggle is always asked back, as the state the audio says best.
            let raw = try await blocking {
                try Self.stream(
                    [
                        "toggle the porch light", "the weather is nice today", "yes", "toggle the desk fan", "what a lovely garden",
                        "it is getting late", "yes",
                    ], pause: 1.2)
            }
            let listen = try ChildProcess(
                "voiceplug", ["listen", "-", "--no-wake", "--no-reply", "--json"], input: raw, directory: gateway.folder)
            #expect(try await listen.wait(timeout: .seconds(180)) == 0, "\(listen.standardError)")
            let events = Self.events(listen.standardOutput)
            let questions = events.filter { $0["event"] as? String == "question" }.compactMap { $0["text"] as? String }
            #expect(questions.count == 4, "\(listen.standardOutput)")
            guard questions.count == 4 else { return }
            #expect(questions[0] == questions[1] && questions[0].hasPrefix("the porch light, "), "\(questions)")
            #expect(questions[2] == questions[3] && questions[2].hasPrefix("the desk fan, "), "\(questions)")
            // The yes after the question asked again switches the porch light as asked; the desk fan is not switched.
            let results = events.compactMap { $0["result"] as? [String: Any] }.map { "\($0["device"] ?? "-") \($0["state"] ?? "-")" }
            #expect(results == ["porch " + questions[0].dropFirst("the porch light, ".count).dropLast()], "\(listen.standardOutput)")
        }
    }

    @Test("the gateway listens itself (run --listen): a command from the microphone switches, is published, the answer is played")
    func gatewayListens() async throws {
        let raw = try await blocking { try Self.stream(["turn on the porch light"]) }
        let run = ["--listen", "--device", "vpin", "--output-device", "vpout", "--no-wake"]
        try await Self.withListeningGateway(raw, runArguments: run) { gateway, folder in
            _ = try await gateway.inbox.wait(
                timeout: .seconds(60),
                where: { $0.topic == "voiceplug/plugs/porch" && (GatewayFixture.object($0)?["state"] as? String) == "on" })
            #expect(gateway.gateway.standardError.contains(#"heard "turn on the porch light""#), "\(gateway.gateway.standardError)")
            // Published as a phrase from the broker would be: others see what the microphone did.
            let published = try await gateway.inbox.wait(timeout: .seconds(10), where: GatewayFixture.isSpokenResult)
            #expect(GatewayFixture.object(published[0])?["device"] as? String == "porch", "\(published)")
            try await eventually("the answer to be played", timeout: .seconds(10)) {
                ((try? Data(contentsOf: folder.appendingPathComponent("answers.raw")))?.count ?? 0) > 22_050
            }
        }
    }

    @Test("the gateway listening itself asks once more after a reply talked over; the yes then switches")
    func gatewayAsksAgain() async throws {
        let raw = try await blocking { try Self.stream(["toggle the porch light", "the weather is nice today", "yes"], pause: 1.2) }
        let run = ["--listen", "--device", "vpin", "--output-device", "vpout", "--no-wake"]
        try await Self.withListeningGateway(raw, runArguments: run) { gateway, _ in
            let switched = try await gateway.inbox.wait(
                timeout: .seconds(60),
                where: { GatewayFixture.isSpokenResult($0) && GatewayFixture.object($0)?["device"] as? String == "porch" })
            let questions = await gateway.inbox.messages.filter(GatewayFixture.isSpokenResult).compactMap {
                GatewayFixture.object($0)?["question"] as? String
            }
            // The question is published once; the reply talked over is logged as such, and the question asked again.
            let state = GatewayFixture.object(switched[0])?["state"] as? String
            #expect(questions == ["the porch light, \(state ?? "-")?"], "\(questions)")
            #expect(GatewayFixture.object(switched[0])?["ok"] as? Bool == true, "\(switched)")
            #expect(gateway.gateway.standardError.contains("neither yes nor no heard, asked again"), "\(gateway.gateway.standardError)")
        }
    }

    @Test("the gateway listening itself publishes nothing for chatter after a doubtful wake; a command after one switches")
    func gatewayAfterDoubtfulWake() async throws {
        // Both wake doubtfully (see `doubtfulWake`): the first is chatter, heard as nothing known.
        let hugo = "espeak:en-gb-x-gbcwmd+Hugo:160"
        let raw = try await blocking {
            try Self.stream(
                [("a voice called out from the garden", hugo, 1.5), ("hey voice plug, turn on the porch light", hugo, 1.5)], snr: 20)
        }
        let run = ["--listen", "--device", "vpin", "--output-device", "vpout"]
        try await Self.withListeningGateway(raw, runArguments: run) { gateway, _ in
            _ = try await gateway.inbox.wait(
                timeout: .seconds(60),
                where: { $0.topic == "voiceplug/plugs/porch" && (GatewayFixture.object($0)?["state"] as? String) == "on" })
            _ = try await gateway.inbox.wait(
                timeout: .seconds(10),
                where: { GatewayFixture.isSpokenResult($0) && GatewayFixture.object($0)?["device"] as? String == "porch" })
            let published = await gateway.inbox.messages.filter(GatewayFixture.isSpokenResult).compactMap(GatewayFixture.object)
            #expect(published.count == 1, "the chatter's nothing was published: \(published)")
        }
    }

    @Test("listen says what is missing: where to listen, a wake phrase it cannot spot, a device ALSA does not know")
    func usage() async throws {
        try await withGateway { gateway in
            for (arguments, message) in [
                (["listen", "--no-wake"], "say where to listen"), (["listen", "-", "--wake", "hey", "--no-wake"], "not both"),
                (["listen", "-", "--wake", "!?"], "the wake phrase '!?' cannot be spotted: "),
                (["listen", "--device", "nosuchdevice", "--no-wake"], "sound device 'nosuchdevice'"),
            ] {
                let (status, _, errors) = try await gateway.voiceplug(arguments)
                #expect(status == 2 && errors.contains(message), "\(arguments): \(errors)")
            }
        }
    }
}
