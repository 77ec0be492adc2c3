import Foundation
import Speech
import SpeechAudio
import Synchronization

/// The one thread that owns the warm recognizer: it loads it, hears utterances one at a time and swaps it (a
/// rebuilt grammar, another adaptation), in the order asked. Hearing takes about a second of CPU: on a thread of
/// its own it never holds one of Swift's cooperative threads (one per core), which typed phrases and plug
/// confirmations need, and a hundred utterances at once wait in its queue instead of starting a hundred threads.
final class RecognitionWorker: Sendable {
    /// What the worker does next, in order.
    private enum Job: Sendable {
        case hear(RecognizerAudio, CheckedContinuation<Heard, Never>)
        /// An answer to a question asked back: yes, no, or nil (neither, or no recognizer).
        case reply(RecognizerAudio, CheckedContinuation<HeardReply?, Never>)
        /// Makes the next recognizer from the current one; `then` runs once it is in place.
        case change(@Sendable (SpeechRecognizer?) -> (next: SpeechRecognizer?, then: @Sendable () -> Void))
        case stop
    }

    /// What an utterance gave.
    enum Heard: Sendable {
        case recognition(Recognition)
        /// The recognizer failed on it (the message says why).
        case failed(String)
        /// No recognizer: it could not be loaded, or speech is off.
        case unavailable
    }

    /// The jobs not yet done, and whether the worker has stopped (then jobs are answered at once, not run).
    private let queue = Mutex<(jobs: [Job], stopped: Bool)>(([], false))
    private let pending = DispatchSemaphore(value: 0)
    private let recognizer = Mutex<SpeechRecognizer?>(nil)

    /// The recognizer as it is now (nil until loaded, or when it cannot be).
    var current: SpeechRecognizer? { recognizer.withLock { $0 } }

    /// Starts the thread; its first job makes the recognizer with `load` (nil when it cannot be made).
    func start(loading load: @escaping @Sendable () -> SpeechRecognizer?) {
        enqueue(.change({ _ in (load(), {}) }))
        Thread { [self] in work() }.start()
    }

    /// Hears `audio` once the jobs before it are done.
    func hear(_ audio: RecognizerAudio) async -> Heard {
        await withCheckedContinuation { enqueue(.hear(audio, $0)) }
    }

    /// Hears `audio` as a yes or a no, once the jobs before it are done.
    func hearReply(_ audio: RecognizerAudio) async -> HeardReply? {
        await withCheckedContinuation { enqueue(.reply(audio, $0)) }
    }

    /// Runs `body` on the worker with the recognizer there is: the recognizer it returns replaces that one, and
    /// its value is returned once the replacement is in place.
    func change<Value: Sendable>(_ body: @escaping @Sendable (SpeechRecognizer?) -> (SpeechRecognizer?, Value)) async -> Value {
        await withCheckedContinuation { continuation in
            enqueue(
                .change { current in
                    let (next, value) = body(current)
                    return (next, { continuation.resume(returning: value) })
                })
        }
    }

    /// Ends the thread after the jobs already asked; later ones get no recognizer.
    func stop() { enqueue(.stop) }

    private func enqueue(_ job: Job) {
        let stopped = queue.withLock { queue in
            if !queue.stopped { queue.jobs.append(job) }
            return queue.stopped
        }
        if stopped { Self.abandon(job) } else { pending.signal() }
    }

    /// Answers a job without a recognizer: nothing waits for a worker that has stopped.
    private static func abandon(_ job: Job) {
        switch job {
        case .hear(_, let continuation): continuation.resume(returning: .unavailable)
        case .reply(_, let continuation): continuation.resume(returning: nil)
        case .change(let change): change(nil).then()
        case .stop: break
        }
    }

    private func work() {
        while true {
            pending.wait()
            guard let job = queue.withLock({ $0.jobs.isEmpty ? nil : $0.jobs.removeFirst() }) else { continue }
            switch job {
            case .hear(let audio, let continuation):
                guard let recognizer = current else {
                    continuation.resume(returning: .unavailable)
                    continue
                }
                do {
                    continuation.resume(returning: .recognition(try recognizer.recognize(audio)))
                } catch {
                    continuation.resume(returning: .failed("\(error)"))
                }
            case .reply(let audio, let continuation):
                continuation.resume(returning: try? current?.hearReply(audio))
            case .change(let change):
                let (next, then) = change(current)
                recognizer.withLock { $0 = next }
                then()
            case .stop:
                let left = queue.withLock { queue in
                    queue.stopped = true
                    defer { queue.jobs = [] }
                    return queue.jobs
                }
                left.forEach(Self.abandon)
                return
            }
        }
    }
}
