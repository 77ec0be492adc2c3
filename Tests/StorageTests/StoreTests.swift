import Foundation
import Storage
import Testing
import VoiceShortcuts

/// A fresh folder for store files, removed afterwards.
final class TemporaryFolder {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("voiceplug-store-\(UUID().uuidString.prefix(8))")
    init() throws { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
    deinit { try? FileManager.default.removeItem(at: url) }
    func path(_ name: String) -> String { url.appendingPathComponent(name).path }
}

@Suite("The shortcut store and registry")
struct StoreTests {
    let folder: TemporaryFolder
    let path: String

    init() throws {
        folder = try TemporaryFolder()
        path = folder.path("voiceplug.db")
    }

    func center() throws -> VoiceShortcutCenter {
        try VoiceShortcutCenter(store: SQLiteShortcutStore(path: path))
    }

    let lampOff = ToggleStateIntent(deviceID: "kitchen-lamp", state: .off)
    let lampOn = ToggleStateIntent(deviceID: "kitchen-lamp", state: .on)

    @Test("shortcuts survive closing and reopening the store")
    func persistence() throws {
        let added = try center().add(lampOff, phrase: "Lights out")
        let reopened = try center()
        #expect(reopened.allVoiceShortcuts() == [added])
        #expect(reopened.voiceShortcut(for: lampOff.key) == added)
        #expect(reopened.index.voiceShortcut(forNormalizedPhrase: "lights out") == added)
    }

    @Test("a phrase is unique after normalization, and the error names its holder and what to do")
    func phraseUniqueness() throws {
        let registry = try center()
        let holder = try registry.add(lampOff, phrase: "Lights out!")
        for clash in ["lights out", "  LIGHTS   OUT ", "lights, out.", "ｌｉｇｈｔｓ ｏｕｔ"] {
            do {
                try registry.add(ToggleStateIntent(deviceID: "fan", state: .off), phrase: clash)
                Issue.record("'\(clash)' was accepted twice")
            } catch let error as RegistryError {
                #expect(error == .phraseInUse(phrase: clash.trimmingCharacters(in: .whitespaces), holder: holder))
                #expect("\(error)".contains("voiceplug shortcuts edit \(holder.id.uuidString)"))
                #expect("\(error)".contains("kitchen-lamp → off"))
            }
        }
        #expect(registry.allVoiceShortcuts().count == 1)
    }

    @Test("one shortcut per device and state; a second add points to edit")
    func onePerPair() throws {
        let registry = try center()
        let existing = try registry.add(lampOff, phrase: "lights out")
        let error = #expect(throws: RegistryError.pairHasShortcut(existing: existing)) {
            try registry.add(lampOff, phrase: "darkness please")
        }
        #expect(error.map { "\($0)".contains("shortcuts edit \(existing.id.uuidString)") } == true)
        try registry.add(lampOn, phrase: "lights on")
        #expect(registry.allVoiceShortcuts().count == 2)
    }

    @Test("the button offers add, then edit with the shortcut")
    func addVersusEdit() throws {
        let registry = try center()
        #expect(registry.buttonAction(for: lampOff.key) == .add)
        let added = try registry.add(lampOff, phrase: "lights out")
        #expect(registry.buttonAction(for: lampOff.key) == .edit(added))
        try registry.delete(id: added.id)
        #expect(registry.buttonAction(for: lampOff.key) == .add)
    }

    @Test("edit and delete keep every lookup right")
    func editAndDeleteKeepIndex() throws {
        let registry = try center()
        let added = try registry.add(lampOff, phrase: "lights out")
        let edited = try registry.edit(id: added.id, phrase: "good night")
        #expect(edited.id == added.id && edited.invocationPhrase == "good night")
        #expect(registry.index.voiceShortcut(forNormalizedPhrase: "lights out") == nil)
        #expect(registry.index.voiceShortcut(forNormalizedPhrase: "good night") == edited)
        #expect(registry.voiceShortcut(for: lampOff.key) == edited)
        // The old phrase is free again.
        try registry.add(ToggleStateIntent(deviceID: "fan", state: .off), phrase: "lights out")
        // Editing to its own phrase (other spelling) is fine; to another's is not.
        try registry.edit(id: added.id, phrase: "Good Night!")
        #expect(throws: RegistryError.self) { try registry.edit(id: added.id, phrase: "LIGHTS OUT") }
        try registry.delete(id: added.id)
        #expect(registry.voiceShortcut(for: lampOff.key) == nil)
        #expect(registry.index.voiceShortcut(forNormalizedPhrase: "good night") == nil)
        #expect(throws: RegistryError.unknownShortcut(added.id.uuidString)) { try registry.delete(id: added.id) }
        #expect(throws: RegistryError.unknownShortcut(added.id.uuidString)) { try registry.edit(id: added.id, phrase: "x") }
    }

    @Test("empty and over-long phrases are refused")
    func badPhrases() throws {
        let registry = try center()
        #expect(throws: RegistryError.emptyPhrase) { try registry.add(lampOff, phrase: " ?! ") }
        #expect(throws: RegistryError.phraseTooLong(limit: 200)) { try registry.add(lampOff, phrase: String(repeating: "a", count: 201)) }
    }

