import CommandLineSupport
import Foundation
import Gateway
import JSONText
import MQTT
import VoiceShortcuts

/// `voiceplug say`: sends a phrase to the gateway and prints its answer.
enum SayCommand {
    static let spec = CommandSpec(
        name: "say", summary: "Sends a phrase to the running gateway and prints the outcome.",
        usage: "say PHRASE [--broker URL] [--config FILE] [--timeout SECONDS] [--json]",
        options: ["broker", "timeout", "config"], flags: ["json"], positionals: 1...64,
        details: """
            PHRASE           what you would say; several words may be given without quotes
            --broker URL     default: the configuration's broker, else mqtt://127.0.0.1:1883
            --config FILE    the configuration: its broker and its devices' names (default:
                             voiceplug.json in the current folder, when it is there)
            --timeout S      how long to wait for the answer (default 5)
            --json           print the gateway's result object

            Prints e.g. `kitchen lamp → off (confirmed in 4.1 ms, shortcut "lights out")`.
            Exit code 0 when the plug confirmed; 1 when the phrase was not recognized, the plug is offline
            or did not confirm, or no gateway answered; 2 when the phrase is too long to send; 3 when the
            broker cannot be reached or the gateway's status says it is offline (then at once).
            """)

    static func run(_ arguments: [String], console: Console) async -> ExitCode {
        let text: String
        let broker: BrokerSettings
        let timeout: Duration
        let configuration: VoicePlugConfiguration?
        let json: Bool
        do {
            guard let parsed = try spec.parse(arguments, console: console) else { return .ok }
            configuration = try Context(parsed, console: console).configuration
            text = parsed.positionals.joined(separator: " ")
            broker = try BrokerSettings(parsed, configuration: configuration, console: console, command: spec.name)
            let seconds = Double(parsed.options["timeout"] ?? "5") ?? -1
            guard seconds > 0, seconds <= 3600 else {
                throw UsageError(message: "--timeout must be seconds, more than 0", command: spec.name)
            }
            timeout = .seconds(seconds)
            json = parsed.flags.contains("json")
        } catch {
            return report(error, command: spec.name, console: console)
        }

        let id = UUID().uuidString.lowercased()
        let replyTo = "voiceplug/result/\(id)"
        let request = "{\"text\":\(JSON.string(text)),\"id\":\(JSON.string(id)),\"replyTo\":\(JSON.string(replyTo))}"
        // The gateway could not read a longer request far enough to answer it: refused here, as what it is.
        guard request.utf8.count <= PhraseTopics.maximumPayload else {
            return report(
                UsageError(
                    message: "the phrase is too long: a phrase may have at most \(PhraseTopics.maximumPayload / 1024) KiB",
                    command: spec.name),
                command: spec.name, console: console)
        }
        do {
            let client = try MQTTClient(broker.mqtt)
            do { try await client.connect() } catch { throw BrokerUnreachable(url: broker.url, underlying: error) }
            defer { Task { await client.disconnect() } }
            let messages = client.messages
            try await client.subscribe(replyTo, qos: .atLeastOnce)
            try await client.subscribe(PhraseTopics.status, qos: .atLeastOnce)
            try await client.publish(PhraseTopics.phrase, request, qos: .atLeastOnce)
            let answer = await firstAnswer(messages, id: id, within: timeout)
            await client.disconnect()
            switch answer {
            case .result(let result, let raw):
                console.out(json ? raw + "\n" : describe(result, configuration: configuration) + "\n")
                return result.ok ? .ok : .failed
            case .gatewayOffline:
                console.err("voiceplug say: the gateway on \(broker.url) is offline (voiceplug/status); start `voiceplug run`\n")
                return .unavailable
            case .noAnswer:
                console.err(
                    "voiceplug say: no answer from a VoicePlug gateway within \(timeout.components.seconds) s "
                        + "(is `voiceplug run` running on \(broker.url)?)\n")
                return .failed
            }
        } catch {
            return report(error, command: spec.name, console: console)
        }
    }

    private enum Answer: Sendable {
        case result(PhraseResult, String)
        /// The gateway's retained status says offline: no answer will come.
        case gatewayOffline
        case noAnswer
    }

    private static func firstAnswer(_ messages: AsyncStream<MQTTMessage>, id: String, within timeout: Duration) async -> Answer {
        await messages.first(within: timeout) { message -> Answer? in
            if message.topic == PhraseTopics.status { return message.string == "offline" ? .gatewayOffline : nil }
            guard let result = PhraseResult.parse(message.payload), result.id == id else { return nil }
            return .result(result, message.string ?? "")
        } ?? .noAnswer
    }

    /// `kitchen lamp → off (confirmed in 4.1 ms, shortcut "lights out")`.
    static func describe(_ result: PhraseResult, configuration: VoicePlugConfiguration?) -> String {
        func name(_ id: String) -> String { configuration?.device(id: id)?.name ?? id }
        switch result.outcome {
        case .switched(let intent, let shortcut, let latency):
            let via = shortcut.map { ", shortcut \"\($0.invocationPhrase)\"" } ?? ""
            return "\(name(intent.deviceID)) → \(intent.state) (confirmed in \(String(format: "%.1f", latency)) ms\(via))"
        case .answered(let device, let state, let online):
            let now =
                online == false ? "offline" + (state.map { " (last \($0))" } ?? "") : state.map { "\($0)" } ?? "of unknown state"
            return "\(name(device)) is \(now)"
        case .failed(.notRecognized, let message, _):
            return "\"\(result.text)\" was not recognized (\(message))"
        case .failed(let code, let message, let intent):
            let target = intent.map { "\(name($0.deviceID)) → \($0.state): " } ?? ""
            return "\(target)\(code.rawValue) (\(message))"
        case .groupSwitched(let state, let devices, let latency):
            let each = devices.map {
                $0.ok ? name($0.deviceID) : "\(name($0.deviceID)) \($0.error?.rawValue ?? "failed") (\($0.message ?? ""))"
            }
            let switched = devices.filter(\.ok).count
            return "\(switched) of \(devices.count) → \(state) (in \(String(format: "%.1f", latency)) ms): " + each.joined(separator: ", ")
        case .groupAnswered(let asked, let devices):
            let matching = devices.filter { $0.state == asked && $0.online != false }.map { name($0.deviceID) }
            let unknown = devices.filter { $0.state == nil || $0.online == false }.map { name($0.deviceID) }
            var answer = matching.isEmpty ? "none is \(asked)" : "\(asked): " + matching.joined(separator: ", ")
            if !unknown.isEmpty { answer += " (not known: " + unknown.joined(separator: ", ") + ")" }
            return answer
        }
    }
}
