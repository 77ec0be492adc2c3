import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// One thread that drives every client of the process: it polls all their
/// sockets at once (`mosquitto_socket` + `poll`) and calls libmosquitto's
/// read, write and housekeeping functions. A thread per connection
/// (`mosquitto_loop_start`) would not scale to a thousand simulated plugs.
///
/// The thread starts when the first client registers and ends when the last
/// one is gone, so a process with no clients has no loop thread.
final class MQTTEventLoop: Sendable {
    static let shared = MQTTEventLoop()

    private struct State {
        var clients: [ObjectIdentifier: MQTTClient] = [:]
        var tasks: [@Sendable () -> Void] = []
        var pendingWrites: [MQTTClient] = []
        var wakePending = false
        var running = false
        /// The loop thread is in `poll` (or about to be): work for it needs a wake-up.
        var sleeping = false
    }

    private let state = Mutex(State())
    private let wakeRead: Int32
    private let wakeWrite: Int32

    /// How often keepalive, reconnect timers and connect timeouts are checked.
    static let tickInterval: Duration = .milliseconds(50)

    private init() {
        var fds: [Int32] = [-1, -1]
        let rc = pipe(&fds)
        precondition(rc == 0, "cannot create the MQTT event loop's wake pipe: \(String(cString: strerror(errno)))")
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        wakeRead = fds[0]
        wakeWrite = fds[1]
        raiseOpenFileLimit()
    }

    /// Adds a client to the poll set and starts the thread if needed.
    func register(_ client: MQTTClient) {
        let start = state.withLock { state -> Bool in
            state.clients[ObjectIdentifier(client)] = client
            defer { state.running = true }
            return !state.running
        }
        if start { startThread() } else { wake() }
    }

    /// Removes a client on the loop thread; `done` runs once the loop will no
    /// longer touch it.
    func unregister(_ client: MQTTClient, done: @escaping @Sendable () -> Void) {
        execute { [self] in
            state.withLock { $0.clients[ObjectIdentifier(client)] = nil }
            done()
        }
    }

    /// Runs `task` on the loop thread, before its next poll.
    func execute(_ task: @escaping @Sendable () -> Void) {
        let start = state.withLock { state -> Bool in
            state.tasks.append(task)
            defer { state.running = true }
            return !state.running
        }
        if start { startThread() } else { wake() }
    }

    /// Asks the loop to write what `client` has queued. An awake loop takes
    /// it before it sleeps again; a sleeping one is woken.
    func requestWrite(_ client: MQTTClient) {
        let needsWake = state.withLock { state -> Bool in
            state.pendingWrites.append(client)
            guard state.sleeping, !state.wakePending else { return false }
            state.wakePending = true
            return true
        }
        if needsWake { wake() }
    }

    /// Whether the loop thread is asleep in `poll`: a caller may then write
    /// a client's packets itself without contending with the loop.
    var isSleeping: Bool { state.withLock { $0.sleeping } }

    private func wake() {
        var byte: UInt8 = 1
        _ = Glibc.write(wakeWrite, &byte, 1)
    }

    private func drainWakePipe() {
        var buffer = [UInt8](repeating: 0, count: 256)
        while Glibc.read(wakeRead, &buffer, buffer.count) > 0 {}
    }

    private func startThread() {
        let thread = Thread { [self] in
            // The kernel's thread name (what `ps -L` and /proc show); Foundation's
            // `Thread.name` does not set it here.
            try? "mqtt-loop".write(toFile: "/proc/thread-self/comm", atomically: false, encoding: .utf8)
            run()
        }
        thread.start()
    }

    private func run() {
        var descriptors: [pollfd] = []
        var polled: [MQTTClient] = []
        var nextTick = ContinuousClock.now
        while true {
            // Tasks first (they may register or unregister clients), then the
            // clients as they stand after them: a client whose unregistration
            // has completed is never touched again.
            let tasks = state.withLock { state -> [@Sendable () -> Void]? in
                if state.clients.isEmpty && state.tasks.isEmpty {
                    state.running = false
                    return nil
                }
                defer { state.tasks.removeAll(keepingCapacity: true) }
                return state.tasks
            }
            guard let tasks else { return }
            for task in tasks { task() }
            let round = state.withLock { state -> (writes: [MQTTClient], clients: [MQTTClient]) in
                defer {
                    state.pendingWrites.removeAll(keepingCapacity: true)
                    state.wakePending = false
                }
                let writes = state.pendingWrites.filter { state.clients[ObjectIdentifier($0)] != nil }
                return (writes, Array(state.clients.values))
            }
            for client in round.writes { client.loopWritable() }

            descriptors.removeAll(keepingCapacity: true)
            polled.removeAll(keepingCapacity: true)
            descriptors.append(pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0))
            for client in round.clients {
                guard let (socket, wantsWrite) = client.loopPollDescriptor() else { continue }
                let events = Int16(POLLIN) | (wantsWrite ? Int16(POLLOUT) : 0)
                descriptors.append(pollfd(fd: socket, events: events, revents: 0))
                polled.append(client)
            }
            // Sleep only when nothing arrived meanwhile; from here on, new work wakes the loop.
            let mayWait = state.withLock { state -> Bool in
                guard state.pendingWrites.isEmpty, state.tasks.isEmpty else { return false }
                state.sleeping = true
                return true
            }
            let untilTick = mayWait ? max(0, (nextTick - .now).milliseconds) : 0
            let ready = poll(&descriptors, nfds_t(descriptors.count), Int32(untilTick))
            if mayWait { state.withLock { $0.sleeping = false } }
            if ready > 0 {
                if descriptors[0].revents != 0 { drainWakePipe() }
                for index in polled.indices {
                    let revents = descriptors[index + 1].revents
                    if revents == 0 { continue }
                    if revents & Int16(POLLIN | POLLERR | POLLHUP) != 0 { polled[index].loopReadable() }
                    if revents & Int16(POLLOUT) != 0 { polled[index].loopWritable() }
                }
            }
            let now = ContinuousClock.now
            if now >= nextTick {
                for client in round.clients { client.loopTick(now: now) }
                nextTick = now + Self.tickInterval
            }
        }
    }
}

extension Duration {
    /// Whole milliseconds (poll(2)'s timeout, messages).
    public var milliseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }

    /// The duration in seconds, as Foundation's `TimeInterval` counts them.
    public var timeInterval: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}

/// Raises the soft open-file limit to the hard limit, so one process can hold
/// a thousand connections (child processes inherit it, a broker among them).
public func raiseOpenFileLimit() {
    var limit = rlimit()
    guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < limit.rlim_max else { return }
    limit.rlim_cur = limit.rlim_max
    _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
}