    @Test("phrases in any script")
    func anyScript() throws {
        let registry = try center()
        try registry.add(lampOff, phrase: "Licht aus")
        try registry.add(lampOn, phrase: "свет включить")
        try registry.add(ToggleStateIntent(deviceID: "fan", state: .on), phrase: "扇風機をつけて")
        #expect(registry.index.voiceShortcut(forNormalizedPhrase: PhraseNormalizer.normalize("LICHT AUS"))?.intent == lampOff)
        #expect(registry.index.voiceShortcut(forNormalizedPhrase: PhraseNormalizer.normalize("Свет включить"))?.intent == lampOn)
    }

    @Test("a change made through another connection reaches the index on refresh")
    func changesFromAnotherConnection() throws {
        let gateway = try center()
        let cli = try center()
        let added = try cli.add(lampOff, phrase: "lights out")
        #expect(gateway.voiceShortcut(for: lampOff.key) == nil)
        try gateway.refresh()
        #expect(gateway.voiceShortcut(for: lampOff.key) == added)
        try cli.edit(id: added.id, phrase: "good night")
        try gateway.refresh()
        #expect(gateway.index.voiceShortcut(forNormalizedPhrase: "good night")?.id == added.id)
        #expect(gateway.index.voiceShortcut(forNormalizedPhrase: "lights out") == nil)
        try cli.delete(id: added.id)
        try gateway.refresh()
        #expect(gateway.index.count == 0)
    }

