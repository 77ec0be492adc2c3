import Foundation

/// What the event-loop thread hands the client (libmosquitto's callbacks and
/// its socket's readiness), and the state machine's effects.
extension MQTTClient {
    /// Handles an event from a libmosquitto callback. Runs on the loop thread
    /// and only hands the event over: no blocking, no call that waits on the loop.
    func handle(_ event: MosquittoEvent) {
        switch event {
        case .message(let message):
            messageSink.yield(message)
        case .connected(let reasonCode, _):
            perform(changeState { $0.machine.connackReceived(reasonCode: reasonCode) })
        case .disconnected(let reasonCode):
            let error: MQTTError =
                reasonCode == 0 ? .notConnected : .library(MosquittoError(rawValue: reasonCode), operation: "the connection")
            perform(changeState { $0.machine.connectionEnded(error: error) })
        case .published(let mid, let reasonCode):
            acknowledge(mid: mid, .published(reasonCode: reasonCode), isPublish: true)
        case .subscribed(let mid, let granted):
            acknowledge(mid: mid, .subscribed(grantedQoS: granted), isPublish: false)
        case .unsubscribed(let mid):
            acknowledge(mid: mid, .unsubscribed, isPublish: false)
        }
    }

    private func acknowledge(mid: Int32, _ ack: Ack, isPublish: Bool) {
        // Nobody awaits an acknowledgement (for example QoS 1 without waiting).
        guard awaitedOperations.load(ordering: .sequentiallyConsistent) > 0 || !isPublish else { return }
        let waiter = state.withLock { state -> CheckedContinuation<Ack, Error>? in
            let waiter = isPublish ? state.publishWaiters.removeValue(forKey: mid) : state.otherWaiters.removeValue(forKey: mid)
            if waiter == nil, state.operationsStarting > 0 { state.earlyAcks[mid] = ack }
            return waiter
        }
        waiter?.resume(returning: ack)
    }

    /// The socket and whether to poll for writing, or nil when the loop must
    /// not touch the handle now.
    func loopPollDescriptor() -> (Int32, Bool)? {
        guard livePollable.load(ordering: .acquiring) else { return nil }
        let socket = handle.socket
        return socket >= 0 ? (socket, handle.wantsWrite) : nil
    }

    func loopReadable() {
        guard livePollable.load(ordering: .acquiring) else { return }
        // libmosquitto reads as many packets per call as it has messages in
        // flight (often one): read on while the socket holds more, so a PUBACK
        // and a PUBLISH that arrive together take one turn of the loop.
        for _ in 0..<16 {
            if let error = handle.loopRead() {
                loopFailed(error)
                return
            }
            guard handle.hasPendingInput else { break }
        }
        if handle.wantsWrite { loopWritable() }
    }

    func loopWritable() {
        guard livePollable.load(ordering: .acquiring), handle.socket >= 0 else { return }
        if let error = handle.loopWrite() { loopFailed(error) }
    }

    func loopTick(now: ContinuousClock.Instant) {
        let config = configuration
        let timeout = MQTTError.connectTimeout(
            host: config.host, port: config.port,
            seconds: config.connectTimeout.timeInterval)
        let (effects, pollable) = changeState { ($0.machine.tick(now: now, connectTimeoutError: timeout), $0.machine.pollable) }
        perform(effects)
        if pollable, handle.socket >= 0, let error = handle.loopMisc() { loopFailed(error) }
    }

    /// A read or write failed: libmosquitto has closed the socket (and
    /// normally reported it through the disconnect callback already; the
    /// state machine ignores the repeat).
    private func loopFailed(_ error: MosquittoError) {
        guard handle.socket < 0 else { return }
        perform(changeState { $0.machine.connectionEnded(error: .library(error, operation: "the connection")) })
    }

    // MARK: Effects

    func perform(_ effects: [ClientStateMachine.Effect]) {
        for effect in effects {
            switch effect {
            case .resumeConnect(let result):
                let waiter = state.withLock { state -> CheckedContinuation<Void, Error>? in
                    defer { state.connectWaiter = nil }
                    return state.connectWaiter
                }
                waiter?.resume(with: result.mapError { $0 as Error })
            case .resumeDisconnect:
                let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
                    defer { state.disconnectWaiters.removeAll() }
                    return state.disconnectWaiters
                }
                for waiter in waiters { waiter.resume() }
            case .startReconnect:
                openSocket(operation: "reconnecting") { try $0.reconnect() }
            case .restoreSubscriptions(let subscriptions):
                for (filter, qos) in subscriptions {
                    _ = try? handle.subscribe(filter: filter, qos: qos)
                }
                sendParked()
            case .failWaiters(let error, let includingPublishes):
                let waiters = state.withLock { state -> [CheckedContinuation<Ack, Error>] in
                    var waiters = Array(state.otherWaiters.values)
                    state.otherWaiters.removeAll()
                    if includingPublishes {
                        waiters += state.publishWaiters.values
                        waiters += state.parked.compactMap(\.waiter)
                        state.publishWaiters.removeAll()
                        state.parked.removeAll()
                    }
                    return waiters
                }
                for waiter in waiters { waiter.resume(throwing: error) }
            case .publishState(let connectionState):
                publish(state: connectionState)
            case .leaveLoop:
                loop.unregister(self) {}
            }
        }
    }

    func publish(state connectionState: ConnectionState) {
        let observers = state.withLock { Array($0.observers.values) }
        for observer in observers { observer.yield(connectionState) }
    }
}
