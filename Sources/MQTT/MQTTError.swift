import CMosquitto

/// The reason a broker gave in CONNACK for refusing a connection.
///
/// MQTT 3.1.1 codes (1–5) read through `mosquitto_connack_string`, MQTT 5
/// reason codes (≥ 0x80) through `mosquitto_reason_string`.
public struct ConnectRefusal: Sendable, Hashable, CustomStringConvertible {
    /// The CONNACK return code (3.1.1) or reason code (5).
    public let code: Int32

    /// True when the broker refused the credentials or the client's rights
    /// (3.1.1: 4 bad user name or password, 5 not authorised; 5: 0x86, 0x87).
    public var isNotAuthorized: Bool { [4, 5, 134, 135].contains(code) }

    /// libmosquitto's own text for the code.
    public var description: String {
        if code < 128 {
            return String(cString: mosquitto_connack_string(code))
        }
        return String(cString: mosquitto_reason_string(code))
    }
}

/// Errors of the MQTT client.
public enum MQTTError: Error, Sendable, CustomStringConvertible {
    /// libmosquitto failed an operation; the message is libmosquitto's own.
    case library(MosquittoError, operation: String)
    /// The broker refused the connection (CONNACK).
    case connectionRefused(ConnectRefusal)
    /// No CONNACK arrived in time.
    case connectTimeout(host: String, port: Int, seconds: Double)
    /// The connection was lost before the operation completed.
    case connectionLost
    /// The client was closed (by `disconnect()`), or was never connected.
    case notConnected
    /// The broker refused a subscription (SUBACK failure code).
    case subscriptionRefused(filter: String, reasonCode: Int32)
    /// The broker refused a publish (MQTT 5 PUBACK/PUBREC reason ≥ 0x80).
    case publishRefused(topic: String, reasonCode: Int32)
    /// A broker URL that cannot be used.
    case invalidURL(String, reason: String)

    public var description: String {
        switch self {
        case .library(let error, let operation):
            return "\(operation) failed: \(error)"
        case .connectionRefused(let refusal):
            return "the broker refused the connection: \(refusal)"
        case .connectTimeout(let host, let port, let seconds):
            return "no answer from the broker at \(host):\(port) within \(seconds) s"
        case .connectionLost:
            return "the connection to the broker was lost"
        case .notConnected:
            return "the client is not connected"
        case .subscriptionRefused(let filter, let code):
            return "the broker refused the subscription to '\(filter)' (\(reasonText(code)))"
        case .publishRefused(let topic, let code):
            return "the broker refused the message to '\(topic)' (\(reasonText(code)))"
        case .invalidURL(let url, let reason):
            return "cannot use broker URL '\(url)': \(reason)"
        }
    }
}

private func reasonText(_ code: Int32) -> String {
    String(cString: mosquitto_reason_string(code))
}
