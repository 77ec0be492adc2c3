import CMosquitto

#if canImport(Glibc)
    import Glibc
#endif

/// The process-wide `mosquitto_lib_init`, run exactly once (Swift globals are
/// initialised lazily and thread-safely).
private let libraryInitialised: Bool = {
    mosquitto_lib_init()
    return true
}()

/// An event libmosquitto reported through a callback, as plain Swift values.
enum MosquittoEvent: Sendable {
    case connected(reasonCode: Int32, sessionPresent: Bool)
    case disconnected(reasonCode: Int32)
    case published(mid: Int32, reasonCode: Int32)
    case subscribed(mid: Int32, grantedQoS: [Int32])
    case unsubscribed(mid: Int32)
    case message(MQTTMessage)
}

/// The one boundary to libmosquitto: owns a `struct mosquitto *` and calls
/// each C function from one method. No C pointer or type leaves this file.
///
/// Thread use: `publish`, `subscribe`, `unsubscribe` and `disconnect` may be
/// called from any thread (the handle runs in libmosquitto's "threaded"
/// mode, where they only queue packets); the loop methods are called by the
/// event loop thread only; `connect` and `reconnect` are called while the
/// loop does not poll the handle.
struct Mosquitto: @unchecked Sendable {
    private let raw: OpaquePointer

    /// Creates a client (`mosquitto_new`) in threaded mode
    /// (`mosquitto_threaded_set`) with the callbacks installed.
    ///
    /// - Parameters:
    ///   - clientID: the MQTT client identifier.
    ///   - cleanStart: `mosquitto_new`'s `clean_session`.
    ///   - sink: the object the callbacks hand events to; the caller keeps it
    ///     alive while the handle may call back (see `attach`).
    static func create(clientID: String, cleanStart: Bool) throws(MosquittoError) -> Mosquitto {
        _ = libraryInitialised
        guard let raw = mosquitto_new(clientID, cleanStart, nil) else {
            throw MosquittoError(code: Int32(Glibc.errno == EINVAL ? MOSQ_ERR_INVAL.rawValue : MOSQ_ERR_NOMEM.rawValue), errno: 0)
        }
        let handle = Mosquitto(raw: raw)
        try check(mosquitto_threaded_set(raw, true))
        handle.installCallbacks()
        return handle
    }

    /// Frees the client (`mosquitto_destroy`). The handle must not be used afterwards.
    func destroy() {
        mosquitto_destroy(raw)
    }

    /// Sets the object callbacks are delivered to (`mosquitto_user_data_set`).
    func setUserData(_ pointer: UnsafeMutableRawPointer?) {
        mosquitto_user_data_set(raw, pointer)
    }

    // MARK: Options

    /// Selects the protocol version (`mosquitto_int_option`, `MOSQ_OPT_PROTOCOL_VERSION`).
    func setProtocolVersion(_ version: MQTTConfiguration.ProtocolVersion) throws(MosquittoError) {
        let value = version == .v5 ? MQTT_PROTOCOL_V5 : MQTT_PROTOCOL_V311
        try check(mosquitto_int_option(raw, MOSQ_OPT_PROTOCOL_VERSION, value))
    }

    /// Turns Nagle's algorithm off or on (`mosquitto_int_option`, `MOSQ_OPT_TCP_NODELAY`).
    func setTCPNoDelay(_ on: Bool) throws(MosquittoError) {
        try check(mosquitto_int_option(raw, MOSQ_OPT_TCP_NODELAY, on ? 1 : 0))
    }

    /// Sets user name and password (`mosquitto_username_pw_set`).
    func setCredentials(username: String, password: String?) throws(MosquittoError) {
        try check(mosquitto_username_pw_set(raw, username, password))
    }

    /// Configures TLS (`mosquitto_tls_set`, `mosquitto_tls_insecure_set(false)`).
    /// Without a CA file the system's certificates (`/etc/ssl/certs`) are used.
    func setTLS(_ tls: MQTTConfiguration.TLS) throws(MosquittoError) {
        let caPath: String? = tls.caFile == nil ? "/etc/ssl/certs" : nil
        try check(mosquitto_tls_set(raw, tls.caFile, caPath, tls.certificateFile, tls.keyFile, nil))
        try check(mosquitto_tls_insecure_set(raw, false))
    }

    /// Sets the last will (`mosquitto_will_set_v5`).
    func setWill(_ will: MQTTConfiguration.Will) throws(MosquittoError) {
        let rc = will.payload.withUnsafeBytes { bytes in
            mosquitto_will_set_v5(raw, will.topic, Int32(bytes.count), bytes.baseAddress, will.qos.rawValue, will.retain, nil)
        }
        try check(rc)
    }

    // MARK: Connection

