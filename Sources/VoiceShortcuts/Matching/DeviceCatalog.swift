/// The configured devices, indexed for the matcher: by normalized name and
/// alias (and as it is said when it is written with signs, with the letters
/// a hyphen or slash joins written together, or in camel case as words), by
/// area, and by every one-letter deletion of every name (for typo
/// tolerance). Every lookup is a hash lookup: the time to match a phrase
/// does not grow with the number of devices.
public struct DeviceCatalog: Sendable {
    /// A name (or alias) and the device it names.
    struct NameEntry: Sendable {
        var words: String
        var key: TypoKey
        var deviceIndex: Int
    }

    public let devices: [Device]
    private let indexByID: [String: Int]
    /// Normalized name or alias → devices called so.
    private let byName: [String: [Int]]
    /// Normalized area names, and areas written with signs as they are said → as written.
    private let areas: [String: String]
    /// The first words of names and of areas: a span whose first word is not
    /// among them needs no lookup (and no string joining).
    private let nameStarts: Set<String>
    private let areaStarts: Set<String>
    /// Normalized area of each device (nil when it has none).
    private let deviceAreas: [String?]
    private let names: [NameEntry]
    /// A name with one letter deleted (and the name itself) → name entries.
    private let deletions: [String: [Int]]

    /// The shortest name (in letters) that typo tolerance applies to: in a
    /// shorter name one letter changes too much ("fan" → "pan").
    static let shortestTypoTolerantName = 5

    public init(devices: [Device]) {
        self.devices = devices
        var indexByID: [String: Int] = [:]
        var byName: [String: [Int]] = [:]
        var areas: [String: String] = [:]
        var deviceAreas: [String?] = []
        var names: [NameEntry] = []
        for (index, device) in devices.enumerated() {
            indexByID[device.id] = index
            let area = device.area.map(PhraseNormalizer.normalize).flatMap { $0.isEmpty ? nil : $0 }
            deviceAreas.append(area)
            if let area { areas[area] = area }
            var seen: Set<String> = []
            for name in [device.name] + device.aliases {
                let words = PhraseNormalizer.normalize(name)
                guard !words.isEmpty, seen.insert(words).inserted else { continue }
                byName[words, default: []].append(index)
                names.append(NameEntry(words: words, key: TypoKey(words), deviceIndex: index))
                // Its numbers written the other way ("lamp two" for "lamp 2"), exactly: a number is never a typo.
                for other in NumberWords.otherWritings(of: words) where byName[other]?.contains(index) != true {
                    byName[other, default: []].append(index)
                }
            }
        }
        // A name written with signs, as it is said (see `PhraseNormalizer.spokenWords`), one with letters joined by a
        // hyphen or slash, written together (`PhraseNormalizer.joinedWords`), and one in camel case, as words
        // (`PhraseNormalizer.splitWords`), each with its numbers written the other way too ("lamp one" for "lamp 1️⃣"),
        // unless a device is called so.
        var otherNames: [String: [Int]] = [:]
        for (index, device) in devices.enumerated() {
            for words in ([device.name] + device.aliases).flatMap(PhraseNormalizer.otherWritings)
                .flatMap({ [$0] + NumberWords.otherWritings(of: $0) })
            where byName[words] == nil && otherNames[words]?.contains(index) != true {
                otherNames[words, default: []].append(index)
                names.append(NameEntry(words: words, key: TypoKey(words), deviceIndex: index))
            }
        }
        byName.merge(otherNames) { written, _ in written }
        // So is an area ("living and dining" for "Living & Dining"), and with its numbers written the other way ("second
        // floor" for "2nd floor"), unless an area is called so.
        for device in devices {
            guard let area = device.area else { continue }
            let written = PhraseNormalizer.normalize(area)
            for words in PhraseNormalizer.otherWritings(area) + NumberWords.otherWritings(of: written) where areas[words] == nil {
                areas[words] = written
            }
        }
        var deletions: [String: [Int]] = [:]
        for (entryIndex, entry) in names.enumerated() {
            for variant in entry.key.deletionVariants() {
                deletions[variant, default: []].append(entryIndex)
            }
        }
        self.nameStarts = Set(byName.keys.compactMap { $0.split(separator: " ").first.map(String.init) })
        self.areaStarts = Set(areas.keys.compactMap { $0.split(separator: " ").first.map(String.init) })
        self.indexByID = indexByID
        self.byName = byName
        self.areas = areas
        self.deviceAreas = deviceAreas
        self.names = names
        self.deletions = deletions
    }

