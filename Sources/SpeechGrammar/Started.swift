import Foundation
import PocketSphinx

/// A value made on a thread of its own from the moment it is created; `value()` waits for it. Not on Dispatch's
/// global queues: their few threads (one per core) serve the whole process, and a second or so of loading a model
/// on one would hold up their other work.
package final class Started<Value>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    /// Written once, before `done` is signalled; read only after.
    private var result: Result<Value, any Error> = .failure(SpeechError.decoder("not made yet"))

    package init(_ make: @escaping @Sendable () throws -> Value) {
        Thread {
            self.result = Result { try make() }
            self.done.signal()
        }.start()
    }

    /// The value, or what making it threw.
    package func value() throws -> Value {
        done.wait()
        done.signal()  // for a later call
        return try result.get()
    }
}
