import CommandLineSupport
import Foundation
import MQTT
import VoiceShortcuts

/// The broker a command talks to: `--broker`, else the configuration's
/// `broker`, else mqtt://127.0.0.1:1883. The password comes from
/// VOICEPLUG_PASSWORD or the configuration's `passwordFile`, never from the
/// command line.
struct BrokerSettings {
    var url: String
    var mqtt: MQTTConfiguration

    static let defaultURL = "mqtt://127.0.0.1:1883"

    init(_ arguments: Arguments, configuration: VoicePlugConfiguration?, console: Console, command: String) throws {
        url = arguments.options["broker"] ?? configuration?.broker ?? Self.defaultURL
        do {
            mqtt = try MQTTConfiguration(url: url)
        } catch {
            throw UsageError(message: "\(error)", command: command)
        }
        if mqtt.credentials != nil {
            if let password = console.environment["VOICEPLUG_PASSWORD"] {
                mqtt.credentials?.password = password
            } else if let file = configuration?.passwordFile {
                guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
                    throw ConfigurationError(
                        file: configuration?.path ?? "voiceplug.json", key: "passwordFile", problem: "cannot read '\(file)'")
                }
                mqtt.credentials?.password = text.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init)
            }
        }
        if mqtt.tls != nil, let configuration {
            mqtt.tls = .init(caFile: configuration.caFile, certificateFile: configuration.certFile, keyFile: configuration.keyFile)
        }
        mqtt.connectTimeout = .seconds(5)
    }
}

/// The broker cannot be reached: exit 3.
struct BrokerUnreachable: Error, CustomStringConvertible {
    var url: String
    var underlying: Error
    var description: String { "cannot reach the broker at \(url): \(underlying)" }
}