    /// The device with `id`.
    public func device(id: String) -> Device? { indexByID[id].map { devices[$0] } }

    /// The area the words name (normalized, as written), if they do.
    func area(_ words: ArraySlice<String>) -> String? {
        guard let first = words.first, areaStarts.contains(first) else { return nil }
        return words.count == 1 ? areas[first] : areas[words.joined(separator: " ")]
    }

    /// Whether some name or area could start with `word`.
    func mayStartNameOrArea(_ word: String) -> Bool { nameStarts.contains(word) || areaStarts.contains(word) }

    /// Devices whose name or alias is exactly the words.
    func devices(named words: ArraySlice<String>) -> [Int] {
        guard let first = words.first, nameStarts.contains(first) else { return [] }
        return byName[words.count == 1 ? first : words.joined(separator: " ")] ?? []
    }

    /// Devices whose name or alias is exactly `words`.
    func devices(named words: String) -> [Int] { byName[words] ?? [] }

    /// The normalized area of the device at `index`.
    func area(ofDeviceAt index: Int) -> String? { deviceAreas[index] }

    /// Names exactly one letter away from `words` (a wrong, missing or extra
    /// letter; never a digit or a space), with the devices they name.
    func devices(oneLetterFrom words: String) -> [(deviceIndex: Int, name: String)] {
        let query = TypoKey(words)
        guard query.letterCount >= Self.shortestTypoTolerantName else { return [] }
        var found: [(Int, String)] = []
        var seen: Set<Int> = []
        for variant in query.deletionVariants() {
            for entryIndex in deletions[variant] ?? [] where seen.insert(entryIndex).inserted {
                let entry = names[entryIndex]
                guard entry.words != words, entry.key.letterCount >= Self.shortestTypoTolerantName,
                    query.isOneLetterFrom(entry.key)
                else { continue }
                found.append((entry.deviceIndex, entry.words))
            }
        }
        return found
    }
}

/// A name prepared for one-letter comparisons: bytes when it is ASCII (the
/// common case, and cheap), characters otherwise.
struct TypoKey: Sendable {
    private enum Storage: Sendable {
        case ascii([UInt8])
        case unicode([Character])
    }

    private let storage: Storage
    let letterCount: Int

    init(_ text: String) {
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            let bytes = Array(text.utf8)
            storage = .ascii(bytes)
            letterCount = bytes.reduce(0) { $0 + (Self.isASCIILetter($1) ? 1 : 0) }
        } else {
            let characters = Array(text)
            storage = .unicode(characters)
            letterCount = characters.reduce(0) { $0 + ($1.isLetter ? 1 : 0) }
        }
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }

    /// The text itself and the text with each letter deleted in turn.
    func deletionVariants() -> [String] {
        switch storage {
        case .ascii(let bytes):
            var variants = [String(decoding: bytes, as: UTF8.self)]
            variants.reserveCapacity(bytes.count + 1)
            var buffer = [UInt8]()
            buffer.reserveCapacity(bytes.count)
            for index in bytes.indices where Self.isASCIILetter(bytes[index]) {
                buffer.removeAll(keepingCapacity: true)
                buffer.append(contentsOf: bytes[..<index])
                buffer.append(contentsOf: bytes[(index + 1)...])
                variants.append(String(decoding: buffer, as: UTF8.self))
            }
            return variants
        case .unicode(let characters):
            var variants = [String(characters)]
            for index in characters.indices where characters[index].isLetter {
                var shorter = characters
                shorter.remove(at: index)
                variants.append(String(shorter))
            }
            return variants
        }
    }

    /// Whether one wrong, missing or extra letter turns this into `other`.
    func isOneLetterFrom(_ other: TypoKey) -> Bool {
        switch (storage, other.storage) {
        case (.ascii(let a), .ascii(let b)):
            guard let edit = EditDistance.singleEdit(a, b) else { return false }
            return (edit.removed.map(Self.isASCIILetter) ?? true) && (edit.added.map(Self.isASCIILetter) ?? true)
        default:
            let a = characters, b = other.characters
            guard let edit = EditDistance.singleEdit(a, b) else { return false }
            return (edit.removed?.isLetter ?? true) && (edit.added?.isLetter ?? true)
        }
    }

    private var characters: [Character] {
        switch storage {
        case .ascii(let bytes): Array(String(decoding: bytes, as: UTF8.self))
        case .unicode(let characters): characters
        }
    }
}
