import Foundation
import Synchronization

/// An MQTT 3.1.1 / 5 client over libmosquitto with an async Swift API.
///
/// ```swift
/// try await MQTTClient.withClient(MQTTConfiguration(url: "mqtt://127.0.0.1:1883")) { client in
///     try await client.subscribe("stat/+/POWER")
///     try await client.publish("cmnd/lamp/POWER", "ON", qos: .atLeastOnce)
///     for await message in client.messages { … }
/// }
/// ```
///
/// Every client of the process is driven by one shared event-loop thread.
/// The client reconnects by itself after a lost connection (capped
/// exponential backoff) and restores its subscriptions; `states()` shows it.
/// A client that was disconnected cannot connect again: make a new one.
public final class MQTTClient: Sendable {
    /// The configuration the client was made with.
    public let configuration: MQTTConfiguration
    /// The client identifier sent to the broker.
    public let clientID: String
    /// Every message that arrives for the client's subscriptions, in order.
    /// Iterate it from one task; it ends when the client is disconnected.
    public let messages: AsyncStream<MQTTMessage>

    let handle: Mosquitto
    private let messageSink: AsyncStream<MQTTMessage>.Continuation
    private let loop = MQTTEventLoop.shared
    private let state: Mutex<State>

    enum Ack {
        case published(reasonCode: Int32)
        case subscribed(grantedQoS: [Int32])
        case unsubscribed
    }

    struct State {
        var machine: ClientStateMachine
        var connectWaiter: CheckedContinuation<Void, Error>?
        var disconnectWaiters: [CheckedContinuation<Void, Never>] = []
        var publishWaiters: [Int32: CheckedContinuation<Ack, Error>] = [:]
        var otherWaiters: [Int32: CheckedContinuation<Ack, Error>] = [:]
        var earlyAcks: [Int32: Ack] = [:]
        var operationsStarting = 0
        var observers: [Int: AsyncStream<ConnectionState>.Continuation] = [:]
        var nextObserver = 0
        /// QoS ≥ 1 publishes made while the connection was down, sent in
        /// order as soon as it is back.
        var parked: [ParkedPublish] = []
    }

    struct ParkedPublish {
        var topic: String
        var payload: [UInt8]
        var qos: QoS
        var retain: Bool
        var properties: PublishProperties
        var waiter: CheckedContinuation<Ack, Error>?
    }

