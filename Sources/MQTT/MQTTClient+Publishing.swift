import Foundation

/// Publishing, subscribing, and the operations libmosquitto acknowledges:
/// QoS ≥ 1 publishes made while the connection is down wait (parked) and go
/// out in order once it is back.
extension MQTTClient {
    /// Publishes a message.
    ///
    /// - Parameters:
    ///   - topic: the topic (no wildcards).
    ///   - payload: the bytes to send (may be empty: with `retain`, that clears a retained message).
    ///   - qos: quality of service.
    ///   - retain: whether the broker keeps the message for later subscribers.
    ///   - properties: MQTT 5 response topic, correlation data and content type.
    ///   - awaitAcknowledgement: for QoS ≥ 1, wait for PUBACK (QoS 1) or PUBCOMP (QoS 2).
    /// - Throws: `MQTTError.library` (invalid topic, payload too large, not
    ///   connected at QoS 0), `.publishRefused`, `.notConnected` after `disconnect()`.
    public func publish(
        _ topic: String,
        _ payload: [UInt8],
        qos: QoS = .atMostOnce,
        retain: Bool = false,
        properties: PublishProperties = .init(),
        awaitAcknowledgement: Bool = true
    ) async throws {
        let awaited = qos != .atMostOnce && awaitAcknowledgement
        var ack: Ack?
        do {
            let mid = try startOperation(awaited: awaited) {
                try payload.withUnsafeBytes {
                    try handle.publish(topic: topic, payload: $0, qos: qos, retain: retain, properties: properties)
                }
            } describing: {
                "publishing to '\(topic)'"
            }
            ack = try await finishOperation(mid: mid, awaited: awaited, isPublish: true)
        } catch MQTTError.library(.notConnected, _) where qos != .atMostOnce {
            let message = ParkedPublish(topic: topic, payload: payload, qos: qos, retain: retain, properties: properties)
            ack = try await park(message, awaited: awaited)
        }
        if case .published(let reason)? = ack, reason >= 0x80 {
            throw MQTTError.publishRefused(topic: topic, reasonCode: reason)
        }
    }

    /// Publishes UTF-8 text. See `publish(_:_:qos:retain:properties:awaitAcknowledgement:)`.
    public func publish(
        _ topic: String,
        _ text: String,
        qos: QoS = .atMostOnce,
        retain: Bool = false,
        properties: PublishProperties = .init(),
        awaitAcknowledgement: Bool = true
    ) async throws {
        try await publish(
            topic, Array(text.utf8), qos: qos, retain: retain, properties: properties,
            awaitAcknowledgement: awaitAcknowledgement)
    }

    /// Subscribes to a topic filter (wildcards `+` and `#`, shared
    /// subscriptions `$share/group/filter`) and waits for SUBACK. The
    /// subscription is restored after every reconnect.
    ///
    /// - Throws: `MQTTError.subscriptionRefused` when the broker refuses it.
    public func subscribe(_ filter: String, qos: QoS = .atLeastOnce) async throws {
        changeState { $0.machine.subscriptionAdded(filter, qos: qos) }
        let mid = try startOperation(awaited: true) {
            try handle.subscribe(filter: filter, qos: qos)
        } describing: {
            "subscribing to '\(filter)'"
        }
        let ack = try await finishOperation(mid: mid, awaited: true, isPublish: false)
        if case .subscribed(let granted)? = ack, let code = granted.first(where: { $0 >= 0x80 }) {
            changeState { $0.machine.subscriptionRemoved(filter) }
            throw MQTTError.subscriptionRefused(filter: filter, reasonCode: code)
        }
    }

    /// Unsubscribes from a topic filter and waits for UNSUBACK.
    public func unsubscribe(_ filter: String) async throws {
        changeState { $0.machine.subscriptionRemoved(filter) }
        let mid = try startOperation(awaited: true) {
            try handle.unsubscribe(filter: filter)
        } describing: {
            "unsubscribing from '\(filter)'"
        }
        _ = try await finishOperation(mid: mid, awaited: true, isPublish: false)
    }

