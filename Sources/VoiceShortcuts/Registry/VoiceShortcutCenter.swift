import Foundation
import Synchronization

/// The registry: Apple's `INVoiceShortcutCenter` over a persistent store,
/// with the "Add to Siri" button's add-versus-edit answer and a
/// constant-time index that follows every change, also those other
/// processes make (`refresh()`).
public final class VoiceShortcutCenter: Sendable {
    /// What the "Add to Siri" button offers for a (device, state).
    public enum ButtonAction: Sendable, Equatable {
        /// No shortcut yet: offer to add one.
        case add
        /// A shortcut exists: offer to edit it.
        case edit(VoiceShortcut)
    }

    /// The longest phrase accepted, in characters.
    public static let phraseLimit = 200

    public let store: any VoiceShortcutStore
    private let state: Mutex<(index: ShortcutIndex, token: Int64)>
    /// What a phrase already says without any shortcut (the phrase matcher over the configured devices): a
    /// shortcut may not take a phrase that says another device or state, a group command, a toggle or a question.
    private let meaning: (@Sendable (String) -> PhraseMeaning?)?

    /// Loads every shortcut from `store` into the index. With `meaning`, a phrase that already says something
    /// else is refused as a shortcut (`RegistryError.phraseIsCommand`, `.phraseIsRequest`).
    public init(store: any VoiceShortcutStore, meaning: (@Sendable (String) -> PhraseMeaning?)? = nil) throws {
        self.store = store
        self.meaning = meaning
        let (shortcuts, token) = try store.loadAll()
        state = Mutex((ShortcutIndex(shortcuts), token))
    }

    /// The current index (a value; later changes do not affect it).
    public var index: ShortcutIndex { state.withLock { $0.index } }

    // MARK: INVoiceShortcutCenter

    /// Every voice shortcut, sorted by device and state.
    public func allVoiceShortcuts() -> [VoiceShortcut] {
        index.all.sorted { ($0.intent.deviceID, $0.intent.state.rawValue) < ($1.intent.deviceID, $1.intent.state.rawValue) }
    }

    public func voiceShortcut(id: UUID) -> VoiceShortcut? { index.voiceShortcut(id: id) }

    /// Constant time: the index, not a scan.
    public func voiceShortcut(for key: DeviceStateKey) -> VoiceShortcut? { index.voiceShortcut(for: key) }

    /// The add-versus-edit answer of the button.
    public func buttonAction(for key: DeviceStateKey) -> ButtonAction {
        voiceShortcut(for: key).map(ButtonAction.edit) ?? .add
    }

    /// Adds a voice shortcut for `intent`.
    ///
    /// - Throws: `RegistryError` (`.emptyPhrase`, `.phraseInUse`,
    ///   `.pairHasShortcut`, …) or the store's error.
    @discardableResult
    public func add(_ intent: ToggleStateIntent, phrase: String) throws -> VoiceShortcut {
        try check(phrase, for: intent)
        let shortcut = VoiceShortcut(
            invocationPhrase: phrase.trimmingCharacters(in: .whitespacesAndNewlines),
            shortcut: Shortcut(intent: intent))
        try store.add(shortcut)
        // The store accepted it, so the index can take it directly; other
        // processes' changes arrive with the next `refresh()`.
        state.withLock { $0.index.upsert(shortcut) }
        return shortcut
    }

    /// Adds many voice shortcuts in one transaction: all of them, or none
    /// when one is refused (the error names it).
    /// A shortcut the store holds already, the same id, phrase and intent, is no change (restoring a backup
    /// twice changes nothing).
    public func add(contentsOf shortcuts: [VoiceShortcut]) throws {
        let current = index
        let shortcuts = shortcuts.filter { shortcut in
            guard let held = current.voiceShortcut(id: shortcut.id) else { return true }
            return held.invocationPhrase != shortcut.invocationPhrase || held.intent != shortcut.intent
        }
        guard !shortcuts.isEmpty else { return }
        for shortcut in shortcuts { try check(shortcut.invocationPhrase, for: shortcut.intent) }
        try store.add(contentsOf: shortcuts)
        state.withLock { state in
            for shortcut in shortcuts { state.index.upsert(shortcut) }
        }
    }

    /// Changes the phrase of shortcut `id`.
    @discardableResult
    public func edit(id: UUID, phrase: String) throws -> VoiceShortcut {
        try check(phrase, for: index.voiceShortcut(id: id)?.intent)
        let edited = try store.setPhrase(phrase.trimmingCharacters(in: .whitespacesAndNewlines), ofShortcut: id)
        state.withLock { $0.index.upsert(edited) }
        return edited
    }

    /// Removes shortcut `id`; returns it.
    @discardableResult
    public func delete(id: UUID) throws -> VoiceShortcut {
        let removed = try store.delete(id: id)
        state.withLock { _ = $0.index.remove(id: id) }
        return removed
    }

    /// The store's change number the index has read up to: after `refresh()`, every change made so far by any
    /// process. A process that sees at least the number another one read after its change uses that change.
    public var version: Int64 { state.withLock { $0.token } }

    /// Brings the index up to date with the store, including changes made by
    /// other processes. Cheap when nothing changed.
    public func refresh() throws {
        let token = state.withLock { $0.token }
        let changes = try store.changes(since: token)
        guard changes.token != token || changes.isFullReload else { return }
        state.withLock { state in
            // A concurrent refresh may have applied newer changes already.
            guard changes.token > state.token || changes.isFullReload else { return }
            if changes.isFullReload {
                state.index = ShortcutIndex(changes.upserted)
            } else {
                for id in changes.deleted { state.index.remove(id: id) }
                for shortcut in changes.upserted { state.index.upsert(shortcut) }
            }
            state.token = changes.token
        }
    }

    private func check(_ phrase: String, for intent: ToggleStateIntent?) throws {
        guard phrase.count <= Self.phraseLimit else { throw RegistryError.phraseTooLong(limit: Self.phraseLimit) }
        guard !PhraseNormalizer.normalize(phrase).isEmpty else { throw RegistryError.emptyPhrase }
        let trimmed = phrase.trimmingCharacters(in: .whitespacesAndNewlines)
        switch meaning?(phrase) {
        case .command(let means)? where intent != nil && means != intent:
            throw RegistryError.phraseIsCommand(phrase: trimmed, means: means)
        case .request(let what)?:
            throw RegistryError.phraseIsRequest(phrase: trimmed, means: what)
        default:
            break
        }
    }
}

/// What a phrase says without any shortcut.
public enum PhraseMeaning: Sendable, Equatable {
    /// An on/off command for one device.
    case command(ToggleStateIntent)
    /// A group command, a toggle or a question, described ("a command for 5 devices → off").
    case request(String)
}
