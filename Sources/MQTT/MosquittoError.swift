import CMosquitto

#if canImport(Glibc)
    import Glibc
#endif

/// A libmosquitto return code as a typed error, with libmosquitto's own message.
///
/// Modelled on swift-system's `Errno`: a raw code plus a readable name for the
/// cases the rest of the code reacts to. `description` comes from
/// `mosquitto_strerror`; for `MOSQ_ERR_ERRNO` it adds the operating system's
/// message for the `errno` captured at the failing call.
public struct MosquittoError: Error, RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The `MOSQ_ERR_*` code.
    public let rawValue: Int32
    /// The `errno` value captured with `MOSQ_ERR_ERRNO`, otherwise 0.
    public let systemErrno: Int32

    public init(rawValue: Int32) {
        self.rawValue = rawValue
        self.systemErrno = 0
    }

    init(code: Int32, errno systemErrno: Int32) {
        self.rawValue = code
        self.systemErrno = code == Self.errno.rawValue ? systemErrno : 0
    }

    /// libmosquitto's message (`mosquitto_strerror`), plus `strerror(errno)` for
    /// operating-system errors.
    public var description: String {
        if rawValue == Self.errno.rawValue, systemErrno != 0 {
            return String(cString: strerror(systemErrno))
        }
        return String(cString: mosquitto_strerror(rawValue))
    }

    public static func == (lhs: MosquittoError, rhs: MosquittoError) -> Bool { lhs.rawValue == rhs.rawValue }
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

    private static func code(_ value: mosq_err_t) -> MosquittoError { MosquittoError(rawValue: Int32(value.rawValue)) }

    /// Out of memory.
    public static let noMemory = code(MOSQ_ERR_NOMEM)
    /// A protocol error with the broker.
    public static let protocolError = code(MOSQ_ERR_PROTOCOL)
    /// An argument was invalid.
    public static let invalid = code(MOSQ_ERR_INVAL)
    /// The client is not connected.
    public static let notConnected = code(MOSQ_ERR_NO_CONN)
    /// The broker refused the connection.
    public static let connectionRefused = code(MOSQ_ERR_CONN_REFUSED)
    /// The connection was lost.
    public static let connectionLost = code(MOSQ_ERR_CONN_LOST)
    /// A TLS error (handshake, certificate, files).
    public static let tls = code(MOSQ_ERR_TLS)
    /// The payload is too large.
    public static let payloadSize = code(MOSQ_ERR_PAYLOAD_SIZE)
    /// Not supported by this build or protocol version.
    public static let notSupported = code(MOSQ_ERR_NOT_SUPPORTED)
    /// Authentication failed.
    public static let authentication = code(MOSQ_ERR_AUTH)
    /// Access denied by the broker's ACL.
    public static let aclDenied = code(MOSQ_ERR_ACL_DENIED)
    /// An operating-system error; see `systemErrno`.
    public static let errno = code(MOSQ_ERR_ERRNO)
    /// The host name could not be resolved.
    public static let lookup = code(MOSQ_ERR_EAI)
    /// The topic or payload is not valid UTF-8.
    public static let malformedUTF8 = code(MOSQ_ERR_MALFORMED_UTF8)
    /// The broker did not answer within the keepalive time.
    public static let keepalive = code(MOSQ_ERR_KEEPALIVE)
    /// The TLS handshake failed.
    public static let tlsHandshake = code(MOSQ_ERR_TLS_HANDSHAKE)
    /// The packet is larger than the broker accepts.
    public static let oversizePacket = code(MOSQ_ERR_OVERSIZE_PACKET)
}

/// Turns a libmosquitto return code into a thrown `MosquittoError`.
@inline(__always)
func check(_ rc: Int32) throws(MosquittoError) {
    if rc != 0 { throw MosquittoError(code: rc, errno: Glibc.errno) }
}
