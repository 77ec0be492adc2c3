/// Finds a voice shortcut by normalized phrase (the registry's index does).
public protocol VoiceShortcutLookup {
    func voiceShortcut(forNormalizedPhrase phrase: String) -> VoiceShortcut?
}

/// Phrase → `ToggleStateIntent`, or a reasoned "not recognized".
///
/// First the registered invocation phrases (any language, after
/// normalization), then the generic English commands of `CommandGrammar` for
/// every device by name or alias, with or without its area, tolerating one
/// wrong, missing or extra letter in a device name when exactly one device is
/// that close. When in doubt it does not recognize: switching the wrong plug
/// is the worst thing it could do.
public struct PhraseMatcher: Sendable {
    public let catalog: DeviceCatalog

    /// Longer phrases are not commands (and are not searched).
    public static let maximumWords = 48

    public init(catalog: DeviceCatalog) {
        self.catalog = catalog
    }

    public init(devices: [Device]) {
        self.init(catalog: DeviceCatalog(devices: devices))
    }

    /// Matches `text` against the registered phrases in `shortcuts` and the
    /// generic commands for the catalog's devices.
    public func match(_ text: String, shortcuts: (some VoiceShortcutLookup)?) -> MatchResult {
        match(words: PhraseNormalizer.words(text), shortcuts: shortcuts)
    }

    /// `match` of a phrase's normalized words.
    func match(words: [String], shortcuts: (some VoiceShortcutLookup)?) -> MatchResult {
        guard !words.isEmpty else { return .notRecognized(.empty) }
        guard words.count <= Self.maximumWords else { return .notRecognized(.notACommand) }
        if let shortcuts, let found = lookUpShortcut(words, in: shortcuts) {
            return .recognized(found.intent, .voiceShortcut(found))
        }
        guard let frame = CommandGrammar.frame(words) else { return .notRecognized(.notACommand) }
        return resolve(frame)
    }

    /// Matches `text` against the generic commands only.
    public func match(_ text: String) -> MatchResult {
        match(text, shortcuts: Optional<NoShortcuts>.none)
    }

    private func lookUpShortcut(_ words: [String], in shortcuts: some VoiceShortcutLookup) -> VoiceShortcut? {
        if let found = shortcuts.voiceShortcut(forNormalizedPhrase: words.joined(separator: " ")) { return found }
        // "lights out please", "can you lights out"
        let trimmed = CommandGrammar.withoutSkipWords(words[...])
        guard trimmed.count != words.count, !trimmed.isEmpty else { return nil }
        return shortcuts.voiceShortcut(forNormalizedPhrase: trimmed.joined(separator: " "))
    }

    // MARK: The target

    /// One way to read the target: the words naming the device, and the
    /// area named before or after it.
    private struct Reading {
        var name: ArraySlice<String>
        var area: String?
    }

    func resolve(_ frame: CommandGrammar.Frame) -> MatchResult {
        var target = frame.target
        if let first = target.first, CommandGrammar.determiners.contains(first) { target = target.dropFirst() }
        guard !target.isEmpty else { return .notRecognized(.noDevice) }
        if target.count == 1, CommandGrammar.pronouns.contains(target[target.startIndex]) {
            return .notRecognized(.noDevice)
        }

        var readings = self.readings(of: target)
        if frame.trailingAreaRequired {
            readings.removeAll { $0.area == nil || $0.name.endIndex == target.endIndex }
            guard !readings.isEmpty else { return .notRecognized(.notACommand) }
        }
        var areaMismatch: NotRecognizedReason?
        // Exact names first: a phrase that names a device exactly never
        // falls through to typo correction.
        for reading in readings {
            let named = catalog.devices(named: reading.name)
            guard !named.isEmpty else { continue }
            switch choose(named, area: reading.area, heard: reading.name.joined(separator: " ")) {
            case .success(let index):
                return .recognized(ToggleStateIntent(deviceID: catalog.devices[index].id, state: frame.state), .command)
            case .failure(let reason):
                if case .ambiguous = reason { return .notRecognized(reason) }
                areaMismatch = areaMismatch ?? reason
            }
        }
        if let areaMismatch { return .notRecognized(areaMismatch) }

        var typoCandidates: [(index: Int, heard: String, corrected: String)] = []
        for reading in readings {
            let heard = reading.name.joined(separator: " ")
            for (index, corrected) in catalog.devices(oneLetterFrom: heard) where fits(index, area: reading.area) {
                if !typoCandidates.contains(where: { $0.index == index }) {
                    typoCandidates.append((index, heard, corrected))
                }
            }
        }
        if typoCandidates.count == 1, let only = typoCandidates.first {
            return .recognized(
                ToggleStateIntent(deviceID: catalog.devices[only.index].id, state: frame.state),
                .correctedTypo(heard: only.heard, corrected: only.corrected))
        }
        if typoCandidates.count > 1 {
            return .notRecognized(
                .ambiguous(
                    heard: typoCandidates[0].heard,
                    candidates: typoCandidates.map { catalog.devices[$0.index].id }.sorted()))
        }
        return .notRecognized(.unknownDevice(target.joined(separator: " ")))
    }

    /// The ways to split the target into [area] name [prep [det] area].
    private func readings(of target: ArraySlice<String>) -> [Reading] {
        var readings = [Reading(name: target, area: nil)]
        // An area after the name: "lamp in the kitchen".
        var cores: [(ArraySlice<String>, String?)] = [(target, nil)]
        for index in target.indices.dropFirst() where CommandGrammar.areaPrepositions.contains(target[index]) {
            var rest = target[(index + 1)...]
            if let first = rest.first, CommandGrammar.determiners.contains(first) { rest = rest.dropFirst() }
            guard let area = catalog.area(rest) else { continue }
            let core = target[..<index]
            cores.append((core, area))
            readings.append(Reading(name: core, area: area))
        }
        // An area before the name: "kitchen lamp" for the lamp in the kitchen.
        for (core, suffixArea) in cores where core.count > 1 {
            for split in (core.startIndex + 1)..<core.endIndex {
                guard let area = catalog.area(core[..<split]) else { continue }
                guard suffixArea == nil || suffixArea == area else { continue }
                var name = core[split...]
                if let first = name.first, CommandGrammar.determiners.contains(first) { name = name.dropFirst() }
                if !name.isEmpty { readings.append(Reading(name: name, area: area)) }
            }
        }
        return readings
    }

    private func fits(_ index: Int, area: String?) -> Bool {
        area == nil || catalog.area(ofDeviceAt: index) == area
    }

    /// The one device among those named that fits the area.
    private func choose(_ named: [Int], area: String?, heard: String) -> Result<Int, NotRecognizedReason> {
        let fitting = named.filter { fits($0, area: area) }
        if fitting.count == 1 { return .success(fitting[0]) }
        if fitting.isEmpty, let area {
            return .failure(.notInArea(device: catalog.devices[named[0]].id, area: area))
        }
        return .failure(.ambiguous(heard: heard, candidates: fitting.map { catalog.devices[$0].id }.sorted()))
    }
}

/// The lookup of a matcher used without a registry.
public struct NoShortcuts: VoiceShortcutLookup {
    public func voiceShortcut(forNormalizedPhrase phrase: String) -> VoiceShortcut? { nil }
}
