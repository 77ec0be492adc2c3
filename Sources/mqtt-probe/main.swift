// mqtt-probe: a small tool around the MQTT module, for measurements and tests.
//
//   mqtt-probe roundtrip --broker URL [--qos 0|1] [--count N] [--payload BYTES] [--json]
//       publishes N messages one at a time to a topic it subscribes to, and
//       reports the round-trip latency (p50, p99) as seen by the application.
//   mqtt-probe hold --broker URL --will-topic T --will-payload P [--client-id ID]
//       connects with a last will, prints "connected" and waits to be killed.
//   mqtt-probe resources --broker URL [--clients N]
//       connects N clients, exchanges messages, disconnects them, and reports
//       the process's threads and open files before, during and after.
import Foundation
import MQTT

let usage = """
    usage: mqtt-probe roundtrip --broker URL [--qos 0|1] [--count N] [--payload BYTES] [--json]
           mqtt-probe hold --broker URL --will-topic TOPIC --will-payload TEXT [--client-id ID]
           mqtt-probe resources --broker URL [--clients N]
    """

func fail(_ message: String, code: Int32 = 2) -> Never {
    FileHandle.standardError.write(Data("mqtt-probe: \(message)\n".utf8))
    exit(code)
}

var arguments = Array(CommandLine.arguments.dropFirst())
guard let command = arguments.first, command != "--help", command != "-h" else {
    print(usage)
    exit(arguments.isEmpty ? 2 : 0)
}
arguments.removeFirst()
var options: [String: String] = [:]
var flags: Set<String> = []
var index = 0
while index < arguments.count {
    let argument = arguments[index]
    guard argument.hasPrefix("--") else { fail("unexpected argument '\(argument)'\n\(usage)") }
    let name = String(argument.dropFirst(2))
    if let equals = name.firstIndex(of: "=") {
        options[String(name[..<equals])] = String(name[name.index(after: equals)...])
    } else if name == "json" {
        flags.insert(name)
    } else {
        guard index + 1 < arguments.count else { fail("--\(name) needs a value") }
        options[name] = arguments[index + 1]
        index += 1
    }
    index += 1
}

var configuration: MQTTConfiguration
do {
    configuration = try MQTTConfiguration(url: options["broker"] ?? "mqtt://127.0.0.1:1883")
} catch {
    fail("\(error)")
}

func percentile(_ sorted: [Double], _ p: Double) -> Double {
    sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
}

switch command {
case "roundtrip":
    let qos = QoS(rawValue: Int32(options["qos"] ?? "0") ?? -1) ?? .atMostOnce
    let count = Int(options["count"] ?? "2000") ?? 2000
    let payload = [UInt8](repeating: 0x61, count: Int(options["payload"] ?? "40") ?? 40)
    let topic = "probe/\(UUID().uuidString.prefix(8))"
    do {
        try await MQTTClient.withClient(configuration) { client in
            try await client.subscribe(topic, qos: qos)
            var iterator = client.messages.makeAsyncIterator()
            var samples: [Double] = []
            samples.reserveCapacity(count)
            let clock = ContinuousClock()
            for i in 0..<(count + 200) {
                let start = clock.now
                try await client.publish(topic, payload, qos: qos, awaitAcknowledgement: false)
                guard await iterator.next() != nil else { fail("the message stream ended", code: 1) }
                let elapsed = clock.now - start
                if i >= 200 { samples.append(elapsed.timeInterval * 1e6) }
            }
            samples.sort()
            let p50 = percentile(samples, 0.5), p99 = percentile(samples, 0.99)
            if flags.contains("json") {
                print("{\"qos\":\(qos.rawValue),\"count\":\(count),\"p50_us\":\(p50),\"p99_us\":\(p99)}")
            } else {
                print(String(format: "QoS %d, %d round trips: p50 %.1f µs, p99 %.1f µs", qos.rawValue, count, p50, p99))
            }
        }
    } catch {
        fail("\(error)", code: 3)
    }
case "hold":
    guard let willTopic = options["will-topic"], let willPayload = options["will-payload"] else {
        fail("hold needs --will-topic and --will-payload")
    }
    configuration.will = .init(topic: willTopic, payload: willPayload, qos: .atLeastOnce)
    configuration.clientID = options["client-id"]
    configuration.keepalive = 60
    do {
        let client = try MQTTClient(configuration)
        try await client.connect()
        FileHandle.standardOutput.write(Data("connected\n".utf8))
        while true { try await Task.sleep(for: .seconds(3600)) }
    } catch {
        fail("\(error)", code: 3)
    }
case "resources":
    // Counts the MQTT loop thread and open file descriptors of this process.
    func snapshot() -> (loopThreads: Int, files: Int) {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        let loops = tasks.filter {
            (try? String(contentsOfFile: "/proc/self/task/\($0)/comm", encoding: .utf8))?.hasPrefix("mqtt-loop") == true
        }
        let files = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd"))?.count ?? -1
        return (loops.count, files)
    }
    let count = Int(options["clients"] ?? "50") ?? 50
    do {
        // One warm-up client brings up what the process creates once (the
        // loop's wake pipe, Dispatch's own descriptors); the baseline follows.
        try await MQTTClient.withClient(configuration) { _ in }
        try await Task.sleep(for: .milliseconds(100))
        let before = snapshot()
        let clients = try (0..<count).map { _ in try MQTTClient(configuration) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for client in clients { group.addTask { try await client.connect() } }
            try await group.waitForAll()
        }
        for (index, client) in clients.enumerated() {
            try await client.subscribe("resources/\(index)")
            try await client.publish("resources/\(index)", "x", qos: .atLeastOnce)
            var iterator = client.messages.makeAsyncIterator()
            _ = await iterator.next()
        }
        let during = snapshot()
        for client in clients { await client.disconnect() }
        var after = snapshot()
        for _ in 0..<200 where after.loopThreads > 0 || after.files > before.files {
            try await Task.sleep(for: .milliseconds(10))
            after = snapshot()
        }
        print(
            "{\"clients\":\(count),\"loopThreadsBefore\":\(before.loopThreads),\"loopThreadsDuring\":\(during.loopThreads),"
                + "\"loopThreadsAfter\":\(after.loopThreads),\"filesBefore\":\(before.files),\"filesDuring\":\(during.files),"
                + "\"filesAfter\":\(after.files)}")
    } catch {
        fail("\(error)", code: 3)
    }
default:
    fail("unknown command '\(command)'\n\(usage)")
}
