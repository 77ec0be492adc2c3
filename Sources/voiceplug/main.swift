// voiceplug: the command line. For now it holds `demo`, which shows the
// foundation at work: a private broker and an MQTT round trip. The gateway,
// the shortcut registry and speech arrive with their issues.
import Foundation
import LocalBroker
import MQTT

let help = """
    voiceplug — smart-plug control gateway (work in progress)

    usage: voiceplug demo        start a private mosquitto broker and make an MQTT round trip through it
           voiceplug --help      show this help

    The gateway (`run`, `say`, `plugs`), the shortcut registry (`shortcuts`, `match`) and speech (`hear`)
    are not built yet.
    """

func standardError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case nil, "--help", "-h", "help":
    print(help)
    exit(arguments.isEmpty ? 2 : 0)
case "demo":
    if arguments.dropFirst().contains(where: { $0 == "--help" || $0 == "-h" }) {
        print("usage: voiceplug demo\n\nStarts a private mosquitto broker on a free loopback port and makes an MQTT round trip through it.")
        exit(0)
    }
    do {
        let broker = try PrivateBroker.start()
        defer { broker.stop() }
        print("private broker: \(broker.url) (pid \(broker.pid ?? 0))")
        try await MQTTClient.withClient(try MQTTConfiguration(url: broker.url)) { client in
            try await client.subscribe("voiceplug/demo", qos: .atLeastOnce)
            var inbox = client.messages.makeAsyncIterator()
            for qos in [QoS.atMostOnce, .atLeastOnce, .exactlyOnce] {
                let start = ContinuousClock.now
                try await client.publish("voiceplug/demo", "hello at QoS \(qos.rawValue)", qos: qos)
                guard let message = await inbox.next() else { break }
                let elapsed = ContinuousClock.now - start
                print("round trip QoS \(qos.rawValue): \"\(message.string ?? "")\" in \(elapsed.formatted(.units(allowed: [.microseconds])))")
            }
        }
        print("The MQTT foundation works. The gateway demo (plugs switching by phrase) is not built yet.")
    } catch {
        standardError("voiceplug demo: \(error)")
        exit(3)
    }
default:
    standardError("voiceplug: unknown command '\(arguments[0])' (see `voiceplug --help`)")
    exit(2)
}
