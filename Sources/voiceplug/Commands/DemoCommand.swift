import ChildProcesses
import CommandLineSupport
import Foundation
import LocalBroker
import VoiceShortcuts

/// `voiceplug demo`: the main job on a private local broker — plugsim with
/// the example's plugs (one offline), the gateway, a few voice shortcuts and
/// a scripted session. On a terminal it then stays up until Ctrl-C.
enum DemoCommand {
    static let spec = CommandSpec(
        name: "demo", summary: "Runs VoicePlug on a private local broker with simulated plugs and plays a short session.",
        usage: "demo [--config FILE] [--keep-running | --no-wait]",
        options: ["config"], flags: ["keep-running", "no-wait"],
        details: """
            Starts a private mosquitto on a free loopback port, plugsim with the configuration's plugs
            (the last one offline), `voiceplug run`, adds voice shortcuts, and says a few phrases:
            custom phrases, generic commands, a typo, an unknown phrase and one for the offline plug.
            On a terminal it then stays up and prints the `voiceplug say` command to try from another
            terminal; Ctrl-C stops everything. Without a terminal it exits after the script.

            --config FILE     default: examples/voiceplug.json in the current folder
            --keep-running    stay up even without a terminal; --no-wait: exit after the script
            """)

    static let script: [(String, String)] = [
        ("lights out", "a voice shortcut"),
        ("good morning", "a voice shortcut"),
        ("turn on the christmas tree", "a generic command"),
        ("switch on the printer in the office", "a generic command with its area"),
        ("desk fan on please", "a generic command"),
        ("turn off the chrismas tree", "a typo: one letter missing"),
        ("turn on the toaster", "a device nobody configured"),
        ("porch light on", "the plug that is offline"),
    ]

    static func run(_ arguments: [String], console: Console) async -> ExitCode {
        let parsed: Arguments
        do {
            guard let arguments = try spec.parse(arguments, console: console) else { return .ok }
            parsed = arguments
        } catch {
            return report(error, command: spec.name, console: console)
        }
        let interactive =
            parsed.flags.contains("keep-running") || (!parsed.flags.contains("no-wait") && console.isTerminal && isatty(0) == 1)
        let configPath = parsed.options["config"] ?? "examples/voiceplug.json"
        let stack: LocalStack
        console.out("VoicePlug demo\n\n")
        do {
            stack = try await LocalStack.start(configPath: configPath, console: console, shortcuts: shortcuts)
        } catch {
            console.err("voiceplug demo: \(error)\n")
            return error is ConfigurationError ? .usage : .unavailable
        }
        let code = await play(stack, interactive: interactive)
        await stack.stop()
        return code
    }

    static let shortcuts: [(String, PowerState, String)] = [("kitchen-lamp", .off, "lights out"), ("kettle", .on, "good morning")]

    static func play(_ stack: LocalStack, interactive: Bool) async -> ExitCode {
        let console = stack.console, states = stack.states, configuration = stack.configuration
        console.out(states.table(configuration) + "\n")
        var failures = 0
        for (phrase, note) in DemoCommand.script {
            guard let result = await stack.say(phrase) else {
                console.out("  say \"\(phrase)\"\n      no answer from the gateway\n")
                failures += 1
                continue
            }
            try? await Task.sleep(for: .milliseconds(150))  // let the plug table catch up
            console.out("  say \"\(phrase)\"   (\(note))\n      \(SayCommand.describe(result, configuration: configuration))\n")
            console.out("      " + states.line(configuration) + "\n\n")
        }
        await speak("turn off the desk fan", stack: stack)
        await listen("is the kettle on", stack: stack)
        console.out(states.table(configuration) + "\n")
        guard failures == 0 else {
            console.err("voiceplug demo: \(failures) phrase(s) got no answer; see the logs in \(stack.folder.path)\n")
            return .failed
        }
        if interactive {
            console.out(
                """
                The gateway is running. Open the web console in a browser on this machine:

                    \(stack.consoleAddress ?? "(not started; see \(stack.folder.path)/gateway.log)")

                or, from another terminal, try:

                    \(stack.programs.appendingPathComponent("voiceplug").path) say --broker \(stack.broker.url) "turn off the christmas tree"
                    mosquitto_sub -p \(stack.broker.port) -v -t 'voiceplug/#' -t 'stat/#' -t 'shellies/#' -t 'zigbee2mqtt/#'

                Ctrl-C stops everything.

                """)
            _ = await terminationSignal()
            console.out("\nstopping…\n")
        }
        return .ok
    }

