import Dispatch
import Foundation

/// Waits until the process receives SIGINT or SIGTERM, and returns it.
/// While waiting, those signals do not end the process: the caller shuts
/// down in its own time.
public func terminationSignal() async -> Int32 {
    await withCheckedContinuation { (continuation: CheckedContinuation<Int32, Never>) in
        let once = OneShot(continuation)
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { once.fire(number) }
            source.resume()
            once.keep(source)
        }
    }
}

/// Resumes a continuation once, and keeps the signal sources alive.
private final class OneShot: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Int32, Never>?
    private var sources: [DispatchSourceSignal] = []

    init(_ continuation: CheckedContinuation<Int32, Never>) { self.continuation = continuation }

    func keep(_ source: DispatchSourceSignal) { lock.withLock { sources.append(source) } }

    func fire(_ number: Int32) {
        let waiting = lock.withLock { () -> CheckedContinuation<Int32, Never>? in
            defer { continuation = nil }
            return continuation
        }
        waiting?.resume(returning: number)
    }
}
