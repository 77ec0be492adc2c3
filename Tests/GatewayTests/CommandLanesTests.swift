import Gateway
import Synchronization
import Testing
import VoiceShortcuts

/// The order in which a test's commands were sent, shared by their `send` closures.
final class SentLog: Sendable {
    let entries = Mutex<[String]>([])
    func append(_ entry: String) { entries.withLock { $0.append(entry) } }
    var all: [String] { entries.withLock { $0 } }
}

/// Waits (a bounded number of yields and sleeps) until `condition` holds.
func settle(_ condition: @Sendable () -> Bool) async {
    for _ in 0..<2_000 where !condition() { try? await Task.sleep(for: .milliseconds(1)) }
}

@Suite("Command lanes: one plug's commands in order, each confirmed against its own state", .timeLimit(.minutes(1)))
struct CommandLanesTests {
    @Test("a report of the asked state confirms the command")
    func confirmedByReport() async {
        let lanes = CommandLanes(), sent = SentLog()
        async let outcome = lanes.execute(deviceID: "lamp", state: .on, timeout: .seconds(30)) { sent.append("lamp on") }
        await settle { sent.all.count == 1 }
        await lanes.reported(deviceID: "lamp", state: .on)
        guard case .confirmed = await outcome else { Issue.record("not confirmed"); return }
    }

    @Test("a report of the other state, or of another plug, confirms nothing; the command times out")
    func wrongStateIsNoConfirmation() async {
        let lanes = CommandLanes(), sent = SentLog()
        async let outcome = lanes.execute(deviceID: "heater", state: .off, timeout: .milliseconds(300)) { sent.append("heater off") }
        await settle { sent.all.count == 1 }
        await lanes.reported(deviceID: "heater", state: .on)
        await lanes.reported(deviceID: "kettle", state: .off)
        #expect(await outcome == .timedOut)
    }

    @Test("a plug going offline ends its waiting command as wentOffline")
    func wentOffline() async {
        let lanes = CommandLanes(), sent = SentLog()
        async let outcome = lanes.execute(deviceID: "porch", state: .on, timeout: .seconds(30)) { sent.append("porch on") }
        await settle { sent.all.count == 1 }
        await lanes.wentOffline(deviceID: "porch")
        #expect(await outcome == .wentOffline)
    }

    @Test("a command that cannot be published ends as sendFailed with the reason")
    func sendFailed() async {
        struct Unpublishable: Error, CustomStringConvertible { var description: String { "broker gone" } }
        let outcome = await CommandLanes().execute(deviceID: "fan", state: .on, timeout: .seconds(30)) { throw Unpublishable() }
        #expect(outcome == .sendFailed("broker gone"))
    }

    @Test("one plug's second command is sent only after the first was confirmed; other plugs do not wait")
    func perPlugOrdering() async {
        let lanes = CommandLanes(), sent = SentLog()
        async let first = lanes.execute(deviceID: "lamp", state: .on, timeout: .seconds(30)) { sent.append("lamp on") }
        await settle { sent.all == ["lamp on"] }
        async let second = lanes.execute(deviceID: "lamp", state: .off, timeout: .seconds(30)) { sent.append("lamp off") }
        async let other = lanes.execute(deviceID: "fan", state: .on, timeout: .seconds(30)) { sent.append("fan on") }
        await settle { sent.all.contains("fan on") }
        #expect(!sent.all.contains("lamp off"), "sent before the first was confirmed: \(sent.all)")
        // The second's state reported early confirms neither: the first still waits for on.
        await lanes.reported(deviceID: "lamp", state: .off)
        #expect(!sent.all.contains("lamp off"))
        await lanes.reported(deviceID: "fan", state: .on)
        guard case .confirmed = await other else { Issue.record("fan not confirmed"); return }
        await lanes.reported(deviceID: "lamp", state: .on)
        guard case .confirmed = await first else { Issue.record("first not confirmed"); return }
        await settle { sent.all.contains("lamp off") }
        #expect(sent.all.filter { $0.hasPrefix("lamp") } == ["lamp on", "lamp off"])
        await lanes.reported(deviceID: "lamp", state: .off)
        guard case .confirmed = await second else { Issue.record("second not confirmed"); return }
    }

    @Test("cancelAll ends every waiting command")
    func cancelAll() async {
        let lanes = CommandLanes(), sent = SentLog()
        async let a = lanes.execute(deviceID: "a", state: .on, timeout: .seconds(30)) { sent.append("a") }
        async let b = lanes.execute(deviceID: "b", state: .off, timeout: .seconds(30)) { sent.append("b") }
        await settle { sent.all.count == 2 }
        await lanes.cancelAll()
        #expect(await [a, b] == [.timedOut, .timedOut])
    }

    @Test("a plug that never answers holds a bounded share: at most 16 wait, and none waits past its timeout")
    func deadPlugIsBounded() async {
        let lanes = CommandLanes(), sent = SentLog()
        let outcomes = await withTaskGroup(of: CommandOutcome.self) { group in
            for index in 0..<30 {
                group.addTask {
                    await lanes.execute(deviceID: "dead", state: index % 2 == 0 ? .on : .off, timeout: .milliseconds(400)) {
                        sent.append("dead \(index)")
                    }
                }
            }
            var all: [CommandOutcome] = []
            for await outcome in group { all.append(outcome) }
            return all
        }
        let full = outcomes.filter { $0 == .notSent("16 commands already wait for it") }.count
        let waited = outcomes.filter { if case .notSent(let why) = $0 { why.contains("still busy") } else { false } }.count
        #expect(full == 13, "one carried out, 16 waiting, the rest refused at once: \(outcomes)")
        // No clock decides: one after another (as before), each of the 16 would have been sent in turn and timed
        // out; bounded, they give up in the queue at their own timeout, and few are ever sent.
        #expect(waited >= 12 && sent.all.count <= 5, "\(waited) gave up waiting, \(sent.all.count) sent: \(outcomes)")
        #expect(waited + outcomes.filter { $0 == .timedOut }.count == 17, "\(outcomes)")
    }
}
