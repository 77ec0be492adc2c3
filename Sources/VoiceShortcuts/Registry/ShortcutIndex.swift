import Foundation

/// Constant-time lookups of voice shortcuts: by id, by (device, state) — what
/// an iOS app computes with `voiceShortcut(for:powerState:)` by scanning
/// `getAllVoiceShortcuts` — and by normalized phrase. A value: the gateway
/// swaps in a new one when the registry changes.
public struct ShortcutIndex: Sendable, VoiceShortcutLookup {
    private var byID: [UUID: VoiceShortcut] = [:]
    private var byPair: [DeviceStateKey: UUID] = [:]
    private var byPhrase: [String: UUID] = [:]
    /// Phrases as they are said when written with signs or in camel case, and with the letters a hyphen or slash joins
    /// written together (see `PhraseNormalizer.otherWritings`): found when no phrase is written so.
    private var bySaying: [String: UUID] = [:]

    public init(_ shortcuts: some Sequence<VoiceShortcut> = []) {
        for shortcut in shortcuts { upsert(shortcut) }
    }

    public var count: Int { byID.count }
    public var all: [VoiceShortcut] { Array(byID.values) }

    public func voiceShortcut(id: UUID) -> VoiceShortcut? { byID[id] }

    /// The voice shortcut of a (device, state) pair, if any.
    public func voiceShortcut(for key: DeviceStateKey) -> VoiceShortcut? {
        byPair[key].flatMap { byID[$0] }
    }

    public func voiceShortcut(forNormalizedPhrase phrase: String) -> VoiceShortcut? {
        (byPhrase[phrase] ?? bySaying[phrase]).flatMap { byID[$0] }
    }

    /// Adds or replaces a shortcut (found by id).
    public mutating func upsert(_ shortcut: VoiceShortcut) {
        remove(id: shortcut.id)
        byID[shortcut.id] = shortcut
        byPair[shortcut.intent.key] = shortcut.id
        byPhrase[shortcut.normalizedPhrase] = shortcut.id
        for said in Self.sayings(shortcut) { bySaying[said] = shortcut.id }
    }

    private static func sayings(_ shortcut: VoiceShortcut) -> [String] {
        PhraseNormalizer.otherWritings(shortcut.invocationPhrase)
    }

    /// Removes a shortcut; returns it if it was there.
    @discardableResult
    public mutating func remove(id: UUID) -> VoiceShortcut? {
        guard let old = byID.removeValue(forKey: id) else { return nil }
        if byPair[old.intent.key] == id { byPair[old.intent.key] = nil }
        let phrase = old.normalizedPhrase
        if byPhrase[phrase] == id { byPhrase[phrase] = nil }
        for said in Self.sayings(old) where bySaying[said] == id { bySaying[said] = nil }
        return old
    }
}
