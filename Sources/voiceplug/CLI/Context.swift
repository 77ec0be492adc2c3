import CommandLineSupport
import Foundation
import Gateway
import PocketSphinx
import Speech
import SpeechAudio
import Storage
import VoiceAdaptation
import VoiceShortcuts

/// The configuration and the store a command works with, found the way
/// SPEC says: `--config FILE`, else `voiceplug.json` in the current folder;
/// `--db FILE`, else `voiceplug.db` beside the configuration file, else in
/// the current folder.
struct Context {
    let console: Console
    let configuration: VoicePlugConfiguration?
    let storePath: String
    /// Where the speaker adaptation is (`--adaptation FILE`, else
    /// `voiceplug.adaptation` beside the configuration, else in the current folder).
    let adaptationPath: String
    /// Whether `--adaptation` named it.
    let adaptationGiven: Bool
    /// Where the gateway keeps the spoken commands it learns from, and what it
    /// learned (`voiceplug.hearings` beside the configuration, else in the current folder).
    let hearingsPath: String

    static let defaultConfigName = "voiceplug.json"
    static let defaultStoreName = "voiceplug.db"
    static let defaultAdaptationName = "voiceplug.adaptation"
    static let defaultHearingsName = "voiceplug.hearings"
    static let defaultTokenName = "voiceplug.token"

    init(_ arguments: Arguments, console: Console) throws {
        self.console = console
        let folder = URL(fileURLWithPath: console.currentDirectory)
        func absolute(_ path: String) -> String { absolutePath(path, console: console) }
        var configPath: String?
        if let given = arguments.options["config"] {
            configPath = absolute(given)
        } else {
            let candidate = folder.appendingPathComponent(Self.defaultConfigName).path
            if FileManager.default.fileExists(atPath: candidate) { configPath = candidate }
        }
        if let configPath {
            do {
                configuration = try VoicePlugConfiguration.load(from: configPath)
            } catch {
                // Name the file as the user gave it.
                var shown = error
                if let given = arguments.options["config"] { shown.file = given } else { shown.file = Self.defaultConfigName }
                throw shown
            }
        } else {
            configuration = nil
        }
        let home = configPath.map { URL(fileURLWithPath: $0).deletingLastPathComponent() } ?? folder
        storePath = arguments.options["db"].map(absolute) ?? home.appendingPathComponent(Self.defaultStoreName).path
        adaptationPath = arguments.options["adaptation"].map(absolute) ?? home.appendingPathComponent(Self.defaultAdaptationName).path
        adaptationGiven = arguments.options["adaptation"] != nil
        // State files live beside the store.
        hearingsPath = URL(fileURLWithPath: storePath).deletingLastPathComponent().appendingPathComponent(Self.defaultHearingsName).path
    }

    /// The web console's token file (`run --http`), beside the store.
    var tokenPath: String {
        URL(fileURLWithPath: storePath).deletingLastPathComponent().appendingPathComponent(Self.defaultTokenName).path
    }

    /// Whether the speaker adaptation is enrolled: `--adaptation` names one, or the default file is there.
    var adaptationEnrolled: Bool { adaptationGiven || FileManager.default.fileExists(atPath: adaptationPath) }

    /// The learned adaptation's file (`voiceplug run` learns it from the spoken commands it heard).
    var learnedAdaptationPath: String { VoiceLearning.Settings.learnedPath(in: hearingsPath) }

    /// The speaker adaptation to hear with: the one `--adaptation` names
    /// (which must be there), else the default file when it is there, else
    /// the one the gateway learned when it is there (one that does not load
    /// is left out with a warning: the gateway writes it again).
    func adaptation() throws -> SpeakerAdaptation? {
        if adaptationEnrolled { return try SpeakerAdaptation(contentsOf: adaptationPath) }
        guard FileManager.default.fileExists(atPath: learnedAdaptationPath) else { return nil }
        do {
            return try SpeakerAdaptation(contentsOf: learnedAdaptationPath)
        } catch {
            console.err("voiceplug: warning: the learned speaker adaptation is left out: \(error)\n")
            return nil
        }
    }

    /// The devices: the configuration's, and those the plugs announced to a gateway using this store (with the
    /// person's names), as the gateway controls them.
    var devices: [Device] {
        let configured = configuration?.devices ?? []
        guard FileManager.default.fileExists(atPath: storePath), let store = try? SQLiteShortcutStore(path: storePath),
            let (devices, _) = try? DeviceDirectory(configured: configured, store: store).devices()
        else { return configured }
        return devices
    }