    /// Connects, blocking until the TCP (and TLS) connection stands and
    /// CONNECT is queued (`mosquitto_connect_bind_v5`). For MQTT 5 persistent
    /// sessions the session expiry interval is sent as a CONNECT property.
    func connect(host: String, port: Int, keepalive: Int, sessionExpiry: UInt32?) throws(MosquittoError) {
        var properties = PropertyList()
        if let sessionExpiry {
            try properties.addInt32(MQTT_PROP_SESSION_EXPIRY_INTERVAL, sessionExpiry)
        }
        let rc = properties.withPointer { mosquitto_connect_bind_v5(raw, host, Int32(port), Int32(keepalive), nil, $0) }
        try check(rc)
    }

    /// Reconnects with the same settings, blocking like `connect` (`mosquitto_reconnect`).
    func reconnect() throws(MosquittoError) {
        try check(mosquitto_reconnect(raw))
    }

    /// Queues a DISCONNECT (`mosquitto_disconnect_v5`): reason 0, a normal
    /// disconnection, or with `publishingWill` MQTT 5's reason 4, "disconnect
    /// with will message", after which the broker publishes the will.
    func disconnect(publishingWill: Bool = false) throws(MosquittoError) {
        let reason = publishingWill ? Int32(MQTT_RC_DISCONNECT_WITH_WILL_MSG.rawValue) : 0
        try check(mosquitto_disconnect_v5(raw, reason, nil))
    }

    // MARK: Messages

    /// Queues a PUBLISH (`mosquitto_publish_v5`) and returns its message id.
    func publish(topic: String, payload: UnsafeRawBufferPointer, qos: QoS, retain: Bool, properties: PublishProperties)
        throws(MosquittoError) -> Int32
    {
        var mid: Int32 = 0
        var list = PropertyList()
        if let responseTopic = properties.responseTopic {
            try list.addString(MQTT_PROP_RESPONSE_TOPIC, responseTopic)
        }
        if let correlation = properties.correlationData {
            try list.addBinary(MQTT_PROP_CORRELATION_DATA, correlation)
        }
        if let contentType = properties.contentType {
            try list.addString(MQTT_PROP_CONTENT_TYPE, contentType)
        }
        let rc = list.withPointer {
            mosquitto_publish_v5(raw, &mid, topic, Int32(payload.count), payload.baseAddress, qos.rawValue, retain, $0)
        }
        // A QoS ≥ 1 message is queued before libmosquitto tries to send it: "not connected" then means it waits in
        // libmosquitto's queue and goes out on reconnect (queuing it again elsewhere sent it twice).
        if rc == MOSQ_ERR_NO_CONN.rawValue, qos != .atMostOnce, mid != 0 { return mid }
        try check(rc)
        return mid
    }

    /// Queues a SUBSCRIBE (`mosquitto_subscribe_v5`) and returns its message id.
    func subscribe(filter: String, qos: QoS) throws(MosquittoError) -> Int32 {
        var mid: Int32 = 0
        try check(mosquitto_subscribe_v5(raw, &mid, filter, qos.rawValue, 0, nil))
        return mid
    }

    /// Queues an UNSUBSCRIBE (`mosquitto_unsubscribe_v5`) and returns its message id.
    func unsubscribe(filter: String) throws(MosquittoError) -> Int32 {
        var mid: Int32 = 0
        try check(mosquitto_unsubscribe_v5(raw, &mid, filter, nil))
        return mid
    }

    // MARK: The loop (event loop thread only)

    /// The socket to poll, or -1 (`mosquitto_socket`).
    var socket: Int32 { mosquitto_socket(raw) }

    /// Whether the socket has bytes to read right now (`poll` without waiting).
    var hasPendingInput: Bool {
        var descriptor = pollfd(fd: mosquitto_socket(raw), events: Int16(POLLIN), revents: 0)
        return descriptor.fd >= 0 && poll(&descriptor, 1, 0) > 0 && descriptor.revents & Int16(POLLIN) != 0
    }

    /// Whether packets wait to be written (`mosquitto_want_write`).
    var wantsWrite: Bool { mosquitto_want_write(raw) }

