import CMicroHTTPD
import Dispatch
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The one boundary to libmicrohttpd: a daemon with a listening thread and a thread per connection. Each C
/// function is called from one place here; no C pointer or type leaves this file.
///
/// The callbacks capture nothing: they find the `MicroHTTPD` object through the user-data pointer (retained
/// while the daemon runs), read the request into a `Transfer` kept in the connection's slot, and hand the
/// finished request to `respond`, which runs the Swift handler in a task and blocks only the connection's own
/// thread until it answers.
final class MicroHTTPD: Sendable {
    /// The raw daemon pointer, as a bit pattern (set once after start).
    private let daemon = Mutex<Int>(0)
    private let handler: @Sendable (HTTPRequest) async -> HTTPResponse
    private let bodyLimit: Int
    /// The streams being sent, ended when the server stops.
    private let streams = Mutex<[ObjectIdentifier: HTTPStream]>([:])

    init(bodyLimit: Int, handler: @escaping @Sendable (HTTPRequest) async -> HTTPResponse) {
        self.bodyLimit = bodyLimit
        self.handler = handler
    }

    /// Starts listening (`MHD_start_daemon`); returns the port bound (the system's choice for port 0).
    func start(address: String, port: UInt16, connectionLimit: Int, idleTimeout: Int) throws(HTTPServerError) -> UInt16 {
        var v4 = sockaddr_in()
        var v6 = sockaddr_in6()
        let isV6: Bool
        if inet_pton(AF_INET, address, &v4.sin_addr) == 1 {
            v4.sin_family = sa_family_t(AF_INET)
            v4.sin_port = port.bigEndian
            isV6 = false
        } else if inet_pton(AF_INET6, address, &v6.sin6_addr) == 1 {
            v6.sin6_family = sa_family_t(AF_INET6)
            v6.sin6_port = port.bigEndian
            isV6 = true
        } else {
            throw .invalidAddress(address)
        }
        var flags = MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_THREAD_PER_CONNECTION.rawValue | MHD_USE_POLL.rawValue
        if isV6 { flags |= MHD_USE_IPv6.rawValue }
        let context = Unmanaged.passRetained(self).toOpaque()
        errno = 0
        let started: OpaquePointer? =
            if isV6 {
                withUnsafePointer(to: &v6) { pointer in
                    pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { start(flags, $0, context, connectionLimit, idleTimeout) }
                }
            } else {
                withUnsafePointer(to: &v4) { pointer in
                    pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { start(flags, $0, context, connectionLimit, idleTimeout) }
                }
            }
        guard let started else {
            let code = errno
            Unmanaged<MicroHTTPD>.fromOpaque(context).release()
            throw .cannotListen(address: address, port: port, errno: code)
        }
        daemon.withLock { $0 = Int(bitPattern: UnsafeRawPointer(started)) }
        return voiceplug_mhd_bound_port(started)
    }

    private func start(
        _ flags: UInt32, _ address: UnsafePointer<sockaddr>, _ context: UnsafeMutableRawPointer, _ connectionLimit: Int, _ idleTimeout: Int
    ) -> OpaquePointer? {
        voiceplug_mhd_start(
            flags, address, accessHandler, context, requestCompleted, context, UInt32(connectionLimit), UInt32(idleTimeout),
            Self.threadStackSize, Self.connectionMemory)
    }

    /// Small stacks: a connection thread only copies bytes and waits; the handler runs in Swift's task pool.
    static let threadStackSize = 256 << 10
    /// Each connection's buffer for its request line and header fields (libmicrohttpd's own pool).
    static let connectionMemory = 64 << 10

    /// Stops accepting, ends the open streams, waits for the connections' threads, frees the daemon
    /// (`MHD_stop_daemon`) and the retain on this object. Blocks: call it off the task pool.
    func stop() {
        let raw = daemon.withLock { raw in
            defer { raw = 0 }
            return raw
        }
        guard raw != 0, let pointer = OpaquePointer(bitPattern: raw) else { return }
        _ = MHD_quiesce_daemon(pointer)
        for stream in streams.withLock({ Array($0.values) }) { stream.close() }
        MHD_stop_daemon(pointer)
        Unmanaged.passUnretained(self).release()
    }