    /// Creates a client; it does not connect yet.
    ///
    /// - Throws: `MQTTError.library` when libmosquitto rejects a setting
    ///   (for example a TLS file that cannot be read).
    public init(_ configuration: MQTTConfiguration) throws {
        self.configuration = configuration
        let id = configuration.clientID ?? "voiceplug-\(UUID().uuidString.prefix(13).lowercased())"
        self.clientID = id
        (messages, messageSink) = AsyncStream.makeStream(of: MQTTMessage.self, bufferingPolicy: .unbounded)
        state = Mutex(State(machine: ClientStateMachine(policy: configuration.reconnect)))
        do {
            handle = try Mosquitto.create(clientID: id, cleanStart: configuration.cleanSession)
        } catch {
            throw MQTTError.library(error, operation: "creating the MQTT client")
        }
        do {
            try handle.setProtocolVersion(configuration.protocolVersion)
            try handle.setTCPNoDelay(configuration.tcpNoDelay)
            if let credentials = configuration.credentials {
                try handle.setCredentials(username: credentials.username, password: credentials.password)
            }
            if let tls = configuration.tls { try handle.setTLS(tls) }
            if let will = configuration.will { try handle.setWill(will) }
        } catch {
            handle.destroy()
            throw MQTTError.library(error, operation: "configuring the MQTT client")
        }
        // The loop's registration holds the client strongly while callbacks can
        // run, so the callbacks may use an unretained pointer.
        handle.setUserData(Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        messageSink.finish()
        destroyHandleOnce()
    }

    // MARK: State and the handle

    /// Mirrors of the state machine's `pollable` and "connected", refreshed
    /// under the lock after every change, so the per-message path (the loop's
    /// reads and writes, `flush`) takes no lock.
    private let livePollable = Atomic<Bool>(false)
    private let liveConnected = Atomic<Bool>(false)
    /// Awaited operations between queueing and registering their waiter, and
    /// waiting: acknowledgements need the lock only while this is not zero.
    private let awaitedOperations = Atomic<Int>(0)
    /// Callers inside libmosquitto outside the loop thread, and the release
    /// protocol of `disconnect()`: the handle is freed exactly once, by
    /// whoever finds it unused after the release was requested.
    private let handleUsers = Atomic<Int>(0)
    private let handleReleaseRequested = Atomic<Bool>(false)
    private let handleDestroyed = Atomic<Bool>(false)

    /// Changes the state under the lock and refreshes the atomic mirrors.
    private func changeState<R>(_ body: (inout State) -> R) -> R {
        state.withLock { state in
            let result = body(&state)
            livePollable.store(state.machine.pollable, ordering: .releasing)
            liveConnected.store(state.machine.phase == .connected, ordering: .releasing)
            return result
        }
    }

    /// Runs `body` with the handle from a thread other than the loop's; the
    /// handle is not freed meanwhile. Throws `notConnected` once it is.
    private func usingHandle<R>(_ body: () throws -> R) throws -> R {
        handleUsers.wrappingAdd(1, ordering: .sequentiallyConsistent)
        defer {
            let remaining = handleUsers.wrappingSubtract(1, ordering: .sequentiallyConsistent).newValue
            if remaining == 0 && handleReleaseRequested.load(ordering: .sequentiallyConsistent) { destroyHandleOnce() }
        }
        if handleReleaseRequested.load(ordering: .sequentiallyConsistent) { throw MQTTError.notConnected }
        return try body()
    }

    /// Frees the handle as soon as no caller is inside libmosquitto.
    private func releaseHandleWhenUnused() {
        handleReleaseRequested.store(true, ordering: .sequentiallyConsistent)
        if handleUsers.load(ordering: .sequentiallyConsistent) == 0 { destroyHandleOnce() }
    }

    private func destroyHandleOnce() {
        if handleDestroyed.compareExchange(expected: false, desired: true, ordering: .sequentiallyConsistent).exchanged {
            handle.destroy()
        }
    }

    /// Connects a new client, runs `body`, and always disconnects afterwards,
    /// also when `body` throws.
    public static func withClient<Result>(
        _ configuration: MQTTConfiguration,
        _ body: (MQTTClient) async throws -> Result
    ) async throws -> Result {
        let client = try MQTTClient(configuration)
        try await client.connect()
        do {
            let result = try await body(client)
            await client.disconnect()
            return result
        } catch {
            await client.disconnect()
            throw error
        }
    }

    // MARK: Connection

    /// The current connection state.
    public var connectionState: ConnectionState {
        changeState { $0.machine.connectionState }
    }

    /// Connection states as they change, starting with the current one.
    public func states() -> AsyncStream<ConnectionState> {
        let (stream, continuation) = AsyncStream.makeStream(of: ConnectionState.self, bufferingPolicy: .unbounded)
        let id = state.withLock { state -> Int in
            state.nextObserver += 1
            state.observers[state.nextObserver] = continuation
            continuation.yield(state.machine.connectionState)
            return state.nextObserver
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.observers.removeValue(forKey: id) }
        }
        return stream
    }

