import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The write end of the self-pipe the signal handler writes to (set once,
/// before the handler is installed; read by the handler only).
nonisolated(unsafe) private var signalPipeWriteEnd: Int32 = -1

/// The self-pipe, made once.
private let signalPipe: (read: Int32, write: Int32) = {
    var fds: [Int32] = [-1, -1]
    precondition(pipe(&fds) == 0, "cannot create the signal pipe: \(String(cString: strerror(errno)))")
    for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    signalPipeWriteEnd = fds[1]
    return (fds[0], fds[1])
}()

/// Waits until the process receives SIGINT or SIGTERM, and returns it.
/// While waiting, those signals do not end the process: the caller shuts
/// down in its own time.
///
/// A handler that only writes the signal's number to a pipe (async-signal
/// safe) and a thread that reads it: the signal arrives whichever thread the
/// kernel delivers it to. (libdispatch's signal sources use a signalfd on
/// Linux, which misses signals delivered to threads that do not block them.)
public func terminationSignal() async -> Int32 {
    let pipe = signalPipe
    for number in [SIGINT, SIGTERM] {
        signal(number) { received in
            var byte = UInt8(truncatingIfNeeded: received)
            _ = write(signalPipeWriteEnd, &byte, 1)
        }
    }
    return await withCheckedContinuation { (continuation: CheckedContinuation<Int32, Never>) in
        let reader = Thread {
            var byte: UInt8 = 0
            while read(pipe.read, &byte, 1) < 0 && errno == EINTR {}
            continuation.resume(returning: Int32(byte))
        }
        reader.start()
    }
}