    /// A spoken question answered aloud: espeak-ng → raw audio → `voiceplug listen -`, whose answer is played into
    /// a WAV file through ALSA's `file` plugin (there is no speaker here).
    static func listen(_ phrase: String, stack: LocalStack) async {
        let console = stack.console, folder = stack.folder
        func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
        // Outside the demo's folder, which goes when the demo ends: the answer stays to be played.
        let answer = FileManager.default.temporaryDirectory.appendingPathComponent("voiceplug-demo-answer.wav").path
        try? FileManager.default.removeItem(atPath: answer)
        do {
            try SpawnedProcess("/usr/bin/espeak-ng", ["-v", "en-us", "-w", path("question.wav"), phrase]).reap(within: 10)
            try SpawnedProcess(
                "/usr/bin/sox",
                [
                    path("question.wav"), "-r", "16000", "-c", "1", "-b", "16", "-e", "signed", "-t", "raw", path("question.raw"), "pad",
                    "0.3", "1.0",
                ]
            ).reap(within: 10)
            try "pcm.answer {\n type file\n slave.pcm \"null\"\n file \"\(answer)\"\n format \"wav\"\n}\n"
                .write(toFile: path("asound.conf"), atomically: true, encoding: .utf8)
            setenv("ALSA_CONFIG_PATH", "/usr/share/alsa/alsa.conf:" + path("asound.conf"), 1)
            let listen = try SpawnedProcess(
                stack.programs.appendingPathComponent("voiceplug").path,
                [
                    "listen", "-", "--no-wake", "--output-device", "answer", "--broker", stack.broker.url, "--config",
                    path("voiceplug.json"),
                    "--db", path("voiceplug.db"),
                ], standardInput: path("question.raw"), standardOutput: path("listen.log"))
            while listen.isRunning { try await Task.sleep(for: .milliseconds(20)) }
            let output = (try? String(contentsOfFile: path("listen.log"), encoding: .utf8)) ?? ""
            console.out("  listen \"\(phrase)\"   (espeak-ng → voiceplug listen -, the answer spoken into a WAV file)\n")
            for line in output.split(separator: "\n") { console.out("      \(line)\n") }
            console.out("      the answer, spoken: \(answer) (play it: aplay \(answer))\n\n")
        } catch {
            console.out("  listen \"\(phrase)\": \(error)\n\n")
        }
    }

    /// One spoken phrase: espeak-ng → WAV → `voiceplug hear --send`.
    static func speak(_ phrase: String, stack: LocalStack) async {
        let console = stack.console
        let wav = stack.folder.appendingPathComponent("spoken.wav").path
        let log = stack.folder.appendingPathComponent("hear.log").path
        do {
            let synthesis = try SpawnedProcess("/usr/bin/espeak-ng", ["-v", "en-us", "-w", wav, phrase])
            synthesis.reap(within: 10)
            let config = stack.folder.appendingPathComponent("voiceplug.json").path
            let db = stack.folder.appendingPathComponent("voiceplug.db").path
            let hear = try SpawnedProcess(
                stack.programs.appendingPathComponent("voiceplug").path,
                ["hear", wav, "--send", "--broker", stack.broker.url, "--config", config, "--db", db], log: log)
            while hear.isRunning { try await Task.sleep(for: .milliseconds(20)) }
            try await Task.sleep(for: .milliseconds(150))
            let output = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            console.out("  speak \"\(phrase)\"   (espeak-ng → WAV → voiceplug hear --send)\n")
            for line in output.split(separator: "\n") { console.out("      \(line)\n") }
            console.out("      " + stack.states.line(stack.configuration) + "\n\n")
        } catch {
            console.out("  speak \"\(phrase)\": \(error)\n\n")
        }
    }
}
