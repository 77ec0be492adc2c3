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
    /// Phrases with numbers in words, by their numbers in digits (`NumberWords.inDigits`): "scene two" is found as
    /// "scene 2", and "Scene 2" as "scene two", which is looked up in digits; when no phrase is written so. Only
    /// the phrases with a number pay for it (the index is made from every phrase the registry loads), and only
    /// lookups that found nothing else.
    private var byDigits: [String: UUID] = [:]

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
        (byPhrase[phrase] ?? bySaying[phrase] ?? byNumber(phrase)).flatMap { byID[$0] }
    }

    /// A phrase with its numbers in digits: one written so, or one whose numbers in words are.
    private func byNumber(_ phrase: String) -> UUID? {
        guard let digits = NumberWords.inDigits(phrase) else {
            return !byDigits.isEmpty && NumberWords.hasDigit(phrase) ? byDigits[phrase] : nil
        }
        return byPhrase[digits] ?? bySaying[digits] ?? byDigits[digits]
    }

    /// Adds or replaces a shortcut (found by id).
    public mutating func upsert(_ shortcut: VoiceShortcut) {
        remove(id: shortcut.id)
        byID[shortcut.id] = shortcut
        byPair[shortcut.intent.key] = shortcut.id
        let phrase = shortcut.normalizedPhrase
        byPhrase[phrase] = shortcut.id
        for said in Self.sayings(shortcut) { bySaying[said] = shortcut.id }
        if let digits = NumberWords.inDigits(phrase) { byDigits[digits] = shortcut.id }
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
        if let digits = NumberWords.inDigits(phrase), byDigits[digits] == id { byDigits[digits] = nil }
        return old
    }
}