    /// Keeps a QoS ≥ 1 publish until the connection is back (libmosquitto
    /// refuses to queue while disconnected). If the connection came back in
    /// the meantime, the message is sent now.
    private func park(_ message: ParkedPublish, awaited: Bool) async throws -> Ack? {
        enum Outcome { case parked, sendNow, closed }
        let outcome = changeState { state -> Outcome in
            switch state.machine.phase {
            case .connected: return .sendNow
            case .connecting, .waitingToReconnect, .reconnecting: return .parked
            case .idle, .disconnecting, .closed: return .closed
            }
        }
        switch outcome {
        case .closed:
            throw MQTTError.notConnected
        case .sendNow:
            try await publish(
                message.topic, message.payload, qos: message.qos, retain: message.retain,
                properties: message.properties, awaitAcknowledgement: awaited)
            return nil
        case .parked:
            guard awaited else {
                try parkNow(message)
                return nil
            }
            awaitedOperations.wrappingAdd(1, ordering: .sequentiallyConsistent)
            defer { awaitedOperations.wrappingSubtract(1, ordering: .sequentiallyConsistent) }
            return try await withCheckedThrowingContinuation { continuation in
                var waiting = message
                waiting.waiter = continuation
                do { try parkNow(waiting) } catch { continuation.resume(throwing: error) }
            }
        }
    }

    private func parkNow(_ message: ParkedPublish) throws {
        let parked = changeState { state -> Bool in
            guard state.machine.phase != .closed else { return false }
            state.parked.append(message)
            return true
        }
        if !parked { throw MQTTError.notConnected }
        // The connection may have come back between the check and now.
        if connectionState == .connected { loop.execute { [self] in sendParked() } }
    }

    /// Sends the parked publishes, in order. Runs on the loop thread, so no
    /// acknowledgement can be handled before its waiter is registered.
    func sendParked() {
        let parked = changeState { state -> [ParkedPublish] in
            guard state.machine.phase == .connected else { return [] }
            defer { state.parked.removeAll() }
            return state.parked
        }
        for message in parked {
            let result = message.payload.withUnsafeBytes { bytes in
                Result { () throws(MosquittoError) in
                    try handle.publish(
                        topic: message.topic, payload: bytes, qos: message.qos, retain: message.retain,
                        properties: message.properties)
                }
            }
            switch result {
            case .success(let mid):
                if let waiter = message.waiter { state.withLock { $0.publishWaiters[mid] = waiter } }
            case .failure(let error):
                message.waiter?.resume(throwing: MQTTError.library(error, operation: "publishing to '\(message.topic)'"))
            }
        }
        if !parked.isEmpty { loop.requestWrite(self) }
    }

    /// Queues a packet with libmosquitto. For an awaited operation, an
    /// acknowledgement that arrives before its waiter is registered is kept
    /// (`earlyAcks`) until `finishOperation` claims it.
    private func startOperation(awaited: Bool, _ queue: () throws -> Int32, describing: () -> String) throws -> Int32 {
        if awaited {
            let closed = changeState { state -> Bool in
                if state.machine.phase == .closed { return true }
                state.operationsStarting += 1
                return false
            }
            if closed { throw MQTTError.notConnected }
            awaitedOperations.wrappingAdd(1, ordering: .sequentiallyConsistent)
        }
        do {
            return try usingHandle {
                let mid = try queue()
                flush()
                return mid
            }
        } catch {
            if awaited {
                changeState { state in
                    state.operationsStarting -= 1
                    if state.operationsStarting == 0 { state.earlyAcks.removeAll() }
                }
                awaitedOperations.wrappingSubtract(1, ordering: .sequentiallyConsistent)
            }
            if let error = error as? MosquittoError { throw MQTTError.library(error, operation: describing()) }
            throw error
        }
    }

    private func finishOperation(mid: Int32, awaited: Bool, isPublish: Bool) async throws -> Ack? {
        guard awaited else { return nil }
        defer { awaitedOperations.wrappingSubtract(1, ordering: .sequentiallyConsistent) }
        return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Ack, Error>) in
            let early = changeState { state -> Ack? in
                state.operationsStarting -= 1
                defer { if state.operationsStarting == 0 { state.earlyAcks.removeAll() } }
                if let ack = state.earlyAcks.removeValue(forKey: mid) { return ack }
                if state.machine.phase == .closed {
                    continuation.resume(throwing: MQTTError.notConnected)
                    return nil
                }
                if isPublish { state.publishWaiters[mid] = continuation } else { state.otherWaiters[mid] = continuation }
                return nil
            }
            if let early { continuation.resume(returning: early) }
        }
    }

    /// Gets queued packets onto the wire. When the loop thread sleeps, the
    /// calling thread writes a plain TCP connection's packets itself (saving
    /// a wake-up; libmosquitto's write path has its own mutexes); when the
    /// loop is awake it takes them before sleeping again, so the two never
    /// contend. TLS connections are only ever read and written by the loop.
    private func flush() {
        if configuration.tls == nil, liveConnected.load(ordering: .acquiring), livePollable.load(ordering: .acquiring),
            loop.isSleeping, handle.loopWrite() == nil, !handle.wantsWrite
        {
            return
        }
        loop.requestWrite(self)
    }
}
