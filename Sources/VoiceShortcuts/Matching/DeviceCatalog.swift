/// The configured devices, indexed for the matcher: by normalized name and
/// alias, by area, and by every one-letter deletion of every name (for typo
/// tolerance). Every lookup is a hash lookup: the time to match a phrase does
/// not grow with the number of devices.
public struct DeviceCatalog: Sendable {
    /// A name (or alias) and the device it names.
    struct NameEntry: Sendable {
        var words: String
        var characters: [Character]
        var deviceIndex: Int
    }

    public let devices: [Device]
    private let indexByID: [String: Int]
    /// Normalized name or alias → devices called so.
    private let byName: [String: [Int]]
    /// Normalized area names.
    private let areas: Set<String>
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
        var areas: Set<String> = []
        var deviceAreas: [String?] = []
        var names: [NameEntry] = []
        for (index, device) in devices.enumerated() {
            indexByID[device.id] = index
            let area = device.area.map(PhraseNormalizer.normalize).flatMap { $0.isEmpty ? nil : $0 }
            deviceAreas.append(area)
            if let area { areas.insert(area) }
            var seen: Set<String> = []
            for name in [device.name] + device.aliases {
                let words = PhraseNormalizer.normalize(name)
                guard !words.isEmpty, seen.insert(words).inserted else { continue }
                byName[words, default: []].append(index)
                names.append(NameEntry(words: words, characters: Array(words), deviceIndex: index))
            }
        }
        var deletions: [String: [Int]] = [:]
        for (entryIndex, entry) in names.enumerated() {
            for variant in Self.deletionVariants(entry.characters) {
                deletions[variant, default: []].append(entryIndex)
            }
        }
        self.indexByID = indexByID
        self.byName = byName
        self.areas = areas
        self.deviceAreas = deviceAreas
        self.names = names
        self.deletions = deletions
    }

    /// The device with `id`.
    public func device(id: String) -> Device? { indexByID[id].map { devices[$0] } }

    /// Whether `words` (normalized, space-separated) is an area.
    func isArea(_ words: String) -> Bool { areas.contains(words) }

    /// Devices whose name or alias is exactly `words`.
    func devices(named words: String) -> [Int] { byName[words] ?? [] }

    /// The normalized area of the device at `index`.
    func area(ofDeviceAt index: Int) -> String? { deviceAreas[index] }

    /// Names exactly one letter away from `words` (a wrong, missing or extra
    /// letter; never a digit or a space), with the devices they name.
    func devices(oneLetterFrom words: String) -> [(deviceIndex: Int, name: String)] {
        let query = Array(words)
        guard query.filter(\.isLetter).count >= Self.shortestTypoTolerantName else { return [] }
        var found: [(Int, String)] = []
        var seen: Set<Int> = []
        for variant in Self.deletionVariants(query) {
            for entryIndex in deletions[variant] ?? [] where seen.insert(entryIndex).inserted {
                let entry = names[entryIndex]
                guard entry.words != words,
                      entry.characters.filter(\.isLetter).count >= Self.shortestTypoTolerantName,
                      let edit = EditDistance.singleEdit(query, entry.characters),
                      edit.removed.map(\.isLetter) ?? true, edit.added.map(\.isLetter) ?? true
                else { continue }
                found.append((entry.deviceIndex, entry.words))
            }
        }
        return found
    }

    /// `characters` itself and every string with one letter deleted.
    private static func deletionVariants(_ characters: [Character]) -> [String] {
        var variants = [String(characters)]
        for index in characters.indices where characters[index].isLetter {
            var shorter = characters
            shorter.remove(at: index)
            variants.append(String(shorter))
        }
        return variants
    }
}
