import CommandLineSupport
import VoiceShortcuts

/// The top level: picks the command.
enum VoicePlugCommand {
    static let help = """
        usage: voiceplug COMMAND [OPTIONS]

        VoicePlug recognizes a phrase, resolves it to a device and an on/off state,
        and switches the plug over MQTT.

        Commands:
          run                                              the gateway: phrases from MQTT switch the plugs
          say PHRASE                                       send a phrase to the gateway, print the outcome
          plugs                                            the plugs' last known states
          hear WAVFILE                                     recognize a spoken phrase offline
          listen (-|--device NAME)                         listen to a microphone or a live stream, answer aloud
          adapt WAVFILE...                                 adapt speech recognition to one speaker
          shortcuts add|edit|delete|list|status|suggest|import
                                                           manage voice shortcuts
          devices list|rename|alias|area|forget            the devices, and names for the announced ones
          match                                            match phrases from standard input, offline
          demo                                             try it: a private broker, plugsim and the gateway,
                                                           a typed and a spoken phrase switching a plug
          bench                                            measure matching and the registry

        Every command prints --help; `voiceplug --version` prints the version.
        Exit codes: 0 ok; 1 the request was refused or failed (not recognized, a rule
        of the registry, device offline, no confirmation in time); 2 usage or
        configuration error (a missing or malformed option, a bad config file);
        3 the broker or the store cannot be reached.

        """

    static func run(_ arguments: [String], console: Console) async -> ExitCode {
        guard let command = arguments.first else {
            console.err(help)
            return .usage
        }
        let rest = Array(arguments.dropFirst())
        switch command {
        case "--help", "-h", "help":
            console.out(help)
            return .ok
        case "--version":
            console.out("voiceplug \(VoicePlugVersion.current)\n")
            return .ok
        case "shortcuts":
            return await ShortcutsCommand.run(rest, console: console)
        case "match":
            return MatchCommand.run(rest, console: console)
        case "demo":
            return await DemoCommand.run(rest, console: console)
        case "bench":
            return await BenchCommand.run(rest, console: console)
        case "run":
            return await RunCommand.run(rest, console: console)
        case "say":
            return await SayCommand.run(rest, console: console)
        case "plugs":
            return await PlugsCommand.run(rest, console: console)
        case "devices":
            return await DevicesCommand.run(rest, console: console)
        case "hear":
            return await HearCommand.run(rest, console: console)
        case "listen":
            return await ListenCommand.run(rest, console: console)
        case "adapt":
            return await AdaptCommand.run(rest, console: console)
        default:
            let known = ["shortcuts", "devices", "match", "demo", "run", "say", "hear", "listen", "adapt", "plugs", "bench"]
            let hint = nearestName(to: command, among: known).map { " — did you mean '\($0)'?" } ?? ""
            console.err("voiceplug: unknown command '\(command)'\(hint) (see `voiceplug --help`)\n")
            return .usage
        }
    }
}
