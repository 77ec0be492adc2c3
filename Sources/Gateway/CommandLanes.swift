import Foundation
import VoiceShortcuts

/// How a command ended.
public enum CommandOutcome: Sendable, Equatable {
    /// The plug reported the asked state after the command was sent.
    case confirmed(latency: Duration)
    /// No confirmation within the timeout.
    case timedOut
    /// The plug went offline while the command waited.
    case wentOffline
    /// The command could not be published.
    case sendFailed(String)
    /// Not sent: the plug's lane was full, or the command waited there past its timeout behind earlier ones.
    case notSent(String)
}

/// One lane per device: commands to one plug are sent in arrival order, the
/// next only after the previous one was confirmed or gave up, and each is
/// confirmed against its own asked state. Different plugs never wait on
/// each other.
public actor CommandLanes {
    private struct Pending {
        var token: Int
        var state: PowerState
        var sent: ContinuousClock.Instant
        var continuation: CheckedContinuation<CommandOutcome, Never>
        var timer: Task<Void, Never>?

        func resume(_ outcome: CommandOutcome) {
            timer?.cancel()
            continuation.resume(returning: outcome)
        }
    }

    private struct Waiter {
        var token: Int
        /// Resumed with true when the lane is handed to it, false when it gave up.
        var continuation: CheckedContinuation<Bool, Never>
    }

    private struct Lane {
        var busy = false
        var queue: [Waiter] = []
        var pending: Pending?
    }

    /// How many commands may wait behind the one a plug is carrying out; more are not sent. With the wait bounded
    /// by the timeout too, a plug that answers slowly or not at all holds a bounded share of the gateway.
    public static let waitingLimit = 16

    private var lanes: [String: Lane] = [:]
    private var nextToken = 0

    public init() {}

    /// Sends a command with `send` when the device's lane is free, then waits
    /// for the device to report `state`, at most `timeout`. The waiter is
    /// registered before the command is sent, so no report can be missed.
    public func execute(
        deviceID: String, state: PowerState, timeout: Duration,
        send: @escaping @Sendable () async throws -> Void
    ) async -> CommandOutcome {
        switch await acquire(deviceID, within: timeout) {
        case .acquired: break
        case .full: return .notSent("\(Self.waitingLimit) commands already wait for it")
        case .waitedTooLong: return .notSent("it was still busy with earlier commands after \(timeout.milliseconds) ms")
        }
        defer { release(deviceID) }
        nextToken += 1
        let token = nextToken
        return await withCheckedContinuation { (continuation: CheckedContinuation<CommandOutcome, Never>) in
            lanes[deviceID, default: Lane()].pending = Pending(token: token, state: state, sent: .now, continuation: continuation)
            let timer = Task {
                do {
                    try await send()
                } catch {
                    self.finish(deviceID: deviceID, token: token, with: .sendFailed("\(error)"))
                    return
                }
                try? await Task.sleep(for: timeout)
                self.finish(deviceID: deviceID, token: token, with: .timedOut)
            }
            lanes[deviceID]?.pending?.timer = timer
        }
    }

    /// A state the device reported: confirms its waiting command when it is the asked one.
    public func reported(deviceID: String, state: PowerState) {
        guard let pending = lanes[deviceID]?.pending, pending.state == state else { return }
        lanes[deviceID]?.pending = nil
        pending.resume(.confirmed(latency: .now - pending.sent))
    }

    /// The device went offline: its waiting command gives up.
    public func wentOffline(deviceID: String) {
        guard let pending = lanes[deviceID]?.pending else { return }
        lanes[deviceID]?.pending = nil
        pending.resume(.wentOffline)
    }

    /// Ends every waiting command (shutdown).
    public func cancelAll() {
        for (id, lane) in lanes {
            guard let pending = lane.pending else { continue }
            lanes[id]?.pending = nil
            pending.resume(.timedOut)
        }
    }

    private func finish(deviceID: String, token: Int, with outcome: CommandOutcome) {
        guard let pending = lanes[deviceID]?.pending, pending.token == token else { return }
        lanes[deviceID]?.pending = nil
        pending.resume(outcome)
    }

    private enum Acquired { case acquired, full, waitedTooLong }

    /// The lane of `deviceID`, at once when free, else after the commands before it, for at most `timeout`.
    private func acquire(_ deviceID: String, within timeout: Duration) async -> Acquired {
        guard lanes[deviceID, default: Lane()].busy else {
            lanes[deviceID, default: Lane()].busy = true
            return .acquired
        }
        guard lanes[deviceID, default: Lane()].queue.count < Self.waitingLimit else { return .full }
        nextToken += 1
        let token = nextToken
        let handed = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            lanes[deviceID, default: Lane()].queue.append(Waiter(token: token, continuation: continuation))
            Task {
                try? await Task.sleep(for: timeout)
                self.giveUp(deviceID, token: token)
            }
        }
        return handed ? .acquired : .waitedTooLong
    }

    /// A waiter still in the queue when its time is up leaves it.
    private func giveUp(_ deviceID: String, token: Int) {
        guard let index = lanes[deviceID]?.queue.firstIndex(where: { $0.token == token }) else { return }
        let waiter = lanes[deviceID]!.queue.remove(at: index)
        waiter.continuation.resume(returning: false)
    }

    private func release(_ deviceID: String) {
        if var lane = lanes[deviceID], !lane.queue.isEmpty {
            let next = lane.queue.removeFirst()
            lanes[deviceID] = lane
            next.continuation.resume(returning: true)  // the lane stays busy: handed to the next command
        } else {
            lanes[deviceID]?.busy = false
        }
    }
}
