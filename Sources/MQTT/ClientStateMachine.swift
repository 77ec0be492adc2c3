/// The connection state of one client as a value: events go in, effects for
/// the owner to perform come out (the pattern of mqtt-nio's channel handler
/// state machine). It performs no I/O and never blocks.
struct ClientStateMachine {
    enum Phase: Equatable {
        case idle
        case connecting(deadline: ContinuousClock.Instant)
        case connected
        case waitingToReconnect(attempt: Int, due: ContinuousClock.Instant)
        case reconnecting(attempt: Int)
        case disconnecting(deadline: ContinuousClock.Instant)
        case closed
    }

    /// What the owner must do after an event.
    enum Effect {
        case resumeConnect(Result<Void, MQTTError>)
        case resumeDisconnect
        case startReconnect
        case restoreSubscriptions([(String, QoS)])
        case failWaiters(MQTTError, includingPublishes: Bool)
        case publishState(ConnectionState)
        case leaveLoop
    }

    private(set) var phase: Phase = .idle
    /// Whether the loop may poll the handle: false while a blocking connect
    /// runs on another thread, and when there is no connection.
    private(set) var pollable = false
    private var delay: Duration
    private let policy: MQTTConfiguration.Reconnect
    private(set) var subscriptions: [(filter: String, qos: QoS)] = []

    init(policy: MQTTConfiguration.Reconnect) {
        self.policy = policy
        self.delay = policy.initialDelay
    }

    var connectionState: ConnectionState {
        switch phase {
        case .idle, .closed, .disconnecting: .disconnected
        case .connecting: .connecting
        case .connected: .connected
        case .waitingToReconnect(let attempt, _), .reconnecting(let attempt): .reconnecting(attempt: attempt)
        }
    }

    // MARK: Requests from the user

    /// `connect()` was called. Returns false when the client is not idle.
    mutating func connectRequested(timeout: Duration) -> Bool {
        guard phase == .idle else { return false }
        phase = .connecting(deadline: .now + timeout)
        pollable = false
        return true
    }

    /// The blocking connect returned: the socket is open and CONNECT is queued.
    mutating func socketOpened() -> [Effect] {
        switch phase {
        case .connecting, .reconnecting:
            pollable = true
            return []
        default:
            // Timed out or closed while the blocking call ran.
            return []
        }
    }

    /// The blocking (re)connect failed before a socket stood.
    mutating func socketFailed(_ error: MQTTError) -> [Effect] {
        switch phase {
        case .connecting:
            phase = .idle
            return [.resumeConnect(.failure(error)), .publishState(.disconnected), .leaveLoop]
        case .reconnecting(let attempt):
            return scheduleReconnect(attempt: attempt + 1)
        default:
            return []
        }
    }

    /// `disconnect()` was called. `sendDisconnect` tells whether a DISCONNECT
    /// can be sent (there is a connection).
    mutating func disconnectRequested(timeout: Duration) -> (sendDisconnect: Bool, effects: [Effect]) {
        switch phase {
        case .connected:
            phase = .disconnecting(deadline: .now + timeout)
            return (true, [])
        case .closed, .disconnecting:
            return (false, [.resumeDisconnect])
        case .idle:
            phase = .closed
            return (false, [.failWaiters(.notConnected, includingPublishes: true), .resumeDisconnect])
        case .connecting:
            phase = .closed
            pollable = false
            return (
                false,
                [
                    .resumeConnect(.failure(.notConnected)), .failWaiters(.notConnected, includingPublishes: true),
                    .publishState(.disconnected), .leaveLoop, .resumeDisconnect,
                ]
            )
        case .waitingToReconnect, .reconnecting:
            phase = .closed
            pollable = false
            return (
                false,
                [
                    .failWaiters(.notConnected, includingPublishes: true), .publishState(.disconnected),
                    .leaveLoop, .resumeDisconnect,
                ]
            )
        }
    }

    mutating func subscriptionAdded(_ filter: String, qos: QoS) {
        subscriptions.removeAll { $0.filter == filter }
        subscriptions.append((filter, qos))
    }

    mutating func subscriptionRemoved(_ filter: String) {
        subscriptions.removeAll { $0.filter == filter }
    }

    // MARK: Events from libmosquitto and the loop

    /// CONNACK arrived.
    mutating func connackReceived(reasonCode: Int32) -> [Effect] {
        switch phase {
        case .connecting:
            if reasonCode == 0 {
                phase = .connected
                delay = policy.initialDelay
                return [.resumeConnect(.success(())), .restoreSubscriptions(subscriptions), .publishState(.connected)]
            }
            phase = .idle
            pollable = false
            return [
                .resumeConnect(.failure(.connectionRefused(ConnectRefusal(code: reasonCode)))),
                .publishState(.disconnected), .leaveLoop,
            ]
        case .reconnecting:
            guard reasonCode == 0 else { return [] }  // the disconnect that follows schedules the next attempt
            phase = .connected
            delay = policy.initialDelay
            return [.restoreSubscriptions(subscriptions), .publishState(.connected)]
        default:
            return []
        }
    }

    /// The connection ended (libmosquitto's disconnect callback, or a loop error).
    mutating func connectionEnded(error: MQTTError) -> [Effect] {
        switch phase {
        case .connecting:
            phase = .idle
            pollable = false
            return [.resumeConnect(.failure(error)), .publishState(.disconnected), .leaveLoop]
        case .connected:
            pollable = false
            return [.failWaiters(.connectionLost, includingPublishes: false)] + scheduleReconnect(attempt: 1)
        case .reconnecting(let attempt):
            pollable = false
            return scheduleReconnect(attempt: attempt + 1)
        case .disconnecting:
            phase = .closed
            pollable = false
            return [
                .failWaiters(.notConnected, includingPublishes: true), .publishState(.disconnected),
                .leaveLoop, .resumeDisconnect,
            ]
        case .idle, .closed, .waitingToReconnect:
            pollable = false
            return []
        }
    }

    /// The loop's periodic check: connect and disconnect timeouts, due reconnects.
    mutating func tick(now: ContinuousClock.Instant, connectTimeoutError: MQTTError) -> [Effect] {
        switch phase {
        case .connecting(let deadline) where now >= deadline:
            phase = .idle
            pollable = false
            return [.resumeConnect(.failure(connectTimeoutError)), .publishState(.disconnected), .leaveLoop]
        case .waitingToReconnect(let attempt, let due) where now >= due:
            phase = .reconnecting(attempt: attempt)
            pollable = false
            return [.startReconnect]
        case .disconnecting(let deadline) where now >= deadline:
            phase = .closed
            pollable = false
            return [
                .failWaiters(.notConnected, includingPublishes: true), .publishState(.disconnected),
                .leaveLoop, .resumeDisconnect,
            ]
        default:
            return []
        }
    }

    private mutating func scheduleReconnect(attempt: Int) -> [Effect] {
        guard policy.enabled else {
            phase = .closed
            return [.failWaiters(.connectionLost, includingPublishes: true), .publishState(.disconnected), .leaveLoop]
        }
        let wait = attempt == 1 ? policy.initialDelay : delay
        phase = .waitingToReconnect(attempt: attempt, due: .now + wait)
        delay = min(wait * 2, policy.maximumDelay)
        return [.publishState(.reconnecting(attempt: attempt))]
    }
}
