/// Numbers from 0 to 9,999 written as digits and as English words: a device
/// called "lamp 2" is also "lamp two", and one called "lamp two" also
/// "lamp 2" (see `DeviceCatalog`); so are ordinals ("2nd floor heater",
/// "second floor heater"); one of three or four digits is also said in full,
/// with "and" or without, and in pairs: "xbox 360" is also "xbox three
/// hundred sixty", "xbox three hundred and sixty" and "xbox three sixty".
public enum NumberWords {
    private static let units = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
        "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen",
    ]
    private static let tens = ["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
    /// The words a number or ordinal in words begins with, each as `key` reads it, in order (56 of them: a binary
    /// search is cheaper than hashing).
    private static let numberWordKeys = (units + tens + ordinalUnits + ordinalTens).map { key($0.utf8) }.sorted()
    /// Each word of `units`, `tens`, `ordinalUnits` and `ordinalTens` and its place there.
    private static let unitIndex = index(units), tenIndex = index(tens)
    private static let ordinalUnitIndex = index(ordinalUnits), ordinalTenIndex = index(ordinalTens)
    private static func index(_ words: [String]) -> [String: Int] {
        Dictionary(uniqueKeysWithValues: words.enumerated().map { ($1, $0) })
    }

    /// `words` (normalized, space-separated) with its numbers written the
    /// other way — numbers of digits as words ("lamp 21" → "lamp twenty
    /// one", "room 101" → "room one hundred one" and "room one hundred and
    /// one"), numbers of words as digits ("lamp twenty one" → "lamp 21") —
    /// one result each way that changes something.
    public static func otherWritings(of words: String) -> [String] {
        // Most phrases hold no number, and each way is only tried when it can change something: the shortcut index
        // asks for every phrase it loads.
        let hasDigits = hasDigit(words)
        let hasNumberWords = mayHoldNumberWords(words)
        guard hasDigits || hasNumberWords else { return [] }
        let split = words.split(separator: " ").map(String.init)
        func spelled(and: Bool) -> [String] {
            split.flatMap { word in
                number(digits: word).map(spell) ?? ordinal(digits: word).map(spellOrdinal)
                    ?? largeNumber(digits: word).map { spellLarge($0, and: and) } ?? [word]
            }
        }
        var writings: [[String]] = []
        if hasDigits {
            writings.append(spelled(and: false))
            if split.contains(where: { largeNumber(digits: $0) != nil }) {
                writings.append(spelled(and: true))
                writings.append(
                    split.flatMap { word in
                        pairs(of: word).map { $0.flatMap { part in number(digits: part).map(spell) ?? [part] } } ?? [word]
                    })
            }
        }
        if hasNumberWords, let written = inDigits(split) { writings.append(written) }
        return Set(writings.filter { $0 != split }.map { $0.joined(separator: " ") }).sorted()
    }

    /// `words` (normalized, space-separated) with its numbers and ordinals in
    /// words written in digits, as `otherWritings` writes them ("scene two"
    /// → "scene 2", "the second movie" → "the 2nd movie", "route one hundred
    /// and one" → "route 101"); nil when it has none.
    public static func inDigits(_ words: String) -> String? {
        guard mayHoldNumberWords(words) else { return nil }
        return inDigits(words.split(separator: " ").map(String.init))?.joined(separator: " ")
    }

    /// Whether a word of `words` may begin a number or ordinal in words (its `key` is one of theirs), read without
    /// making a string: the shortcut index asks for every phrase it loads and looks up.
    private static func mayHoldNumberWords(_ words: String) -> Bool {
        var key = Key()
        for byte in words.utf8 {
            guard byte == UInt8(ascii: " ") else {
                key.add(byte)
                continue
            }
            if isNumberWordKey(key.value) { return true }
            key = Key()
        }
        return isNumberWordKey(key.value)
    }

    private static func isNumberWordKey(_ key: UInt64) -> Bool {
        var (low, high) = (0, numberWordKeys.count)
        while low < high {
            let middle = (low + high) / 2
            if numberWordKeys[middle] < key { low = middle + 1 } else { high = middle }
        }
        return low < numberWordKeys.count && numberWordKeys[low] == key
    }

    /// A word's first seven bytes and its length, in one number.
    private struct Key {
        private var bytes: UInt64 = 0
        private var length: UInt64 = 0
        mutating func add(_ byte: UInt8) {
            if length < 7 { bytes = bytes << 8 | UInt64(byte) }
            length += 1
        }
        var value: UInt64 { bytes << 8 | min(length, 255) }
    }

    private static func key(_ word: some Sequence<UInt8>) -> UInt64 {
        var key = Key()
        for byte in word { key.add(byte) }
        return key.value
    }

    private static func inDigits(_ split: [String]) -> [String]? {
        var written: [String] = []
        var index = 0
        while index < split.count {
            if let (value, count) = ordinal(words: split[index...]) {
                written.append(String(value) + suffix(value))
                index += count
            } else if let (value, count) = number(words: split[index...]) {
                written.append(String(value))
                index += count
            } else {
                written.append(split[index])
                index += 1
            }
        }
        return written == split ? nil : written
    }

    /// A number of three or four digits as model numbers and years are said,
    /// in pairs: "360" 3 60, "101" 1 oh 1, "1080" 10 80, "1905" 19 oh 5; nil
    /// for any other word and for round hundreds ("300", "2000"), said as numbers.
    public static func pairs(of word: String) -> [String]? {
        guard let value = largeNumber(digits: word), value % 100 != 0 else { return nil }
        let (head, tail) = (String(value / 100), value % 100)
        return tail < 10 ? [head, "oh", String(tail)] : [head, String(tail)]
    }

    /// The value of `word` when it is a number of digits from 0 to 99 written as it is said ("7", "21"; not "07").
    private static func number(digits word: String) -> Int? {
        guard (1...2).contains(word.utf8.count), isDigits(word), let value = Int(word),
            String(value) == word
        else { return nil }
        return value
    }

    /// Whether `word` is ASCII digits alone.
    private static func isDigits(_ word: String) -> Bool { word.utf8.allSatisfy(isDigit) }

    /// Whether `text` has an ASCII digit.
    static func hasDigit(_ text: String) -> Bool { text.utf8.contains(where: isDigit) }

    private static func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    /// The value of `word` when it is a number of digits from 100 to 9,999 written as it is said ("360"; not "0360").
    private static func largeNumber(digits word: String) -> Int? {
        guard (3...4).contains(word.utf8.count), word.first != "0", isDigits(word) else { return nil }
        return Int(word)
    }

    /// 100 to 9,999 in words, its last part after "and" or not: 2501 → ["two", "thousand", "five", "hundred", "and", "one"].
    private static func spellLarge(_ value: Int, and: Bool) -> [String] {
        var words: [String] = []
        var rest = value
        if rest >= 1000 {
            words += spell(rest / 1000) + ["thousand"]
            rest %= 1000
        }
        if rest >= 100 {
            words += [units[rest / 100], "hundred"]
            rest %= 100
        }
        if rest > 0 { words += (and ? ["and"] : []) + spell(rest) }
        return words
    }

    /// The number the first words of `words` say ("twenty one" → 21 of two words; "three hundred and sixty" → 360 of
    /// four; "two thousand five hundred" → 2,500 of five), if they say one.
    private static func number(words: ArraySlice<String>) -> (value: Int, count: Int)? {
        guard let (small, count) = belowHundred(words) else { return nil }
        var end = words.startIndex + count
        func word(_ index: Int) -> String? { index < words.endIndex ? words[index] : nil }
        var value: Int
        if word(end) == "thousand", small > 0 {
            value = small * 1000
            end += 1
            if let (hundreds, count) = belowHundred(words[end...]), (1...9).contains(hundreds), word(end + count) == "hundred" {
                value += hundreds * 100
                end += count + 1
            }
        } else if word(end) == "hundred", small > 0 {
            value = small * 100
            end += 1
        } else {
            return (small, count)
        }
        let last = word(end) == "and" ? end + 1 : end
        if let (rest, count) = belowHundred(words[last...]), rest > 0 {
            value += rest
            end = last + count
        }
        return (value, end - words.startIndex)
    }

    /// The number from 0 to 99 the first words of `words` say ("twenty one" → 21 of two words), if they say one.
    private static func belowHundred(_ words: ArraySlice<String>) -> (value: Int, count: Int)? {
        guard let first = words.first else { return nil }
        if let unit = unitIndex[first] { return (unit, 1) }
        guard let ten = tenIndex[first] else { return nil }
        let value = (ten + 2) * 10
        if words.count > 1, let unit = unitIndex[words[words.startIndex + 1]], (1...9).contains(unit) {
            return (value + unit, 2)
        }
        return (value, 1)
    }

    private static let ordinalUnits = [
        "zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth", "eleventh",
        "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth", "seventeenth", "eighteenth", "nineteenth",
    ]
    private static let ordinalTens = ["twentieth", "thirtieth", "fortieth", "fiftieth", "sixtieth", "seventieth", "eightieth", "ninetieth"]

    /// The value of `word` when it is an ordinal from 1st to 99th written in digits as it is said ("2nd", "21st").
    private static func ordinal(digits word: String) -> Int? {
        guard word.count > 2, let value = number(digits: String(word.dropLast(2))), value > 0, word.hasSuffix(suffix(value)) else {
            return nil
        }
        return value
    }

    /// The ordinal the first words of `words` say ("twenty first" → 21 of two words), if they say one.
    private static func ordinal(words: ArraySlice<String>) -> (value: Int, count: Int)? {
        guard let first = words.first else { return nil }
        if let unit = ordinalUnitIndex[first], unit > 0 { return (unit, 1) }
        if let ten = ordinalTenIndex[first] { return ((ten + 2) * 10, 1) }
        guard let ten = tenIndex[first], words.count > 1,
            let unit = ordinalUnitIndex[words[words.startIndex + 1]], (1...9).contains(unit)
        else { return nil }
        return ((ten + 2) * 10 + unit, 2)
    }

    /// 1st to 99th in words: 21 → ["twenty", "first"].
    private static func spellOrdinal(_ value: Int) -> [String] {
        if value < ordinalUnits.count { return [ordinalUnits[value]] }
        return value % 10 == 0 ? [ordinalTens[value / 10 - 2]] : [tens[value / 10 - 2], ordinalUnits[value % 10]]
    }

    /// An ordinal's ending after its digits: "st", "nd", "rd" or "th".
    private static func suffix(_ value: Int) -> String {
        if (11...13).contains(value % 100) { return "th" }
        switch value % 10 {
        case 1: return "st"
        case 2: return "nd"
        case 3: return "rd"
        default: return "th"
        }
    }

    /// 0 to 99 in words: 21 → ["twenty", "one"].
    private static func spell(_ value: Int) -> [String] {
        if value < units.count { return [units[value]] }
        let ten = tens[value / 10 - 2]
        return value % 10 == 0 ? [ten] : [ten, units[value % 10]]
    }
}
