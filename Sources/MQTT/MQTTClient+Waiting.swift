import Foundation

#if canImport(Glibc)
    import Glibc
#endif

extension MQTTError {
    /// Whether trying again may succeed: the broker is not there yet, or the network is not (a service started at
    /// boot before its broker). A refused login, a TLS failure or a bad URL are not cured by waiting.
    public var isTransient: Bool {
        switch self {
        case .connectTimeout, .connectionLost: true
        case .library(let error, _):
            error == .connectionLost || error == .notConnected || error == .lookup
                || (error == .errno && Self.transientErrnos.contains(error.systemErrno))
        default: false
        }
    }

    /// The operating system's errors of a broker or network not there yet.
    private static let transientErrnos: Set<Int32> = [ECONNREFUSED, ECONNRESET, EHOSTUNREACH, ENETUNREACH, ETIMEDOUT, EAGAIN]
}

extension MQTTClient {
    /// Connects; while the broker cannot be reached (`MQTTError.isTransient`), tries again after a pause that doubles
    /// from 250 ms to `cap`, telling `waiting` of the first failure. `pause` waits between attempts and returns true to
    /// give up (a stop was asked for): then this returns false.
    ///
    /// - Throws: the first error that trying again would not cure.
    public func connect(
        waitingUpTo cap: Duration = .seconds(5), waiting: (MQTTError) -> Void, pause: (Duration) async -> Bool
    ) async throws -> Bool {
        var delay = Duration.milliseconds(250)
        var told = false
        while true {
            do {
                try await connect()
                return true
            } catch let error as MQTTError where error.isTransient {
                if !told {
                    waiting(error)
                    told = true
                }
                if await pause(delay) { return false }
                delay = min(cap, delay * 2)
            }
        }
    }
}
