#if canImport(Glibc)
    import Glibc
#endif

/// Why the server could not start.
public enum HTTPServerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The address is no IPv4 or IPv6 literal.
    case invalidAddress(String)
    /// libmicrohttpd could not listen there (`MHD_start_daemon` failed): the port is taken, or not ours to use.
    case cannotListen(address: String, port: UInt16, errno: Int32)

    public var description: String {
        switch self {
        case .invalidAddress(let address):
            return "'\(address)' is no IP address (give one such as 127.0.0.1 or ::1)"
        case .cannotListen(let address, let port, let code):
            let reason = code == 0 ? "" : ": " + String(cString: strerror(code))
            let shown = address.contains(":") ? "[\(address)]" : address
            return "cannot listen on \(shown):\(port)\(reason)"
        }
    }
}
