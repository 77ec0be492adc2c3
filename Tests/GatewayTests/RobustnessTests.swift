import Foundation
import LocalBroker
import MQTT
import TestSupport
import Testing

@Suite("The gateway under hostile input, live registry changes, signals and broker restarts")
struct RobustnessTests {
    @Test("garbage on every topic the gateway reads leaves it serving and the plugs' known states as they were")
    func garbageOnEveryTopic() async throws {
        try await withGateway { gateway in
            #expect(try await gateway.say("turn on the kitchen lamp")["ok"] as? Bool == true)
            let huge = [UInt8](repeating: 0x7B, count: 1 << 20)  // 1 MiB of "{"
            let nested = Array((String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8)
            let payloads: [(String, [UInt8])] = [
                ("hermes/nlu/query", Array("turn on the lamp".utf8)), ("hermes/nlu/query", Array(#"{"sessionId":"s"}"#.utf8)),
                ("hermes/asr/textCaptured", [0xFF, 0xFE]), ("hermes/asr/textCaptured", nested),
                ("voiceplug/audio", Array("RIFF, but no".utf8)), ("voiceplug/audio", huge + huge + huge),
                ("hermes/audioServer/den/audioFrame", [0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0xFF]),
                ("stat/kitchen-lamp/POWER", [0xFF, 0x00]), ("stat/kitchen-lamp/RESULT", huge),
                ("tele/kitchen-lamp/LWT", Array("Sleeping".utf8)), ("zigbee2mqtt/xmas_tree", nested),
                ("zigbee2mqtt/xmas_tree/availability", Array(#"{"state":7}"#.utf8)),
                ("shellies/shelly1-desk/online", Array("maybe".utf8)), ("voiceplug/phrase", nested),
            ]
            for (topic, payload) in payloads { try await gateway.client.publish(topic, payload, qos: .atLeastOnce) }
            // Each refusal that has somewhere to go is answered: the Hermes query without input, at least.
            _ = try await gateway.inbox.wait(where: { $0.topic == "hermes/nlu/intentNotRecognized" || $0.topic == "voiceplug/result" })
            let after = try await gateway.say("turn off the desk fan")
            #expect(after["ok"] as? Bool == true, "\(after)")
            #expect(gateway.gateway.isRunning)
            let (_, plugs, _) = try await gateway.voiceplug(["plugs", "--json"])
            let list = try JSONSerialization.jsonObject(with: Data(plugs.utf8)) as? [[String: Any]] ?? []
            let lamp = list.first { $0["id"] as? String == "kitchen-lamp" }
            #expect(lamp?["state"] as? String == "on" && lamp?["online"] as? Bool == true, "\(String(describing: lamp))")
        }
    }

    @Test("a shortcut edited and then deleted with the CLI is followed by the running gateway within a second")
    func editAndDeleteWhileRunning() async throws {
        try await withGateway { gateway in
            let (added, out, err) = try await gateway.voiceplug([
                "shortcuts", "add", "--device", "tree", "--state", "on", "--phrase", "festive mode",
            ])
            #expect(added == 0, "\(err)")
            let id = try #require(out.firstMatch(of: /[0-9A-Fa-f-]{36}/).map { String($0.output) }, "\(out)")
            try await expectWithinASecond(gateway, "festive mode", ok: true)

            let (edited, _, editErr) = try await gateway.voiceplug(["shortcuts", "edit", id, "--phrase", "party time"])
            #expect(edited == 0, "\(editErr)")
            try await expectWithinASecond(gateway, "party time", ok: true)
            #expect(try await gateway.say("festive mode")["error"] as? String == "not_recognized", "the old phrase is gone")

            let (deleted, _, deleteErr) = try await gateway.voiceplug(["shortcuts", "delete", id])
            #expect(deleted == 0, "\(deleteErr)")
            try await expectWithinASecond(gateway, "party time", ok: false)
        }
    }

    @Test("a shortcut is used the instant `shortcuts add` returns, and gone the instant `delete` returns: 100 times in a row")
    func usedWhenAddReturns() async throws {
        try await withGateway { gateway in
            for round in 0..<100 {
                let phrase = "festive mode \(round)"
                let (added, out, error) = try await gateway.voiceplug([
                    "shortcuts", "add", "--device", "tree", "--state", "on", "--phrase", phrase,
                ])
                #expect(added == 0 && !error.contains("warning"), "\(error)")
                let heard = try await gateway.say(phrase)
                #expect(heard["device"] as? String == "tree", "round \(round): \(heard)")
                let id = try #require(out.firstMatch(of: /[0-9A-Fa-f-]{36}/).map { String($0.output) })
                #expect(try await gateway.voiceplug(["shortcuts", "delete", id]).0 == 0)
                #expect(try await gateway.say(phrase)["error"] as? String == "not_recognized", "round \(round): still used after delete")
                if heard["device"] as? String != "tree" { break }
            }
        }
    }

    @Test("10,000 phrases in a burst, hostile and not: every one answered, the gateway up, one log line a second per cause")
    func burst() async throws {
        try await withGateway { gateway in
            let started = ContinuousClock.now
            var ids: Set<String> = []
            for index in 0..<10_000 {
                let id = "burst-\(index)"
                ids.insert(id)
                let payload: String
                switch index % 4 {
                case 0: payload = #"{"id":"\#(id)","text":"make me a sandwich number \#(index)"}"#
                case 1: payload = #"{"id":"\#(id)","text":42}"#
                case 2: payload = #"{"id":"\#(id)","text":"is the porch light on"}"#
                default: payload = #"{"id":"\#(id)","text":"\#(String(repeating: "blah ", count: 20))"}"#
                }
                try await gateway.client.publish("voiceplug/phrase", payload, qos: .atLeastOnce, awaitAcknowledgement: false)
            }
            try await eventually("every phrase of the burst to be answered", timeout: .seconds(120)) {
                await gateway.inbox.messages.filter { $0.topic == "voiceplug/result" }.count >= 10_000
            }
            let answered = Set(
                await gateway.inbox.messages.filter { $0.topic == "voiceplug/result" }.compactMap {
                    GatewayFixture.object($0)?["id"] as? String
                })
            #expect(answered.isSuperset(of: ids), "\(ids.subtracting(answered).count) unanswered")
            let seconds = Int((ContinuousClock.now - started).components.seconds) + 2
            let log = gateway.gateway.standardError
            for cause in ["not_recognized", "invalid_input"] {
                let lines = log.split(separator: "\n").filter { $0.contains("→ \(cause)") || $0.contains(" \(cause): ") }.count
                #expect(lines <= seconds, "\(lines) lines of \(cause) in \(seconds) s")
            }
            #expect(log.contains("more like it in the last second, not logged"))
            #expect(try await gateway.say("turn on the kitchen lamp")["ok"] as? Bool == true)
            // Memory bounded: the gateway's resident set after the burst.
            let status = try String(contentsOfFile: "/proc/\(gateway.gateway.process.processIdentifier)/status", encoding: .utf8)
            let rss = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") }.flatMap { Int($0.split(separator: " ")[1]) } ?? 0
            #expect(rss > 0 && rss < 300_000, "RSS \(rss) KiB after the burst")
        }
    }

    /// Asks `phrase` until its outcome is `ok`, for at most a second after the change (then once more).
    func expectWithinASecond(_ gateway: GatewayFixture, _ phrase: String, ok: Bool) async throws {
        let changed = ContinuousClock.now
        var result: [String: Any] = [:]
        while true {
            let sent = ContinuousClock.now
            result = try await gateway.say(phrase)
            if (result["ok"] as? Bool == true) == ok || sent - changed >= .seconds(1) { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect((result["ok"] as? Bool == true) == ok, "\(phrase): \(result)")
    }

    @Test("SIGINT stops the gateway cleanly: exit 0 and the retained status offline")
    func sigint() async throws {
        try await withGateway { gateway in
            #expect(try await gateway.say("kitchen lamp on")["ok"] as? Bool == true)
            gateway.gateway.kill(SIGINT)
            #expect(try await gateway.gateway.wait(timeout: .seconds(15)) == 0, "\(gateway.gateway.standardError)")
            let status = try await MQTTClient.withClient(gateway.broker.configuration()) { late in
                let inbox = MessageCollector(late)
                try await late.subscribe("voiceplug/status")
                return try await inbox.first(on: "voiceplug/status")
            }
            #expect(status.string == "offline" && status.retain)
            // Once: the explicit offline, not the will as well.
            let offline = await gateway.inbox.messages.filter { $0.topic == "voiceplug/status" && $0.string == "offline" }
            #expect(offline.count == 1, "\(offline.count) offline messages")
            // plugs, with the gateway stopped: the states it last saw, said to be such, and exit 1.
            let (plugsStatus, plugsOut, plugsErr) = try await gateway.voiceplug(["plugs"])
            #expect(plugsStatus == 1 && plugsErr.contains("is offline") && plugsOut.contains("kitchen-lamp"), "\(plugsErr)")
            // say, with the gateway stopped: exit 3 at once, not after waiting for its timeout.
            let start = ContinuousClock.now
            let (said, _, saidErr) = try await gateway.voiceplug(["say", "kitchen lamp off", "--timeout", "10"])
            #expect(said == 3 && saidErr.contains("is offline"), "\(said): \(saidErr)")
            #expect(ContinuousClock.now - start < .seconds(5))
            // A phrase too long to send is refused as such, not reported as no answer.
            let (long, _, longErr) = try await gateway.voiceplug(["say", String(repeating: "lamp ", count: 5_000)])
            #expect(long == 2 && longErr.contains("the phrase is too long"), "\(long): \(longErr)")
        }
    }

    @Test("with the broker gone, SIGTERM still ends the gateway within a bound")
    func brokerGoneAtShutdown() async throws {
        try await withGateway { gateway in
            gateway.broker.stop()
            try await Task.sleep(for: .milliseconds(300))
            gateway.gateway.kill(SIGTERM)
            let exited = try? await gateway.gateway.wait(timeout: .seconds(15))
            let status = try #require(exited, "still running 15 s after SIGTERM: \(gateway.gateway.standardError)")
            #expect(status == 0 || status == 3, "exit \(status): \(gateway.gateway.standardError)")
        }
    }

    @Test("after a broker restart the gateway and plugsim reconnect and phrases switch plugs again")
    func brokerRestart() async throws {
        try await withGateway { gateway in
            #expect(try await gateway.say("kitchen lamp on")["ok"] as? Bool == true)
            try gateway.broker.restart()
            // The test's own client reconnects and resubscribes too; then a phrase goes all the way through.
            try await eventually("a phrase answered after the restart", timeout: .seconds(20)) {
                (try? await gateway.say("kitchen lamp off", timeout: .seconds(2)))?["ok"] as? Bool == true
            }
            #expect(gateway.gateway.isRunning && gateway.plugsim.isRunning)
        }
    }

    @Test("a plug that comes online with no known state is asked for it")
    func stateQueriedWhenOnline() async throws {
        try await withGateway(plugsimArguments: ["--offline", "porch"]) { gateway in
            try await gateway.client.subscribe("cmnd/porch/#", qos: .atLeastOnce)
            try await gateway.client.publish("plugsim/control", #"{"plug":"porch","online":true}"#, qos: .atLeastOnce)
            // The query (an empty POWER command) and then the state it brings, on the gateway's retained status.
            _ = try await gateway.inbox.wait(where: { $0.topic == "cmnd/porch/POWER" && $0.payload.isEmpty })
            let status = try await gateway.inbox.wait(where: { message in
                message.topic == "voiceplug/plugs/porch" && GatewayFixture.object(message)?["state"] as? String == "off"
            })[0]
            #expect(GatewayFixture.object(status)?["online"] as? Bool == true)
        }
    }

    @Test("a phrase that arrives while the gateway stops is not acted on, and the log says so; the one in flight is answered")
    func phraseWhileStopping() async throws {
        // The plug answers after 4 s, so the gateway stays in its stopping phase for seconds, even on a loaded machine.
        try await withGateway(plugsimArguments: ["--latency", "4000"], confirmTimeoutMs: 6000) { gateway in
            for filter in ["cmnd/#", "shellies/+/relay/+/command"] { try await gateway.client.subscribe(filter, qos: .atLeastOnce) }
            try await gateway.client.publish("voiceplug/phrase", #"{"text":"desk fan on","id":"in-flight"}"#, qos: .atLeastOnce)
            _ = try await gateway.inbox.wait(where: { $0.topic.hasPrefix("shellies/shelly1-desk/relay/0/command") })
            gateway.gateway.kill(SIGTERM)
            try await eventually("the gateway to start stopping") { gateway.gateway.standardError.contains("stopping:") }
            try await gateway.client.publish("voiceplug/phrase", #"{"text":"kitchen lamp on","id":"too-late"}"#, qos: .atLeastOnce)
            #expect(try await gateway.gateway.wait(timeout: .seconds(15)) == 0)
            #expect(
                gateway.gateway.standardError.contains("ignored a phrase that arrived while stopping"), "\(gateway.gateway.standardError)")
            #expect(await !gateway.inbox.messages.contains { $0.topic == "cmnd/kitchen-lamp/POWER" && !$0.payload.isEmpty })
            #expect(try await gateway.result(id: "in-flight")["ok"] as? Bool == true)
        }
    }

    @Test("a store that becomes unreadable while the gateway runs is reported, and typed commands still switch plugs")
    func storeBrokenWhileRunning() async throws {
        try await withGateway { gateway in
            #expect(try await gateway.say("kitchen lamp on")["ok"] as? Bool == true)
            // Damaged in place, as a failing disk would: the gateway's connection reads the same file.
            let store = gateway.folder.appendingPathComponent("voiceplug.db").path
            let handle = try #require(FileHandle(forWritingAtPath: store))
            try handle.write(contentsOf: Data(repeating: 0x5A, count: 4096))
            try handle.close()
            for suffix in ["-wal", "-shm"] { try? Data(repeating: 0x5A, count: 4096).write(to: URL(fileURLWithPath: store + suffix)) }
            try await eventually("the damaged store to be reported", timeout: .seconds(5)) {
                gateway.gateway.standardError.contains("cannot read the shortcut store")
            }
            let after = try await gateway.say("kitchen lamp off")
            #expect(after["ok"] as? Bool == true, "\(after)")
            #expect(gateway.gateway.isRunning)
        }
    }

    @Test("a phrase said the moment shortcuts add or edit returns is heard with the change, 100 times in a row")
    func changeInUseWhenCommandReturns() async throws {
        try await withGateway { gateway in
            let (added, out, err) = try await gateway.voiceplug([
                "shortcuts", "add", "--device", "tree", "--state", "on", "--phrase", "festive mode 0",
            ])
            #expect(added == 0 && !err.contains("note:") && !err.contains("warning:"), "\(err)")
            let id = try #require(out.firstMatch(of: /[0-9A-F-]{36}/).map { String($0.output) }, "\(out)")
            #expect(try await gateway.say("festive mode 0")["ok"] as? Bool == true)
            var missed: [String] = []
            for round in 1..<100 {
                let (edited, _, editErr) = try await gateway.voiceplug(["shortcuts", "edit", id, "--phrase", "festive mode \(round)"])
                #expect(edited == 0, "\(editErr)")
                let now = try await gateway.say("festive mode \(round)")
                if now["ok"] as? Bool != true { missed.append("round \(round): \(now)") }
                if round % 25 == 0 {
                    let old = try await gateway.say("festive mode \(round - 1)")
                    if old["error"] as? String != "not_recognized" { missed.append("round \(round), the old phrase: \(old)") }
                }
            }
            #expect(missed.isEmpty, "\(missed.prefix(5))")
        }
    }

    @Test("a gateway of another store is not waited for: shortcuts add says so at once")
    func changeOfAnotherStore() async throws {
        try await withGateway { gateway in
            let other = gateway.folder.appendingPathComponent("elsewhere")
            try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
            try #"{"broker":"\#(gateway.broker.url)","devices":[{"id":"lamp"}]}"#.write(
                to: other.appendingPathComponent("voiceplug.json"), atomically: true, encoding: .utf8)
            let add = try ChildProcess(
                "voiceplug", ["shortcuts", "add", "--device", "lamp", "--state", "on", "--phrase", "lamp time"], directory: other)
            #expect(try await add.wait(timeout: .seconds(20)) == 0, "\(add.standardError)")
            // Said at once from the retained registry message, not after waiting out the 2 s for a confirmation (which
            // says "did not say within 2 s"): no clock decides, so a busy machine cannot fail it.
            #expect(add.standardError.contains("uses another store"), "\(add.standardError)")
            #expect(!add.standardError.contains("did not say within"), "it waited for a gateway of another store")
        }
    }

    @Test("with no gateway running, shortcuts add says so and still adds")
    func changeWithoutGateway() async throws {
        try await withBroker { broker in
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("voiceplug-nogw-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            try #"{"broker":"\#(broker.url)","devices":[{"id":"lamp"}]}"#.write(
                to: folder.appendingPathComponent("voiceplug.json"), atomically: true, encoding: .utf8)
            let add = try ChildProcess(
                "voiceplug", ["shortcuts", "add", "--device", "lamp", "--state", "on", "--phrase", "lamp time"], directory: folder)
            let start = ContinuousClock.now
            #expect(try await add.wait(timeout: .seconds(20)) == 0, "\(add.standardError)")
            #expect(
                add.standardError.contains("no gateway uses it yet") || add.standardError.contains("did not say"), "\(add.standardError)")
            #expect(ContinuousClock.now - start < .seconds(10))
            #expect(add.standardOutput.hasPrefix("added "))
        }
    }

    @Test("a two-relay Tasmota plug through the gateway: each relay its own device, POWER1 and POWER2 confirmed apart")
    func multiRelayPlug() async throws {
        let relays = [
            #"{"id":"strip-1","name":"left socket","topic":"strip","relay":1}"#,
            #"{"id":"strip-2","name":"right socket","topic":"strip","relay":2}"#,
        ]
        try await withGateway(extraDevices: relays) { gateway in
            try await gateway.client.subscribe("cmnd/strip/#", qos: .atLeastOnce)
            let right = try await gateway.say("turn on the right socket")
            #expect(right["ok"] as? Bool == true && right["device"] as? String == "strip-2", "\(right)")
            let left = try await gateway.say("turn on the left socket")
            #expect(left["ok"] as? Bool == true && left["device"] as? String == "strip-1", "\(left)")
            let commands = await gateway.inbox.messages.filter { $0.topic.hasPrefix("cmnd/strip/") }.map(\.topic)
            #expect(commands.contains("cmnd/strip/POWER2") && commands.contains("cmnd/strip/POWER1"), "\(commands)")
            let (_, plugs, _) = try await gateway.voiceplug(["plugs", "--json"])
            let list = try JSONSerialization.jsonObject(with: Data(plugs.utf8)) as? [[String: Any]] ?? []
            #expect(list.filter { ($0["id"] as? String)?.hasPrefix("strip-") == true }.allSatisfy { $0["state"] as? String == "on" })
        }
    }

    @Test("plugs shows how old each state is, and lists configured plugs never heard from with their topic")
    func plugsAgeAndNeverHeard() async throws {
        try await withGateway { gateway in
            #expect(try await gateway.say("kitchen lamp on")["ok"] as? Bool == true)
            let config = try String(contentsOf: gateway.folder.appendingPathComponent("voiceplug.json"), encoding: .utf8)
                .replacingOccurrences(of: #""devices":["#, with: #""devices":[{"id":"ghost","name":"attic fan","topic":"attic-fan-7"},"#)
            try config.write(to: gateway.folder.appendingPathComponent("other.json"), atomically: true, encoding: .utf8)
            let (status, out, err) = try await gateway.voiceplug(["plugs", "--config", "other.json"])
            #expect(status == 0, "\(err)")
            #expect(out.contains("s ago"), "\(out)")
            let ghost = out.split(separator: "\n").first { $0.hasPrefix("ghost") } ?? ""
            #expect(ghost.contains("never heard") && ghost.contains("topic attic-fan-7"), "\(out)")
            let (_, json, _) = try await gateway.voiceplug(["plugs", "--json", "--config", "other.json"])
            let list = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]] ?? []
            let entry = list.first { $0["id"] as? String == "ghost" }
            #expect(entry?["state"] is NSNull && entry?["topic"] as? String == "attic-fan-7", "\(json)")
        }
    }

    @Test("several instances: each its own status, the whole offline only when none runs, and a warning without a share group")
    func severalInstances() async throws {
        try await withGateway(runArguments: ["--instance", "first"]) { gateway in
            let second = try ChildProcess("voiceplug", ["run", "--no-speech", "--instance", "second"], directory: gateway.folder)
            defer { second.kill(SIGKILL) }
            try await eventually("the second to come online and warn", timeout: .seconds(20)) {
                second.standardError.contains("gateway online") && second.standardError.contains("ANOTHER GATEWAY, 'first'")
            }
            try await eventually("the first to warn of the second") { gateway.gateway.standardError.contains("ANOTHER GATEWAY, 'second'") }
            @Sendable func retained(_ topic: String) async throws -> String? {
                try await MQTTClient.withClient(gateway.broker.configuration()) { late in
                    let inbox = MessageCollector(late)
                    try await late.subscribe(topic)
                    return try await inbox.first(on: topic).string
                }
            }
            #expect(try await retained("voiceplug/status/first") == "online")
            #expect(try await retained("voiceplug/status/second") == "online")

            // A third with a name already running is refused at once (sharing one session, they would take the
            // connection from each other in turn).
            let third = try ChildProcess("voiceplug", ["run", "--no-speech", "--instance", "second"], directory: gateway.folder)
            #expect(try await third.wait(timeout: .seconds(20)) == 2, "\(third.standardError)")
            #expect(third.standardError.contains("a gateway named 'second' already runs"), "\(third.standardError)")

            second.kill(SIGTERM)
            #expect(try await second.wait(timeout: .seconds(15)) == 0)
            #expect(try await retained("voiceplug/status/second") == "offline")
            #expect(try await retained("voiceplug/status") == "online", "one instance still runs")
            #expect(try await gateway.say("kitchen lamp on")["ok"] as? Bool == true)

            gateway.gateway.kill(SIGKILL)  // the last one, gone without a word: the wills say so
            try await eventually("both wills", timeout: .seconds(20)) {
                let instance = try await retained("voiceplug/status/first"), whole = try await retained("voiceplug/status")
                return instance == "offline" && whole == "offline"
            }
        }
    }

    @Test("kill -9 mid-stream and a restart: what was sent meanwhile is answered, nothing twice, the store intact")
    func crashAndRestart() async throws {
        try await withGateway(runArguments: ["--instance", "crashy"]) { gateway in
            try await gateway.client.subscribe("cmnd/kitchen-lamp/#", qos: .atLeastOnce)
            let ids = (0..<120).map { "crash-\($0)" }
            var restarted: ChildProcess?
            defer { restarted?.kill(SIGKILL) }
            for (index, id) in ids.enumerated() {
                let request = try JSONSerialization.data(withJSONObject: [
                    "text": index % 2 == 0 ? "kitchen lamp on" : "kitchen lamp off", "id": id,
                ])
                try await gateway.client.publish("voiceplug/phrase", Array(request), qos: .atLeastOnce)
                if index == 40 { gateway.gateway.kill(SIGKILL) }
                if index == 80 {
                    restarted = try ChildProcess(
                        "voiceplug", ["run", "--log-level", "debug", "--no-speech", "--instance", "crashy"], directory: gateway.folder)
                }
                try await Task.sleep(for: .milliseconds(15))
            }
            let answeredIDs: @Sendable () async -> [String] = {
                await gateway.inbox.messages.filter { $0.topic == "voiceplug/result" }
                    .compactMap { GatewayFixture.object($0)?["id"] as? String }.filter { $0.hasPrefix("crash-") }
            }
            let sentWhileDown = Set(ids[42..<80])
            try? await eventually("the answers", timeout: .seconds(20)) {
                let answered = Set(await answeredIDs())
                return answered.count >= ids.count - 3 && sentWhileDown.isSubset(of: answered) && answered.contains(ids.last!)
            }
            let answered = await answeredIDs()
            print("crash: \(Set(answered).count) of \(ids.count) answered, \(answered.count - Set(answered).count) answered twice")
            // Sent while no gateway ran: kept by the broker for the persistent session, and answered.
            #expect(sentWhileDown.isSubset(of: Set(answered)), "\(sentWhileDown.subtracting(answered).sorted())")
            // A few in the gateway's hands at the kill may be lost (acknowledged, not yet handled); never more.
            #expect(Set(answered).count >= ids.count - 3, "\(Set(answered).count) of \(ids.count)")
            // Executed at most once each: the commands sent to the plug are no more than the phrases.
            let commands = await gateway.inbox.messages.filter { $0.topic == "cmnd/kitchen-lamp/POWER" && !$0.payload.isEmpty }.count
            #expect(commands > 0 && commands <= ids.count, "\(commands) commands")
            let (listed, _, listErr) = try await gateway.voiceplug(["shortcuts", "list"])
            #expect(listed == 0, "the store: \(listErr)")

            // The same requester id twice (as a QoS 1 resend after a restart would be): executed once, answered once.
            let before = await gateway.inbox.messages.filter { $0.topic == "cmnd/kitchen-lamp/POWER" }.count
            for _ in 0..<2 {
                try await gateway.client.publish("voiceplug/phrase", #"{"text":"kitchen lamp on","id":"twice-1"}"#, qos: .atLeastOnce)
            }
            let first = try await gateway.inbox.wait(timeout: .seconds(15)) { message in
                message.topic == "voiceplug/result" && GatewayFixture.object(message)?["id"] as? String == "twice-1"
            }
            #expect(first.allSatisfy { GatewayFixture.object($0)?["ok"] as? Bool == true }, "\(first.map { $0.string ?? "" })")
            // The second delivery is logged (unless the log's one line a second for its cause left it out).
            try? await eventually("the second delivery to be seen", timeout: .seconds(2)) {
                gateway.gateway.standardError.contains("twice-1 delivered")
            }
            try await Task.sleep(for: .milliseconds(500))
            let answers = await gateway.inbox.messages.filter {
                $0.topic == "voiceplug/result" && GatewayFixture.object($0)?["id"] as? String == "twice-1"
            }
            #expect(answers.count == 1, "answered \(answers.count) times")
            #expect(await gateway.inbox.messages.filter { $0.topic == "cmnd/kitchen-lamp/POWER" }.count == before + 1)
        }
    }

    @Test("a question is answered from the tracked state and switches nothing; toggle switches to the opposite, not when unknown")
    func questionsAndToggle() async throws {
        try await withGateway(plugsimArguments: ["--offline", "porch"]) { gateway in
            try await gateway.client.subscribe("cmnd/#", qos: .atLeastOnce)
            #expect(try await gateway.say("turn on the kitchen lamp")["ok"] as? Bool == true)
            let commands = await gateway.inbox.messages.filter { $0.topic == "cmnd/kitchen-lamp/POWER" && !$0.payload.isEmpty }.count
            let asked = try await gateway.say("is the kitchen lamp on?")
            #expect(asked["kind"] as? String == "query" && asked["device"] as? String == "kitchen-lamp", "\(asked)")
            #expect(asked["state"] as? String == "on" && asked["online"] as? Bool == true, "\(asked)")
            let (said, out, _) = try await gateway.voiceplug(["say", "is", "the", "kitchen", "lamp", "off"])
            #expect(said == 0 && out == "kitchen lamp is on\n", "\(out)")
            try await Task.sleep(for: .milliseconds(200))
            let after = await gateway.inbox.messages.filter { $0.topic == "cmnd/kitchen-lamp/POWER" && !$0.payload.isEmpty }.count
            #expect(after == commands, "a question sent a command")

            let toggled = try await gateway.say("toggle the kitchen lamp")
            #expect(toggled["ok"] as? Bool == true && toggled["state"] as? String == "off", "\(toggled)")
            let back = try await gateway.say("toggle the kitchen lamp")
            #expect(back["state"] as? String == "on", "\(back)")
            let unknown = try await gateway.say("toggle the porch light")
            #expect(unknown["error"] as? String == "state_unknown", "\(unknown)")
            #expect(await !gateway.inbox.messages.contains { $0.topic.hasPrefix("cmnd/porch/") && !$0.payload.isEmpty })
        }
    }
}