    /// Connects and waits for the broker to accept the session (CONNACK).
    ///
    /// - Throws: `MQTTError.connectionRefused` (for example not authorised),
    ///   `.connectTimeout`, or `.library` with libmosquitto's message (for
    ///   example connection refused, TLS failure).
    public func connect() async throws {
        let config = configuration
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, Error>) in
            let accepted = changeState { state -> Bool in
                guard state.machine.connectRequested(timeout: config.connectTimeout) else { return false }
                state.connectWaiter = continuation
                return true
            }
            guard accepted else {
                continuation.resume(throwing: MQTTError.notConnected)
                return
            }
            publish(state: .connecting)
            loop.register(self)
            let expiry: UInt32? = config.protocolVersion == .v5 && !config.cleanSession ? config.sessionExpiry : nil
            openSocket(operation: "connecting to \(config.host):\(config.port)") { handle in
                try handle.connect(host: config.host, port: config.port, keepalive: config.keepalive, sessionExpiry: expiry)
            }
        }
    }

    /// Runs a blocking (re)connect on a thread of its own (it must neither wait
    /// for nor hold a shared pool), then tells the state machine how it went.
    private func openSocket(operation: String, _ open: @escaping @Sendable (Mosquitto) throws -> Void) {
        Thread { [self] in
            switch Result(catching: { try usingHandle { try open(handle) } }) {
            case .success:
                perform(changeState { $0.machine.socketOpened() })
                loop.requestWrite(self)
            case .failure(let error as MosquittoError):
                perform(changeState { $0.machine.socketFailed(.library(error, operation: operation)) })
            case .failure:
                break  // disconnected meanwhile
            }
        }.start()
    }

    /// Sends DISCONNECT (so the broker does not publish the will), stops
    /// reconnecting, fails what is still waiting with `.notConnected`, ends
    /// `messages`, and returns once the event loop has let go of the client.
    ///
    /// - Parameter publishingWill: with MQTT 5, ask the broker to publish the
    ///   will all the same (reason code 0x04), as if the connection had been lost.
    public func disconnect(publishingWill: Bool = false) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let (send, effects) = changeState { state in
                state.disconnectWaiters.append(continuation)
                return state.machine.disconnectRequested(timeout: .seconds(2))
            }
            if send {
                if (try? usingHandle({ try handle.disconnect(publishingWill: publishingWill) })) != nil {
                    loop.requestWrite(self)
                } else {
                    perform(changeState { $0.machine.connectionEnded(error: .notConnected) })
                }
            }
            perform(effects)
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            loop.unregister(self) { continuation.resume() }
        }
        // The loop has let go: free libmosquitto's resources now (its socket
        // pair included) rather than when the last reference goes.
        releaseHandleWhenUnused()
        messageSink.finish()
    }

    // MARK: Publish and subscribe

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
                try payload.withUnsafeBytes { try handle.publish(topic: topic, payload: $0, qos: qos, retain: retain, properties: properties) }
            } describing: { "publishing to '\(topic)'" }
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
        try await publish(topic, Array(text.utf8), qos: qos, retain: retain, properties: properties,
                          awaitAcknowledgement: awaitAcknowledgement)
    }

    /// Subscribes to a topic filter (wildcards `+` and `#`, shared
    /// subscriptions `$share/group/filter`) and waits for SUBACK. The
    /// subscription is restored after every reconnect.
    ///
    /// - Throws: `MQTTError.subscriptionRefused` when the broker refuses it.
    public func subscribe(_ filter: String, qos: QoS = .atLeastOnce) async throws {
        changeState { $0.machine.subscriptionAdded(filter, qos: qos) }
        let mid = try startOperation(awaited: true) { try handle.subscribe(filter: filter, qos: qos) } describing: { "subscribing to '\(filter)'" }
        let ack = try await finishOperation(mid: mid, awaited: true, isPublish: false)
        if case .subscribed(let granted)? = ack, let code = granted.first(where: { $0 >= 0x80 }) {
            changeState { $0.machine.subscriptionRemoved(filter) }
            throw MQTTError.subscriptionRefused(filter: filter, reasonCode: code)
        }
    }

    /// Unsubscribes from a topic filter and waits for UNSUBACK.
    public func unsubscribe(_ filter: String) async throws {
        changeState { $0.machine.subscriptionRemoved(filter) }
        let mid = try startOperation(awaited: true) { try handle.unsubscribe(filter: filter) } describing: { "unsubscribing from '\(filter)'" }
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
            try await publish(message.topic, message.payload, qos: message.qos, retain: message.retain,
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
    private func sendParked() {
        let parked = changeState { state -> [ParkedPublish] in
            guard state.machine.phase == .connected else { return [] }
            defer { state.parked.removeAll() }
            return state.parked
        }
        for message in parked {
            let result = message.payload.withUnsafeBytes { bytes in
                Result { () throws(MosquittoError) in
                    try handle.publish(topic: message.topic, payload: bytes, qos: message.qos, retain: message.retain,
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
           loop.isSleeping, handle.loopWrite() == nil, !handle.wantsWrite {
            return
        }
        loop.requestWrite(self)
    }

    // MARK: Events (event loop thread)

    /// Handles an event from a libmosquitto callback. Runs on the loop thread
    /// and only hands the event over: no blocking, no call that waits on the loop.
    func handle(_ event: MosquittoEvent) {
        switch event {
        case .message(let message):
            messageSink.yield(message)
        case .connected(let reasonCode, _):
            perform(changeState { $0.machine.connackReceived(reasonCode: reasonCode) })
        case .disconnected(let reasonCode):
            let error: MQTTError = reasonCode == 0 ? .notConnected : .library(MosquittoError(rawValue: reasonCode), operation: "the connection")
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
        let timeout = MQTTError.connectTimeout(host: config.host, port: config.port,
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

    private func perform(_ effects: [ClientStateMachine.Effect]) {
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

    private func publish(state connectionState: ConnectionState) {
        let observers = state.withLock { Array($0.observers.values) }
        for observer in observers { observer.yield(connectionState) }
    }
}