    /// Reads what the socket has (`mosquitto_loop_read`); callbacks run here.
    /// Afterwards TCP_QUICKACK is set again (Linux clears it after a receive):
    /// acknowledging at once keeps a broker that left Nagle's algorithm on
    /// from holding its next small packet for a delayed ACK (~40 ms).
    func loopRead() -> MosquittoError? {
        let result = loopResult(mosquitto_loop_read(raw, 1))
        var on: Int32 = 1
        let fd = mosquitto_socket(raw)
        if fd >= 0 { _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_QUICKACK, &on, socklen_t(MemoryLayout<Int32>.size)) }
        return result
    }

    /// Writes what is queued (`mosquitto_loop_write`).
    func loopWrite() -> MosquittoError? { loopResult(mosquitto_loop_write(raw, 1)) }

    /// Keepalive and retries (`mosquitto_loop_misc`).
    func loopMisc() -> MosquittoError? { loopResult(mosquitto_loop_misc(raw)) }

    private func loopResult(_ rc: Int32) -> MosquittoError? {
        rc == 0 ? nil : MosquittoError(code: rc, errno: Glibc.errno)
    }

    // MARK: Callbacks

    private func installCallbacks() {
        mosquitto_connect_v5_callback_set(raw) { _, userdata, rc, flags, _ in
            deliver(userdata, .connected(reasonCode: rc, sessionPresent: flags & 1 != 0))
        }
        mosquitto_disconnect_v5_callback_set(raw) { _, userdata, rc, _ in
            deliver(userdata, .disconnected(reasonCode: rc))
        }
        mosquitto_publish_v5_callback_set(raw) { _, userdata, mid, reason, _ in
            deliver(userdata, .published(mid: mid, reasonCode: reason))
        }
        mosquitto_subscribe_v5_callback_set(raw) { _, userdata, mid, count, granted, _ in
            let codes = granted.map { Array(UnsafeBufferPointer(start: $0, count: Int(count))) } ?? []
            deliver(userdata, .subscribed(mid: mid, grantedQoS: codes))
        }
        mosquitto_unsubscribe_v5_callback_set(raw) { _, userdata, mid, _ in
            deliver(userdata, .unsubscribed(mid: mid))
        }
        mosquitto_message_v5_callback_set(raw) { _, userdata, message, properties in
            guard let message, let topic = message.pointee.topic else { return }
            let count = Int(message.pointee.payloadlen)
            let payload: [UInt8] =
                count > 0 && message.pointee.payload != nil
                ? Array(UnsafeRawBufferPointer(start: message.pointee.payload, count: count))
                : []
            let received = MQTTMessage(
                topic: String(cString: topic),
                payload: payload,
                qos: QoS(rawValue: message.pointee.qos) ?? .atMostOnce,
                retain: message.pointee.retain,
                properties: readPublishProperties(properties)
            )
            deliver(userdata, .message(received))
        }
    }
}

/// Hands an event to the client behind the user-data pointer. Captures nothing.
private func deliver(_ userdata: UnsafeMutableRawPointer?, _ event: MosquittoEvent) {
    guard let userdata else { return }
    Unmanaged<MQTTClient>.fromOpaque(userdata).takeUnretainedValue().handle(event)
}

/// Reads response topic, correlation data and content type
/// (`mosquitto_property_read_string`, `mosquitto_property_read_binary`).
private func readPublishProperties(_ list: OpaquePointer?) -> PublishProperties {
    guard let list else { return PublishProperties() }
    var result = PublishProperties()
    result.responseTopic = readString(list, MQTT_PROP_RESPONSE_TOPIC)
    result.contentType = readString(list, MQTT_PROP_CONTENT_TYPE)
    var value: UnsafeMutableRawPointer?
    var length: UInt16 = 0
    if mosquitto_property_read_binary(list, Int32(MQTT_PROP_CORRELATION_DATA.rawValue), &value, &length, false) != nil {
        result.correlationData = value.map { Array(UnsafeRawBufferPointer(start: $0, count: Int(length))) } ?? []
        free(value)
    }
    return result
}

private func readString(_ list: OpaquePointer, _ identifier: mqtt5_property) -> String? {
    var value: UnsafeMutablePointer<CChar>?
    guard mosquitto_property_read_string(list, Int32(identifier.rawValue), &value, false) != nil, let value else { return nil }
    defer { free(value) }
    return String(cString: value)
}

/// An owned `mosquitto_property` list, freed with `mosquitto_property_free_all`.
private struct PropertyList: ~Copyable {
    private var head: OpaquePointer?

    init() {}

    deinit {
        var list = head
        if list != nil { mosquitto_property_free_all(&list) }
    }

    mutating func addString(_ identifier: mqtt5_property, _ value: String) throws(MosquittoError) {
        try check(mosquitto_property_add_string(&head, Int32(identifier.rawValue), value))
    }

    mutating func addBinary(_ identifier: mqtt5_property, _ value: [UInt8]) throws(MosquittoError) {
        precondition(value.count <= Int(UInt16.max), "MQTT binary properties hold at most 65,535 bytes")
        let rc = value.withUnsafeBytes {
            mosquitto_property_add_binary(&head, Int32(identifier.rawValue), $0.baseAddress, UInt16($0.count))
        }
        try check(rc)
    }

    mutating func addInt32(_ identifier: mqtt5_property, _ value: UInt32) throws(MosquittoError) {
        try check(mosquitto_property_add_int32(&head, Int32(identifier.rawValue), value))
    }

    func withPointer<R>(_ body: (OpaquePointer?) -> R) -> R { body(head) }
}
