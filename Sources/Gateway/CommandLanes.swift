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

    private struct Lane {
        var busy = false
        var queue: [CheckedContinuation<Void, Never>] = []
        var pending: Pending?
    }

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
        await acquire(deviceID)
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

    private func acquire(_ deviceID: String) async {
        if lanes[deviceID, default: Lane()].busy {
            await withCheckedContinuation { lanes[deviceID, default: Lane()].queue.append($0) }
        } else {
            lanes[deviceID, default: Lane()].busy = true
        }
    }

    private func release(_ deviceID: String) {
        if var lane = lanes[deviceID], !lane.queue.isEmpty {
            let next = lane.queue.removeFirst()
            lanes[deviceID] = lane
            next.resume()  // the lane stays busy: handed to the next command
        } else {
            lanes[deviceID]?.busy = false
        }
    }
}
