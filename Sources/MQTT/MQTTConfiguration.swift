/// Everything needed to connect a client to a broker.
public struct MQTTConfiguration: Sendable {
    /// MQTT protocol version.
    public enum ProtocolVersion: Sendable { case v311, v5 }

    /// User name and password.
    public struct Credentials: Sendable {
        public var username: String
        public var password: String?
        public init(username: String, password: String?) {
            self.username = username
            self.password = password
        }
    }

    /// TLS settings. The server's certificate and name are always checked.
    public struct TLS: Sendable {
        /// PEM file of the certificate authority that signed the broker's
        /// certificate; `nil` uses the system's certificates.
        public var caFile: String?
        /// Client certificate (PEM), for brokers that require one.
        public var certificateFile: String?
        /// Private key of the client certificate (PEM, unencrypted).
        public var keyFile: String?
        public init(caFile: String? = nil, certificateFile: String? = nil, keyFile: String? = nil) {
            self.caFile = caFile
            self.certificateFile = certificateFile
            self.keyFile = keyFile
        }
    }

    /// A last will: published by the broker when the connection ends uncleanly.
    public struct Will: Sendable {
        public var topic: String
        public var payload: [UInt8]
        public var qos: QoS
        public var retain: Bool
        public init(topic: String, payload: [UInt8], qos: QoS = .atLeastOnce, retain: Bool = false) {
            self.topic = topic
            self.payload = payload
            self.qos = qos
            self.retain = retain
        }
        public init(topic: String, payload: String, qos: QoS = .atLeastOnce, retain: Bool = false) {
            self.init(topic: topic, payload: Array(payload.utf8), qos: qos, retain: retain)
        }
    }

    /// Automatic reconnection after a lost connection: capped exponential backoff.
    public struct Reconnect: Sendable {
        /// Delay before the first attempt after a loss.
        public var initialDelay: Duration
        /// The cap of the doubling delay.
        public var maximumDelay: Duration
        /// `false` turns automatic reconnection off.
        public var enabled: Bool
        public init(initialDelay: Duration = .milliseconds(50), maximumDelay: Duration = .seconds(2), enabled: Bool = true) {
            self.initialDelay = initialDelay
            self.maximumDelay = maximumDelay
            self.enabled = enabled
        }
    }

    public var host: String
    public var port: Int
    /// Client identifier; `nil` generates a unique one.
    public var clientID: String?
    public var keepalive: Int
    /// `false` asks the broker to keep the session (subscriptions and queued
    /// QoS ≥ 1 messages) while the client is away.
    public var cleanSession: Bool
    /// MQTT 5 session expiry (seconds) used when `cleanSession` is false.
    public var sessionExpiry: UInt32
    public var protocolVersion: ProtocolVersion
    public var credentials: Credentials?
    public var tls: TLS?
    public var will: Will?
    public var reconnect: Reconnect
    /// How long `connect()` waits for the broker's CONNACK.
    public var connectTimeout: Duration
    /// Disables Nagle's algorithm (`MOSQ_OPT_TCP_NODELAY`); on by default.
    public var tcpNoDelay: Bool

    public init(
        host: String = "127.0.0.1",
        port: Int = 1883,
        clientID: String? = nil,
        keepalive: Int = 30,
        cleanSession: Bool = true,
        sessionExpiry: UInt32 = 86_400,
        protocolVersion: ProtocolVersion = .v5,
        credentials: Credentials? = nil,
        tls: TLS? = nil,
        will: Will? = nil,
        reconnect: Reconnect = Reconnect(),
        connectTimeout: Duration = .seconds(10),
        tcpNoDelay: Bool = true
    ) {
        self.host = host
        self.port = port
        self.clientID = clientID
        self.keepalive = keepalive
        self.cleanSession = cleanSession
        self.sessionExpiry = sessionExpiry
        self.protocolVersion = protocolVersion
        self.credentials = credentials
        self.tls = tls
        self.will = will
        self.reconnect = reconnect
        self.connectTimeout = connectTimeout
        self.tcpNoDelay = tcpNoDelay
    }
}

extension MQTTConfiguration {
    /// A configuration from a broker URL: `mqtt://[user@]host[:port]` or
    /// `mqtts://[user@]host[:port]` (TLS with the system's certificates unless
    /// `tls` is set later). A password is never taken from the URL.
    ///
    /// - Throws: `MQTTError.invalidURL` naming what is wrong.
    public init(url: String) throws(MQTTError) {
        let secure: Bool
        var rest: Substring
        if url.hasPrefix("mqtt://") {
            secure = false
            rest = url.dropFirst("mqtt://".count)
        } else if url.hasPrefix("mqtts://") {
            secure = true
            rest = url.dropFirst("mqtts://".count)
        } else {
            throw .invalidURL(url, reason: "it must start with mqtt:// or mqtts://")
        }
        if let slash = rest.firstIndex(of: "/") {
            guard rest[slash...].allSatisfy({ $0 == "/" }) else {
                throw .invalidURL(url, reason: "a path is not allowed")
            }
            rest = rest[..<slash]
        }
        var username: String?
        if let at = rest.lastIndex(of: "@") {
            let user = rest[..<at]
            if user.contains(":") {
                throw .invalidURL(url, reason: "give the password in VOICEPLUG_PASSWORD or the config's passwordFile, not in the URL")
            }
            guard !user.isEmpty else { throw .invalidURL(url, reason: "the user name is empty") }
            username = String(user)
            rest = rest[rest.index(after: at)...]
        }
        var host = rest
        var port = secure ? 8883 : 1883
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else { throw .invalidURL(url, reason: "unclosed '[' in the host") }
            host = rest[rest.index(after: rest.startIndex)..<close]
            let after = rest[rest.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":"), let p = Int(after.dropFirst()) else {
                    throw .invalidURL(url, reason: "the port must be a number")
                }
                port = p
            }
        } else if let colon = rest.lastIndex(of: ":") {
            host = rest[..<colon]
            guard let p = Int(rest[rest.index(after: colon)...]) else {
                throw .invalidURL(url, reason: "the port must be a number")
            }
            port = p
        }
        guard !host.isEmpty else { throw .invalidURL(url, reason: "the host is missing") }
        guard (1...65535).contains(port) else { throw .invalidURL(url, reason: "the port must be between 1 and 65535") }
        self.init(host: String(host), port: port)
        if let username { credentials = Credentials(username: username, password: nil) }
        if secure { tls = TLS() }
    }
}