    @Test("a file that is not a store is refused and left byte for byte", arguments: ["text", "sqlite", "garbage"])
    func foreignFilesAreRefused(kind: String) throws {
        let file = folder.path("other.db")
        switch kind {
        case "text":
            try "just some notes\n".write(toFile: file, atomically: true, encoding: .utf8)
        case "garbage":
            try Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 7919) }).write(to: URL(fileURLWithPath: file))
        default:
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [
                "python3", "-c", "import sqlite3; c = sqlite3.connect('\(file)'); c.execute('create table t (x)'); c.commit()",
            ]
            try process.run()
            process.waitUntilExit()
            try #require(process.terminationStatus == 0, "python3 could not write a SQLite file")
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: file))
        switch Result(catching: { () throws(StoreError) in try SQLiteShortcutStore(path: file) }) {
        case .success:
            Issue.record("\(kind) file was accepted")
        case .failure(let error):
            if case .notAStore = error {} else { Issue.record("unexpected \(error)") }
            #expect("\(error)".contains("left untouched"))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before)
        #expect(!FileManager.default.fileExists(atPath: file + "-wal"))
    }

    @Test("a damaged store is refused with a clear error and left as it was")
    func damagedStoreIsRefused() throws {
        let registry = try center()
        for index in 0..<300 {
            try registry.add(
                ToggleStateIntent(deviceID: "device-\(index)", state: .on),
                phrase: "phrase number \(index) " + String(repeating: "x", count: 50))
        }
        _ = registry
        // Checkpoint the WAL into the main file by reopening and closing.
        _ = try SQLiteShortcutStore(path: path)
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(bytes.count > 16384)
        for offset in stride(from: 4096 + 100, to: bytes.count - 100, by: 97) { bytes[offset] = 0xA5 }
        try bytes.write(to: URL(fileURLWithPath: path))
        try? FileManager.default.removeItem(atPath: path + "-wal")
        try? FileManager.default.removeItem(atPath: path + "-shm")
        #expect(throws: StoreError.self) { _ = try VoiceShortcutCenter(store: SQLiteShortcutStore(path: path)) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
    }

    @Test("a missing folder gives a clear error")
    func missingFolder() {
        #expect(throws: StoreError.self) { _ = try SQLiteShortcutStore(path: folder.path("no/such/folder/x.db")) }
    }

    @Test("suggestions: pairs switched by phrase at least twice without a shortcut, most used first")
    func suggestions() throws {
        let store = try SQLiteShortcutStore(path: path)
        let registry = try VoiceShortcutCenter(store: store)
        let fanOn = ToggleStateIntent(deviceID: "fan", state: .on)
        for phrase in ["turn on the fan", "Turn on the fan!", "fan on"] {
            try store.record(Execution(intent: fanOn, phrase: phrase, shortcutID: nil, source: .command, confirmed: true))
        }
        for _ in 0..<2 {
            try store.record(Execution(intent: lampOff, phrase: "lamp off", shortcutID: nil, source: .command, confirmed: true))
        }
        try store.record(Execution(intent: lampOn, phrase: "lamp on", shortcutID: nil, source: .command, confirmed: true))
        try store.record(Execution(intent: lampOn, phrase: "lamp on", shortcutID: nil, source: .command, confirmed: false))
        #expect(
            try store.suggestions(minimumCount: 2) == [
                ShortcutSuggestion(intent: fanOn, count: 3, commonPhrase: "turn on the fan"),
                ShortcutSuggestion(intent: lampOff, count: 2, commonPhrase: "lamp off"),
            ])
        try registry.add(lampOff, phrase: "lights out")
        #expect(try store.suggestions(minimumCount: 2).map(\.intent) == [fanOn])
    }

    @Test("an execution of a deleted shortcut is kept, without the link")
    func executionOutlivesShortcut() throws {
        let store = try SQLiteShortcutStore(path: path)
        let registry = try VoiceShortcutCenter(store: store)
        let added = try registry.add(lampOff, phrase: "lights out")
        try registry.delete(id: added.id)
        try store.record(Execution(intent: lampOff, phrase: "lights out", shortcutID: added.id, source: .shortcut, confirmed: true))
        let kept = try #require(try store.recentExecutions(limit: 10).first)
        #expect(kept.intent == lampOff && kept.phrase == "lights out" && kept.confirmed)
        #expect(kept.shortcutID == nil, "the link to the deleted shortcut is dropped")
    }

    @Test("an execution keeps the link to a shortcut that still exists")
    func executionLinksShortcut() throws {
        let store = try SQLiteShortcutStore(path: path)
        let added = try VoiceShortcutCenter(store: store).add(lampOff, phrase: "lights out")
        try store.record(Execution(intent: lampOff, phrase: "lights out", shortcutID: added.id, source: .shortcut, confirmed: true))
        #expect(try store.recentExecutions(limit: 10).map(\.shortcutID) == [added.id])
    }

    @Test("a store of a newer schema is refused and left untouched")
    func newerSchemaRefused() throws {
        do { _ = try SQLiteShortcutStore(path: path) }  // created, then closed: its header is in the main file
        // The header's user_version (offset 60, big-endian) as a later VoicePlug would write it.
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        bytes.replaceSubrange(60..<64, with: [0, 0, 0, 99])
        try bytes.write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: StoreError.self) { try SQLiteShortcutStore(path: path) }
        #expect(error.map { "\($0)".contains("newer VoicePlug (schema 99)") } == true, "\(String(describing: error))")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
    }

    @Test("a phrase that already says another command is refused as a shortcut; the same command is allowed")
    func phraseThatIsACommand() throws {
        let kettleOn = ToggleStateIntent(deviceID: "kettle", state: .on)
        let meaning: @Sendable (String) -> PhraseMeaning? = { phrase in
            switch PhraseNormalizer.normalize(phrase) {
            case "turn on the kettle": .command(kettleOn)
            case "turn off everything": .request("a command for 2 devices → off")
            default: nil
            }
        }
        let registry = try VoiceShortcutCenter(store: SQLiteShortcutStore(path: path), meaning: meaning)
        let fanOn = ToggleStateIntent(deviceID: "desk-fan", state: .on)
        let error = #expect(throws: RegistryError.self) { try registry.add(fanOn, phrase: "Turn on the kettle!") }
        #expect(error.map { "\($0)".contains("already means kettle → on") } == true, "\(String(describing: error))")
        let fan = try registry.add(fanOn, phrase: "breeze please")
        #expect(throws: RegistryError.self) { try registry.edit(id: fan.id, phrase: "turn on the kettle") }
        #expect(throws: RegistryError.self) {
            try registry.add(contentsOf: [VoiceShortcut(invocationPhrase: "turn on the kettle", shortcut: Shortcut(intent: lampOn))])
        }
        #expect(try registry.add(kettleOn, phrase: "turn on the kettle").intent == kettleOn)
        #expect(registry.allVoiceShortcuts().count == 2)
        let group = #expect(throws: RegistryError.self) { try registry.add(lampOff, phrase: "Turn off everything") }
        #expect(group.map { "\($0)".contains("already means a command for 2 devices → off") } == true)
    }

    @Test("importing the shortcuts the store holds already is no change; a changed one is still refused")
    func identicalImportIsNoChange() throws {
        let registry = try center()
        let held = try registry.add(lampOff, phrase: "good night")
        try registry.refresh()
        let version = registry.version
        try registry.add(contentsOf: [held])
        try registry.refresh()
        #expect(registry.version == version, "nothing was written")
        #expect(registry.allVoiceShortcuts() == [held])
        var changed = held
        changed.invocationPhrase = "sleep well"
        #expect(throws: (any Error).self) { try registry.add(contentsOf: [changed]) }
    }

    @Test("the execution history keeps the newest historyLimit rows, pruned as it grows")
    func historyBounded() throws {
        let store = try SQLiteShortcutStore(path: path)
        store.historyLimit = 100
        for index in 0..<2_500 {
            try store.record(Execution(intent: lampOn, phrase: "lamp on \(index)", shortcutID: nil, source: .command, confirmed: true))
        }
        let kept = try store.recentExecutions(limit: 10_000)
        // Pruned at each 1,000th row to the newest 100; at most 1,000 more since.
        #expect(kept.count >= 100 && kept.count <= 1_100, "\(kept.count)")
        #expect(kept.first?.phrase == "lamp on 2499")
        #expect(try store.suggestions(minimumCount: 2).first?.count == kept.count)
    }
}
