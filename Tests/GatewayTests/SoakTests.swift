import Foundation
import LocalBroker
import MQTT
import Synchronization
import TestSupport
import Testing

/// `make soak` (not in `make test`): VOICEPLUG_SOAK_MINUTES of mixed phrases at 200 a second, with random plug
/// faults and two broker restarts. Every phrase must be answered exactly once, the gateway's memory must stay
/// within 10% of its size after the first minute, and the store must stop growing. The figures go to standard
/// output as one JSON line (and to VOICEPLUG_SOAK_REPORT when set).
@Suite("Soak", .enabled(if: ProcessInfo.processInfo.environment["VOICEPLUG_SOAK_MINUTES"] != nil))
struct SoakTests {
    static let names = ["alpha lamp", "bravo lamp", "charlie lamp", "delta lamp", "echo fan", "foxtrot fan", "golf heater", "hotel heater"]
    static let devices: [String] = names.enumerated().map { index, name in
        let id = name.replacingOccurrences(of: " ", with: "-")
        let kind = ["tasmota", "shelly", "zigbee2mqtt"][index % 3]
        return #"{"id":"\#(id)","name":"\#(name)","protocol":"\#(kind)","area":"\#(index < 4 ? "hall" : "loft")"}"#
    }

    @Test("mixed phrases at 200/s with plug faults and broker restarts: none lost, none twice, memory and store bounded")
    func soak() async throws {
        let minutes = Double(ProcessInfo.processInfo.environment["VOICEPLUG_SOAK_MINUTES"] ?? "30") ?? 30
        let duration = Duration.seconds(minutes * 60)
        try await withGateway(extraDevices: Self.devices, brokerOptions: .init(persistence: true), logLevel: "info") { fixture in
            // The fixture's own client would keep every message: it listens no more.
            try await fixture.client.unsubscribe("voiceplug/#")
            try await fixture.client.unsubscribe("hermes/#")
            await fixture.inbox.clear()

            var configuration = fixture.broker.configuration(clientID: "soak-requester")
            configuration.cleanSession = false
            configuration.protocolVersion = .v5
            configuration.sessionExpiry = 3600
            let requester = try MQTTClient(configuration)
            try await requester.connect()
            try await requester.subscribe("voiceplug/result", qos: .atLeastOnce)
            let answers = Mutex<[String: Int]>([:])
            let stream = requester.messages
            let collector = Task {
                for await message in stream where message.topic == "voiceplug/result" {
                    guard let id = (try? JSONSerialization.jsonObject(with: Data(message.payload)) as? [String: Any])?["id"] as? String,
                        id.hasPrefix("soak-")
                    else { continue }
                    answers.withLock { $0[id, default: 0] += 1 }
                }
            }
            defer { collector.cancel() }

            let pid = fixture.gateway.process.processIdentifier
            let store = fixture.folder.appendingPathComponent("voiceplug.db").path
            let started = ContinuousClock.now
            var sent = 0
            var rssAfterAMinute = 0, storeAfterAMinute = 0, storeAtHalf = 0
            var restarts = 0, faults = 0
            var nextFault = started + .seconds(15)
            var faulty: String?
            while ContinuousClock.now - started < duration {
                // 10 phrases every 50 ms.
                for _ in 0..<10 {
                    let id = "soak-\(sent)"
                    try await requester.publish(
                        "voiceplug/phrase", Self.phrase(sent, id: id), qos: .atLeastOnce, awaitAcknowledgement: false)
                    sent += 1
                }
                try await Task.sleep(for: .milliseconds(50))
                let elapsed = ContinuousClock.now - started
                if rssAfterAMinute == 0, elapsed >= .seconds(60) {
                    rssAfterAMinute = Self.residentKiB(pid)
                    storeAfterAMinute = Self.storeBytes(store)
                }
                if storeAtHalf == 0, elapsed >= duration / 2 { storeAtHalf = Self.storeBytes(store) }
                if restarts < 2, elapsed >= duration * Double(restarts + 1) / 3 {
                    try fixture.broker.restart()
                    restarts += 1
                }
                if ContinuousClock.now >= nextFault {
                    if let faulty {
                        try? await fixture.client.publish(
                            "plugsim/control", #"{"plug":"\#(faulty)","drop":0,"latencyMs":0,"stuck":false,"online":true}"#,
                            qos: .atLeastOnce)
                    }
                    let plug = Self.names.randomElement()!.replacingOccurrences(of: " ", with: "-")
                    let fault = [#""drop":0.5"#, #""latencyMs":1500"#, #""stuck":true"#, #""online":false"#].randomElement()!
                    try? await fixture.client.publish("plugsim/control", #"{"plug":"\#(plug)",\#(fault)}"#, qos: .atLeastOnce)
                    faulty = plug
                    faults += 1
                    nextFault = ContinuousClock.now + .seconds(15)
                }
            }
            let sendingEnded = ContinuousClock.now
            let total = sent
            try? await eventually("every phrase answered", timeout: .seconds(90)) { answers.withLock { $0.count } >= total }
            try await Task.sleep(for: .seconds(5))  // an answer twice would come now
            let counts = answers.withLock { $0 }
            let lost = (0..<sent).filter { counts["soak-\($0)"] == nil }.count
            let twice = counts.values.filter { $0 > 1 }.count
            let rssEnd = Self.residentKiB(pid), storeEnd = Self.storeBytes(store)
            let report =
                "{\"minutes\":\(minutes),\"phrases\":\(sent),\"answered\":\(counts.count),\"lost\":\(lost),\"duplicated\":\(twice),"
                + "\"broker_restarts\":\(restarts),\"plug_faults\":\(faults),\"rss_kib_after_1_min\":\(rssAfterAMinute),"
                + "\"rss_kib_end\":\(rssEnd),\"store_bytes_after_1_min\":\(storeAfterAMinute),\"store_bytes_at_half\":\(storeAtHalf),"
                + "\"store_bytes_end\":\(storeEnd),\"drain_seconds\":\((ContinuousClock.now - sendingEnded).components.seconds),"
                + "\"phrases_delivered_again\":\(fixture.gateway.standardError.components(separatedBy: "delivered again").count - 1)}"
            print("soak: " + report)
            let duplicated = counts.filter { $0.value > 1 }.keys.sorted().prefix(20)
            if !duplicated.isEmpty { print("soak: answered more than once: \(duplicated.joined(separator: " "))") }
            if let path = ProcessInfo.processInfo.environment["VOICEPLUG_SOAK_LOG"] {
                try fixture.gateway.standardError.write(toFile: path, atomically: true, encoding: .utf8)
            }
            if let path = ProcessInfo.processInfo.environment["VOICEPLUG_SOAK_REPORT"] {
                try (report + "\n").write(toFile: path, atomically: true, encoding: .utf8)
            }
            await requester.disconnect()
            #expect(lost == 0 && twice == 0, "\(report)")
            #expect(fixture.gateway.isRunning)
            if minutes >= 2 { #expect(Double(rssEnd) <= Double(rssAfterAMinute) * 1.10, "\(report)") }
            // Phrase ids are kept 10 minutes, executions up to the history limit: past that the store stops growing.
            if minutes >= 25 { #expect(Double(storeEnd) <= Double(storeAtHalf) * 1.2 + 1_000_000, "\(report)") }
        }
    }

    /// The `index`th phrase: commands, groups, questions, chatter and invalid requests, mixed.
    static func phrase(_ index: Int, id: String) -> String {
        let name = names[index % names.count]
        let text: String
        switch index % 20 {
        case 0..<8: text = "turn \(index % 40 < 20 ? "on" : "off") the \(name)"
        case 8: text = "turn off everything in the \(index % 3 == 0 ? "hall" : "loft")"
        case 9..<12: text = "is the \(name) on"
        case 12: text = "what's on"
        case 13..<18: text = "please make coffee number \(index % 97)"
        case 18: return #"{"id":"\#(id)","text":42}"#
        default: text = "toggle the \(name)"
        }
        return #"{"id":"\#(id)","text":"\#(text)"}"#
    }

    static func residentKiB(_ pid: Int32) -> Int {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        return status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") }.flatMap { line in
            line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
        } ?? 0
    }

    static func storeBytes(_ path: String) -> Int {
        ["", "-wal", "-shm"].reduce(0) { total, suffix in
            total + ((try? FileManager.default.attributesOfItem(atPath: path + suffix))?[.size] as? Int ?? 0)
        }
    }
}
