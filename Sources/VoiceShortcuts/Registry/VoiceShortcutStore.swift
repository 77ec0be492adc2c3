import Foundation

/// A switch the gateway carried out, for `shortcuts suggest`.
public struct Execution: Sendable, Equatable {
    /// How the phrase reached the gateway.
    public enum Source: String, Sendable {
        case shortcut, command, speech
    }

    public var intent: ToggleStateIntent
    public var phrase: String
    public var shortcutID: UUID?
    public var source: Source
    /// Whether the plug confirmed.
    public var confirmed: Bool
    public var date: Date

    public init(intent: ToggleStateIntent, phrase: String, shortcutID: UUID?, source: Source, confirmed: Bool, date: Date = Date()) {
        self.intent = intent
        self.phrase = phrase
        self.shortcutID = shortcutID
        self.source = source
        self.confirmed = confirmed
        self.date = date
    }
}

/// A (device, state) pair worth a voice shortcut: switched by phrase at
/// least twice, with no shortcut yet (Apple's `setShortcutSuggestions`).
public struct ShortcutSuggestion: Sendable, Equatable {
    public var intent: ToggleStateIntent
    /// Confirmed switches by phrase.
    public var count: Int
    /// The phrase used most often for it.
    public var commonPhrase: String

    public init(intent: ToggleStateIntent, count: Int, commonPhrase: String) {
        self.intent = intent
        self.count = count
        self.commonPhrase = commonPhrase
    }
}

/// Changes since a point in the store's history.
public struct ShortcutChanges: Sendable {
    /// The point to ask from next time.
    public var token: Int64
    /// Shortcuts added or edited since, as they are now.
    public var upserted: [VoiceShortcut]
    /// Ids removed since.
    public var deleted: [UUID]
    /// True when the history did not reach back far enough: `upserted` then
    /// holds every shortcut and the index must be rebuilt from it.
    public var isFullReload: Bool

    public init(token: Int64, upserted: [VoiceShortcut], deleted: [UUID], isFullReload: Bool) {
        self.token = token
        self.upserted = upserted
        self.deleted = deleted
        self.isFullReload = isFullReload
    }
}

/// The persistent registry (`INVoiceShortcutCenter`'s storage). Rule checks
/// happen inside the store's transaction, so they hold across processes: the
/// store throws `RegistryError` when a rule refuses a change.
public protocol VoiceShortcutStore: Sendable {
    /// Every shortcut, and the change token they are current as of.
    func loadAll() throws -> (shortcuts: [VoiceShortcut], token: Int64)
    /// Adds one shortcut. Throws `RegistryError.phraseInUse` or `.pairHasShortcut`.
    func add(_ shortcut: VoiceShortcut) throws
    /// Adds many in one transaction; all or none.
    func add(contentsOf shortcuts: [VoiceShortcut]) throws
    /// Changes the phrase of a shortcut and returns it as stored.
    func setPhrase(_ phrase: String, ofShortcut id: UUID) throws -> VoiceShortcut
    /// Removes a shortcut and returns it.
    func delete(id: UUID) throws -> VoiceShortcut
    /// What changed since `token` (cheap when nothing did).
    func changes(since token: Int64) throws -> ShortcutChanges
    /// Records a switch.
    func record(_ execution: Execution) throws
    /// Pairs switched by phrase at least `minimumCount` times without a shortcut, most used first.
    func suggestions(minimumCount: Int) throws -> [ShortcutSuggestion]
}
