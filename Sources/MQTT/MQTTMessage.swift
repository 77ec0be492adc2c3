/// Quality of service of a publish or subscription.
public enum QoS: Int32, Sendable, Comparable {
    case atMostOnce = 0
    case atLeastOnce = 1
    case exactlyOnce = 2

    public static func < (lhs: QoS, rhs: QoS) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// MQTT 5 properties of a PUBLISH that the project uses.
public struct PublishProperties: Sendable, Equatable {
    /// Where the receiver should send its answer (request/response).
    public var responseTopic: String?
    /// Opaque data the answer carries back to match it to the request.
    public var correlationData: [UInt8]?
    /// MIME type of the payload.
    public var contentType: String?

    public init(responseTopic: String? = nil, correlationData: [UInt8]? = nil, contentType: String? = nil) {
        self.responseTopic = responseTopic
        self.correlationData = correlationData
        self.contentType = contentType
    }

    var isEmpty: Bool { responseTopic == nil && correlationData == nil && contentType == nil }
}

/// A message received from the broker.
public struct MQTTMessage: Sendable, Equatable {
    public var topic: String
    public var payload: [UInt8]
    public var qos: QoS
    public var retain: Bool
    public var properties: PublishProperties

    public init(topic: String, payload: [UInt8], qos: QoS = .atMostOnce, retain: Bool = false, properties: PublishProperties = .init()) {
        self.topic = topic
        self.payload = payload
        self.qos = qos
        self.retain = retain
        self.properties = properties
    }

    /// The payload as UTF-8 text, or `nil` when it is not valid UTF-8.
    public var string: String? { String(validating: payload, as: UTF8.self) }
}

/// Where the client's connection stands.
public enum ConnectionState: Sendable, Equatable {
    /// Not connected and not trying.
    case disconnected
    /// The first connection attempt is under way.
    case connecting
    /// Connected: the broker accepted the session.
    case connected
    /// The connection was lost; attempt `attempt` of reconnecting is scheduled or under way.
    case reconnecting(attempt: Int)
}
