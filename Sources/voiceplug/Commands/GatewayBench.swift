import CommandLineSupport
import Foundation
import Gateway
import JSONText
import MQTT
import VoiceShortcuts

/// `voiceplug bench --gateway`: phrase → confirmed result over a loopback broker.
enum GatewayBench {
    static let configuration = """
        {"confirmTimeoutMs": 2000, "devices": [
          {"id": "lamp-a", "name": "lamp a"}, {"id": "lamp-b", "name": "lamp b"},
          {"id": "fan-a", "name": "fan a", "protocol": "shelly"}, {"id": "fan-b", "name": "fan b", "protocol": "shelly"},
          {"id": "tree-a", "name": "tree a", "protocol": "zigbee2mqtt"}, {"id": "tree-b", "name": "tree b", "protocol": "zigbee2mqtt"}
        ]}
        """

    static func run(phrases count: Int, json: Bool, console: Console) async throws -> ExitCode {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("voiceplug-gwbench-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("voiceplug.json").path
        try configuration.write(toFile: path, atomically: true, encoding: .utf8)
        let stack = try await LocalStack.start(configPath: path, console: console, lastOffline: false, quiet: true)
        defer { Task { await stack.stop() } }

        let devices = stack.configuration.devices
        let web = try stack.consoleAddress.map(ConsoleBenchClient.init(address:))
        var reported: [Double] = []
        var roundTrips: [Double] = []
        var webRoundTrips: [Double] = []
        var failures = 0
        // Phrases alternate between MQTT and the console's /api/phrase, so both see the same mix of plugs and the
        // same moments of a noisy machine.
        let step = web == nil ? 1 : 2, warmUp = 20 * step
        for index in 0..<(count + 20) * step {
            let device = devices[(index / step) % devices.count]
            let state = ((index / step) / devices.count) % 2 == 0 ? "on" : "off"
            let phrase = "turn \(state) the \(device.name)"
            let start = ContinuousClock.now
            if let web, index % 2 == 1 {
                let answer = try? web.post("/api/phrase", "{\"text\":\(JSON.string(phrase))}")
                let elapsed = (ContinuousClock.now - start).timeInterval * 1000
                guard let answer, let result = PhraseResult.parse(answer), result.ok else {
                    failures += 1
                    continue
                }
                if index >= warmUp { webRoundTrips.append(elapsed) }
                continue
            }
            guard let result = await stack.say(phrase), case .switched(_, _, let latency) = result.outcome
            else {
                failures += 1
                continue
            }
            if index >= warmUp {
                reported.append(latency)
                roundTrips.append((ContinuousClock.now - start).timeInterval * 1000)
            }
        }
        let broker = try await brokerRoundTrips(url: stack.broker.url, count: 2000)
        await stack.stop()

        func stats(_ values: [Double]) -> (Double, Double) {
            let sorted = values.sorted()
            guard !sorted.isEmpty else { return (.nan, .nan) }
            return (sorted[sorted.count / 2], sorted[min(sorted.count - 1, sorted.count * 99 / 100)])
        }
        let (r50, r99) = stats(reported), (t50, t99) = stats(roundTrips), (b50, b99) = stats(broker), (w50, w99) = stats(webRoundTrips)
        if json {
            console.out(
                "{\"phrases\":\(count),\"failures\":\(failures),\"reported_p50_ms\":\(r50),\"reported_p99_ms\":\(r99),"
                    + "\"round_trip_p50_ms\":\(t50),\"round_trip_p99_ms\":\(t99),\"http_round_trip_p50_ms\":\(w50),\"http_round_trip_p99_ms\":\(w99),"
                    + "\"broker_qos1_p50_ms\":\(b50),\"broker_qos1_p99_ms\":\(b99)}\n"
            )
        } else {
            console.out(
                String(format: "phrase → confirmed, as the gateway reports it (what `say` prints): p50 %.2f ms, p99 %.2f ms\n", r50, r99))
            console.out(
                String(format: "requester's round trip (publish phrase → result received):    p50 %.2f ms, p99 %.2f ms\n", t50, t99))
            console.out(
                String(format: "the console's POST /api/phrase → answer (HTTP keep-alive):  p50 %.2f ms, p99 %.2f ms\n", w50, w99))
            console.out(
                String(format: "broker's own QoS 1 round trip (publish → own subscription):   p50 %.3f ms, p99 %.3f ms\n", b50, b99))
            console.out("\(count) phrases over tasmota, shelly and zigbee2mqtt plugs, one at a time; \(failures) failed\n")
        }
        return failures == 0 ? .ok : .failed
    }

    /// QoS 1 publish → own subscription, as a baseline.
    private static func brokerRoundTrips(url: String, count: Int) async throws -> [Double] {
        try await MQTTClient.withClient(try MQTTConfiguration(url: url)) { client in
            try await client.subscribe("bench/round-trip", qos: .atLeastOnce)
            var iterator = client.messages.makeAsyncIterator()
            var samples: [Double] = []
            for index in 0..<(count + 100) {
                let start = ContinuousClock.now
                try await client.publish("bench/round-trip", "x", qos: .atLeastOnce, awaitAcknowledgement: false)
                _ = await iterator.next()
                if index >= 100 { samples.append((ContinuousClock.now - start).timeInterval * 1000) }
            }
            return samples
        }
    }
}
