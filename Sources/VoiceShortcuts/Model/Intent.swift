import Foundation

/// Switch a device on or off: Apple's `ToggleStateIntent`.
public struct ToggleStateIntent: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The device's id.
    public var deviceID: String
    public var state: PowerState

    public init(deviceID: String, state: PowerState) {
        self.deviceID = deviceID
        self.state = state
    }

    /// The key of the (device, state) pair, for the one-shortcut-per-pair rule.
    public var key: DeviceStateKey { DeviceStateKey(deviceID: deviceID, state: state) }

    public var description: String { "\(deviceID) → \(state)" }
}

/// A (device, state) pair: at most one voice shortcut exists per pair.
public struct DeviceStateKey: Sendable, Hashable, Codable {
    public var deviceID: String
    public var state: PowerState

    public init(deviceID: String, state: PowerState) {
        self.deviceID = deviceID
        self.state = state
    }
}

/// A runnable action wrapping one intent: Apple's `INShortcut(intent:)`.
public struct Shortcut: Sendable, Hashable, Codable {
    public var intent: ToggleStateIntent

    public init(intent: ToggleStateIntent) {
        self.intent = intent
    }
}

/// A phrase bound to a shortcut: Apple's `INVoiceShortcut` (identifier,
/// invocation phrase, shortcut).
public struct VoiceShortcut: Sendable, Hashable, Codable, Identifiable {
    public var id: UUID
    /// The phrase as the user wrote it.
    public var invocationPhrase: String
    public var shortcut: Shortcut

    public init(id: UUID = UUID(), invocationPhrase: String, shortcut: Shortcut) {
        self.id = id
        self.invocationPhrase = invocationPhrase
        self.shortcut = shortcut
    }

    /// The phrase after normalization: what uniqueness is decided on.
    public var normalizedPhrase: String { PhraseNormalizer.normalize(invocationPhrase) }

    public var intent: ToggleStateIntent { shortcut.intent }
}
