import ChildProcesses
import CommandLineSupport
import Foundation
import LocalBroker
import MQTT
import PocketSphinx
import Speech
import SpeechAudio
import VoiceAdaptation
import VoiceShortcuts

/// `voiceplug bench --speech`: decoder start, grammar rebuild and real-time
/// factor with 100 devices and 1,000 voice shortcuts, for commands and for
/// speech that is none.
enum SpeechBench {
    static func run(json: Bool, console: Console) async throws -> ExitCode {
        let devices = BenchData().devices
        let first = ["quiet", "bright", "sunny", "rainy", "lazy", "busy", "happy", "sleepy", "early", "late"]
        let second = ["morning", "evening", "weekend", "movie", "dinner", "party", "reading", "study", "garden", "holiday"]
        let third = ["mode", "time", "scene", "setup", "start", "end", "plan", "hour", "break", "please"]
        var shortcuts: [VoiceShortcut] = []
        for (index, (a, (b, c))) in zip(0..., first.flatMap { a in second.flatMap { b in third.map { (a, (b, $0)) } } }).prefix(1000) {
            let device = devices[(index / 2) % devices.count]
            shortcuts.append(
                VoiceShortcut(
                    invocationPhrase: "\(a) \(b) \(c)",
                    shortcut: Shortcut(
                        intent: ToggleStateIntent(deviceID: "\(device.id)-\(index / 200)", state: index % 2 == 0 ? .on : .off))))
        }
        let clock = ContinuousClock()
        var recognizer: SpeechRecognizer?
        let start = clock.measure { recognizer = try? SpeechRecognizer(devices: devices, shortcuts: shortcuts) }
        guard let recognizer else { throw SpeechError.model("the recognizer did not start") }
        let rebuild = try clock.measure { try recognizer.rebuild(devices: devices, shortcuts: shortcuts) }

        // Synthesized utterances, five of them commands in both grammars (so both passes run): decoding time over audio time,
        // with the large grammar and with a home's (its first 10 devices and 10 shortcuts).
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("voiceplug-speechbench-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let phrases = [
            "turn on the desk lamp", "switch off the desk heater", "quiet morning time", "desk fan off",
            "what is the weather like today", "turn the desk radio on",
        ]
        // And speech that is no command, which takes the recognizer's longest way (every hearing it has) before it is refused.
        let chatter = [
            "what time is it", "play some music in the living room", "my desk is a mess again",
            "remind me to call the plumber tomorrow", "how warm is it outside", "the weather looks lovely",
        ]
        func synthesize(_ phrases: [String], _ name: String) throws -> [RecognizerAudio] {
            try phrases.enumerated().map { index, phrase in
                let path = folder.appendingPathComponent("\(name)-\(index).wav").path
                let synthesis = try SpawnedProcess("/usr/bin/flite", ["-voice", "slt", "-t", phrase, "-o", path])
                synthesis.reap(within: 20)
                return try WAVReader.read(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
            }
        }
        let utterances = try synthesize(phrases, "mixed"), chatterUtterances = try synthesize(chatter, "chatter")
        let audioSeconds = utterances.reduce(0) { $0 + $1.duration }
        // Beside the time on the clock, the CPU time the process took: on a shared machine the clock also counts the
        // time the core served other processes (on 2026-12-04 a busy machine's clock gave 0.127-0.158 for commands).
        func realTimeFactor(_ recognizer: SpeechRecognizer, _ utterances: [RecognizerAudio]) throws -> (
            rtf: Double, cpu: Double, recognized: Int
        ) {
            var decodeSeconds = 0.0, cpuSeconds = 0.0, recognized = 0
            for audio in utterances {
                var heard: Recognition?
                let cpuBefore = processCPUSeconds()
                decodeSeconds += try clock.measure { heard = try recognizer.recognize(audio) }.timeInterval
                cpuSeconds += processCPUSeconds() - cpuBefore
                if heard?.text != nil { recognized += 1 }
            }
            let heardSeconds = utterances.reduce(0) { $0 + $1.duration }
            return (decodeSeconds / heardSeconds, cpuSeconds / heardSeconds, recognized)
        }
        // Each set heard twice, and the second time counted: a recognizer's first hearings also make what it makes on
        // first use and keeps (the searches heard after a garbage word or a lost search, a name's near words for the
        // check of other words), once after each start or rebuild. The first hearings are reported beside.
        func passes(_ recognizer: SpeechRecognizer, _ utterances: [RecognizerAudio]) throws -> (
            warm: (rtf: Double, cpu: Double, recognized: Int), first: Double
        ) {
            let first = try realTimeFactor(recognizer, utterances)
            return (try realTimeFactor(recognizer, utterances), first.rtf)
        }
        let (large, largeFirst) = try passes(recognizer, utterances)
        let (home, homeFirst) = try passes(
            try SpeechRecognizer(devices: Array(devices.prefix(10)), shortcuts: Array(shortcuts.prefix(10))), utterances)
        let (notCommands, notCommandsFirst) = try passes(recognizer, chatterUtterances)
        if json {
            console.out(
                "{\"decoder_start_s\":\(start.timeInterval),\"grammar_rebuild_s\":\(rebuild.timeInterval),\"real_time_factor\":\(large.rtf),"
                    + "\"real_time_factor_home\":\(home.rtf),\"utterances\":\(phrases.count),\"recognized\":\(large.recognized),"
                    + "\"recognized_home\":\(home.recognized),\"real_time_factor_not_commands\":\(notCommands.rtf),"
                    + "\"not_commands\":\(chatter.count),\"not_commands_accepted\":\(notCommands.recognized),"
                    + "\"real_time_factor_first\":\(largeFirst),\"real_time_factor_home_first\":\(homeFirst),"
                    + "\"real_time_factor_not_commands_first\":\(notCommandsFirst),\"cpu_real_time_factor\":\(large.cpu),"
                    + "\"cpu_real_time_factor_home\":\(home.cpu),\"cpu_real_time_factor_not_commands\":\(notCommands.cpu)}\n")
        } else {
            let lines = [
                (
                    "recognizer start (grammar of 100 devices and 1,000 shortcuts, both decoders)",
                    String(format: "%.2f s", start.timeInterval)
                ),
                ("grammar rebuild (same size)", String(format: "%.2f s", rebuild.timeInterval)),
                (
                    String(
                        format: "real-time factor, same grammar (%d utterances, %.1f s of audio, %d recognized)", phrases.count,
                        audioSeconds,
                        large.recognized), String(format: "%.3f (CPU %.3f; first hearings %.3f)", large.rtf, large.cpu, largeFirst)
                ),
                (
                    "real-time factor, a home's grammar (10 devices, 10 shortcuts; \(home.recognized) recognized)",
                    String(format: "%.3f (CPU %.3f; first hearings %.3f)", home.rtf, home.cpu, homeFirst)
                ),
                (
                    "real-time factor, speech that is no command (same large grammar; \(chatter.count) utterances, \(notCommands.recognized) accepted)",
                    String(format: "%.3f (CPU %.3f; first hearings %.3f)", notCommands.rtf, notCommands.cpu, notCommandsFirst)
                ),
            ]
            let width = lines.map(\.0.count).max() ?? 0
            for (label, value) in lines { console.out(label + ":" + String(repeating: " ", count: width - label.count + 1) + value + "\n") }
        }
        return .ok
    }

    /// The CPU time the process has taken, all its threads, in seconds.
    private static func processCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