    // MARK: Called from the callbacks, on the connection's thread

    /// A request being read: its line and header fields at first, then its body in pieces.
    final class Transfer {
        var request: HTTPRequest
        var tooLarge = false
        init(_ request: HTTPRequest) { self.request = request }
    }

    fileprivate func begin(_ connection: OpaquePointer, method: String, path: String) -> Transfer {
        Transfer(
            HTTPRequest(
                method: method, path: path, query: values(of: connection, .GET_ARGUMENT_KIND),
                headers: values(of: connection, .HEADER_KIND)))
    }

    /// Whether a request announcing `length` bytes may be read at all.
    fileprivate func accepts(announced length: String?) -> Bool {
        guard let length, let count = Int(length) else { return true }
        return count <= bodyLimit
    }

    fileprivate func append(_ bytes: UnsafeRawBufferPointer, to transfer: Transfer) {
        guard !transfer.tooLarge else { return }
        guard transfer.request.body.count + bytes.count <= bodyLimit else {
            transfer.tooLarge = true
            transfer.request.body = []
            return
        }
        transfer.request.body.append(contentsOf: bytes)
    }

    /// Runs the handler in a task and waits for its response on this (the connection's) thread.
    fileprivate func respond(to request: HTTPRequest) -> HTTPResponse {
        let answer = Mutex<HTTPResponse?>(nil)
        let done = DispatchSemaphore(value: 0)
        let handler = handler
        Task {
            let response = await handler(request)
            answer.withLock { $0 = response }
            done.signal()
        }
        done.wait()
        return answer.withLock { $0 } ?? HTTPResponse(status: 500)
    }

    fileprivate func payloadTooLarge() -> HTTPResponse {
        let message = "{\"error\":\"payload_too_large\",\"message\":\"the request body is over \(bodyLimit) bytes\"}"
        return HTTPResponse(status: 413, contentType: "application/json", body: Array(message.utf8))
    }

    /// Hands `response` to libmicrohttpd (`MHD_create_response_from_buffer` or `_from_callback`,
    /// `MHD_add_response_header`, `MHD_queue_response`).
    fileprivate func queue(_ response: HTTPResponse, on connection: OpaquePointer) -> MHD_Result {
        let made: OpaquePointer?
        switch response.body {
        case .bytes(let bytes):
            made = bytes.withUnsafeBytes { buffer in
                MHD_create_response_from_buffer(buffer.count, UnsafeMutableRawPointer(mutating: buffer.baseAddress), .RESPMEM_MUST_COPY)
            }
        case .stream(let stream):
            streams.withLock { $0[ObjectIdentifier(stream)] = stream }
            let context = Unmanaged.passRetained(StreamContext(stream: stream, server: self)).toOpaque()
            made = MHD_create_response_from_callback(UInt64.max, 16 << 10, readStream, context, freeStream)
            if made == nil { Unmanaged<StreamContext>.fromOpaque(context).release() }
        }
        guard let made else { return .NO }
        for (name, value) in response.headers { _ = MHD_add_response_header(made, name, value) }
        let queued = MHD_queue_response(connection, UInt32(response.status), made)
        MHD_destroy_response(made)
        return queued
    }

    fileprivate func ended(_ stream: HTTPStream) {
        _ = streams.withLock { $0.removeValue(forKey: ObjectIdentifier(stream)) }
        stream.abandon()
    }