    /// Opens the store and loads the registry; the store file is created when missing.
    func registry() throws -> VoiceShortcutCenter {
        try VoiceShortcutCenter(store: store(), meaning: commandMeaning)
    }

    /// Opens the store (created when missing), keeping the configuration's history limit.
    func store() throws -> SQLiteShortcutStore {
        let store = try SQLiteShortcutStore(path: storePath)
        store.historyLimit = configuration?.historyLimit ?? VoicePlugConfiguration.defaultHistoryLimit
        return store
    }

    /// What a phrase says as a command over the configured devices, without shortcuts: a shortcut may not take
    /// a phrase that already means another device or state. None without a configuration.
    var commandMeaning: (@Sendable (String) -> PhraseMeaning?)? {
        let devices = self.devices
        guard configuration != nil || !devices.isEmpty else { return nil }
        let matcher = PhraseMatcher(devices: devices)
        return { phrase in matcher.meaning(of: phrase) }
    }

    /// The registry for a command that only reads it: with no store file yet, an empty one in memory, so that
    /// reading creates nothing.
    func registryForReading() throws -> VoiceShortcutCenter {
        guard FileManager.default.fileExists(atPath: storePath) else {
            return try VoiceShortcutCenter(store: SQLiteShortcutStore(path: SQLiteShortcutStore.inMemory))
        }
        return try registry()
    }

    /// Checks a device id against the devices (the configuration's and the announced ones). Without any
    /// configuration or announced device the id is taken as given, with a warning.
    func checkDevice(_ id: String) throws {
        let devices = self.devices
        guard configuration != nil || !devices.isEmpty else {
            console.err(
                "voiceplug: warning: no configuration file (\(Self.defaultConfigName) or --config), so device '\(id)' is taken as given\n")
            return
        }
        guard !devices.contains(where: { $0.id == id }) else { return }
        let candidates = devices.map(\.id)
        let byName = devices.first { PhraseNormalizer.normalize($0.name) == PhraseNormalizer.normalize(id) }?.id
        throw RegistryError.unknownDevice(id, suggestion: byName ?? nearestName(to: id, among: candidates))
    }
}

/// Maps an error to its message and exit code.
func report(_ error: Error, command: String, console: Console) -> ExitCode {
    let (message, code): (String, ExitCode) =
        switch error {
        case let error as UsageError: ("\(error)", .usage)
        case let error as ConfigurationError: ("\(error)", .usage)
        case let error as RegistryError: ("\(error)", .failed)
        case let error as StoreError: ("\(error)", .unavailable)
        case let error as BrokerUnreachable: ("\(error)", .unavailable)
        case let error as ConsoleUnavailable: ("\(error)", .unavailable)
        case SpeechError.adaptation(let problem): ("speaker adaptation: \(problem)", .usage)
        default: ("\(error)", .failed)
        }
    console.err("voiceplug \(command): \(message)\n")
    return code
}

/// The subcommand `arguments` name among `subcommands` of `group` ("shortcuts", "devices"): its name and spec, or
/// the exit code when there is none (the overview printed for no argument or --help, an error for an unknown one).
func chooseSubcommand(
    _ arguments: [String], of group: String, among subcommands: [CommandSpec], overview: CommandSpec, console: Console
) -> Subcommand {
    if let name = arguments.first, let spec = subcommands.first(where: { $0.name == "\(group) \(name)" }) {
        return .chosen(name, spec)
    }
    if arguments.isEmpty || arguments.first == "--help" || arguments.first == "-h" {
        console.out(overview.help)
        return .done(arguments.isEmpty ? .usage : .ok)
    }
    return .done(report(UsageError(message: "unknown subcommand '\(arguments[0])'", command: group), command: group, console: console))
}

/// What `chooseSubcommand` found.
enum Subcommand {
    case chosen(String, CommandSpec)
    case done(ExitCode)
}

/// `--threshold M`: the least margin a spoken command must clear (the recognizer's default without it).
func speechThreshold(_ parsed: Arguments, command: String) throws -> Double {
    guard let text = parsed.options["threshold"] else { return SpeechRecognizer.defaultThreshold }
    guard let value = Double(text), value.isFinite else {
        throw UsageError(message: "--threshold must be a number, not '\(text)'", command: command)
    }
    return value
}

/// What `--threshold` is, in a command's help.
let thresholdHelp = "the least margin a spoken command must clear (default \(SpeechRecognizer.defaultThreshold); lower accepts more)"
