import CommandLineSupport
import Foundation
import LocalBroker
import MQTT

/// `voiceplug demo`: for now, the foundation at work (a private broker and
/// an MQTT round trip). The gateway demo replaces it with its issue.
enum DemoCommand {
    static let spec = CommandSpec(
        name: "demo", summary: "Starts a private mosquitto broker on a free loopback port and makes an MQTT round trip through it.",
        usage: "demo")

    static func run(_ arguments: [String], console: Console) async -> ExitCode {
        do {
            let parsed = try Arguments(arguments, spec: spec)
            if parsed.wantsHelp {
                console.out(spec.help)
                return .ok
            }
            let broker = try PrivateBroker.start()
            defer { broker.stop() }
            console.out("private broker: \(broker.url) (pid \(broker.pid ?? 0))\n")
            try await MQTTClient.withClient(try MQTTConfiguration(url: broker.url)) { client in
                try await client.subscribe("voiceplug/demo", qos: .atLeastOnce)
                var inbox = client.messages.makeAsyncIterator()
                for qos in [QoS.atMostOnce, .atLeastOnce, .exactlyOnce] {
                    let start = ContinuousClock.now
                    try await client.publish("voiceplug/demo", "hello at QoS \(qos.rawValue)", qos: qos)
                    guard let message = await inbox.next() else { break }
                    let micros = (ContinuousClock.now - start).components.attoseconds / 1_000_000_000_000
                    console.out("round trip QoS \(qos.rawValue): \"\(message.string ?? "")\" in \(micros) µs\n")
                }
            }
            console.out("The MQTT foundation works. The gateway demo (plugs switching by phrase) is not built yet.\n")
            return .ok
        } catch {
            console.err("voiceplug demo: \(error)\n")
            return .unavailable
        }
    }
}
