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
    let messageSink: AsyncStream<MQTTMessage>.Continuation
    let loop = MQTTEventLoop.shared
    let state: Mutex<State>

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
    let livePollable = Atomic<Bool>(false)
    let liveConnected = Atomic<Bool>(false)
    /// Awaited operations between queueing and registering their waiter, and
    /// waiting: acknowledgements need the lock only while this is not zero.
    let awaitedOperations = Atomic<Int>(0)
    /// Callers inside libmosquitto outside the loop thread, and the release
    /// protocol of `disconnect()`: the handle is freed exactly once, by
    /// whoever finds it unused after the release was requested.
    private let handleUsers = Atomic<Int>(0)
    private let handleReleaseRequested = Atomic<Bool>(false)
    private let handleDestroyed = Atomic<Bool>(false)

    /// Changes the state under the lock and refreshes the atomic mirrors.
    func changeState<R>(_ body: (inout State) -> R) -> R {
        state.withLock { state in
            let result = body(&state)
            livePollable.store(state.machine.pollable, ordering: .releasing)
            liveConnected.store(state.machine.phase == .connected, ordering: .releasing)
            return result
        }
    }

    /// Runs `body` with the handle from a thread other than the loop's; the
    /// handle is not freed meanwhile. Throws `notConnected` once it is.
    func usingHandle<R>(_ body: () throws -> R) throws -> R {
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
    func openSocket(operation: String, _ open: @escaping @Sendable (Mosquitto) throws -> Void) {
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
}