    /// The connection's values of one kind (`MHD_get_connection_values`): header fields or query arguments.
    private func values(of connection: OpaquePointer, _ kind: MHD_ValueKind) -> [String: String] {
        final class Collected { var values: [String: String] = [:] }
        let collected = Collected()
        withExtendedLifetime(collected) {
            _ = MHD_get_connection_values(
                connection, kind,
                { context, _, key, value in
                    guard let context, let key else { return .YES }
                    let collected = Unmanaged<Collected>.fromOpaque(context).takeUnretainedValue()
                    let name = String(decoding: UnsafeRawBufferPointer(start: key, count: strlen(key)), as: UTF8.self)
                    collected.values[name.lowercased()] = value.map { String(cString: $0) } ?? ""
                    return .YES
                }, Unmanaged.passUnretained(collected).toOpaque())
        }
        return collected.values
    }
}

/// A stream being sent and the server that tracks it (the reader callback's user data).
private final class StreamContext {
    let stream: HTTPStream
    let server: MicroHTTPD
    init(stream: HTTPStream, server: MicroHTTPD) {
        self.stream = stream
        self.server = server
    }
}

/// `MHD_AccessHandlerCallback`: called once with the header fields, then with each piece of the body, then once
/// more when the body is complete (the request is answered then).
private func accessHandler(
    context: UnsafeMutableRawPointer?, connection: OpaquePointer?, url: UnsafePointer<CChar>?, method: UnsafePointer<CChar>?,
    version: UnsafePointer<CChar>?, upload: UnsafePointer<CChar>?, uploadSize: UnsafeMutablePointer<Int>?,
    slot: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
) -> MHD_Result {
    guard let context, let connection, let url, let method, let uploadSize, let slot else { return .NO }
    let server = Unmanaged<MicroHTTPD>.fromOpaque(context).takeUnretainedValue()
    guard let existing = slot.pointee else {
        let transfer = server.begin(connection, method: String(cString: method), path: String(cString: url))
        slot.pointee = Unmanaged.passRetained(transfer).toOpaque()
        // A body announced over the limit is refused before it is read.
        if !server.accepts(announced: transfer.request.header("content-length")) {
            transfer.tooLarge = true
            return server.queue(server.payloadTooLarge(), on: connection)
        }
        return .YES
    }
    let transfer = Unmanaged<MicroHTTPD.Transfer>.fromOpaque(existing).takeUnretainedValue()
    if uploadSize.pointee > 0 {
        if let upload { server.append(UnsafeRawBufferPointer(start: upload, count: uploadSize.pointee), to: transfer) }
        uploadSize.pointee = 0
        return .YES
    }
    if transfer.tooLarge { return server.queue(server.payloadTooLarge(), on: connection) }
    return server.queue(server.respond(to: transfer.request), on: connection)
}

/// `MHD_RequestCompletedCallback`: the request is over (answered, or the client went); its transfer is freed.
private func requestCompleted(
    context: UnsafeMutableRawPointer?, connection: OpaquePointer?, slot: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
    reason: MHD_RequestTerminationCode
) {
    guard let slot, let transfer = slot.pointee else { return }
    Unmanaged<MicroHTTPD.Transfer>.fromOpaque(transfer).release()
    slot.pointee = nil
}

/// `MHD_ContentReaderCallback`: the next bytes of a stream, waiting on the connection's thread until there are
/// some; -1 (`MHD_CONTENT_READER_END_OF_STREAM`) when it has ended.
private func readStream(context: UnsafeMutableRawPointer?, position: UInt64, buffer: UnsafeMutablePointer<CChar>?, limit: Int) -> Int {
    guard let context, let buffer else { return -1 }
    let stream = Unmanaged<StreamContext>.fromOpaque(context).takeUnretainedValue().stream
    guard let bytes = stream.next(atMost: limit) else { return -1 }
    bytes.withUnsafeBytes { source in
        if let base = source.baseAddress { UnsafeMutableRawPointer(buffer).copyMemory(from: base, byteCount: source.count) }
    }
    return bytes.count
}

/// `MHD_ContentReaderFreeCallback`: the stream's response is done with (sent, or the client went).
private func freeStream(context: UnsafeMutableRawPointer?) {
    guard let context else { return }
    let held = Unmanaged<StreamContext>.fromOpaque(context).takeRetainedValue()
    held.server.ended(held.stream)
}
