import Foundation

/// Normalizes phrases the way the registry compares them (SPEC): Unicode
/// NFKC, case-folded, punctuation dropped, white space collapsed.
///
/// Apostrophes inside words vanish ("don't" → "dont"); any other punctuation
/// separates words ("chest-freezer" → "chest freezer"). Letters, digits,
/// marks and symbols (emoji included) are kept, in any script.
public enum PhraseNormalizer {
    /// The normalized phrase: words joined by single spaces.
    public static func normalize(_ text: String) -> String {
        words(text).joined(separator: " ")
    }

    /// The normalized words of `text`.
    public static func words(_ text: String) -> [String] {
        var words: [String] = []
        forEachWord(text) { words.append($0) }
        return words
    }

    /// The normalized words of the other ways a name or phrase is said: its
    /// signs said (`spokenWords`), its camel case as words (`splitWords`).
    /// What the speech grammar says beside the written words, so what the
    /// matcher and the registry must know too.
    public static func otherSayings(_ text: String) -> [[String]] {
        [spokenWords(text), splitWords(text)].compactMap { $0 }
    }

    /// The other ways a name, area or phrase is said (`otherSayings`) and
    /// the letters a hyphen or slash joins written together (`joinedWords`),
    /// as whole normalized texts: what the matcher and the registry find it by
    /// beside its written words. (The speech grammar says the joined letters
    /// as written.)
    public static func otherWritings(_ text: String) -> [String] {
        (otherSayings(text) + [joinedWords(text)].compactMap { $0 }).map { $0.joined(separator: " ") }
    }

    /// The normalized words of a name as it is said, when they differ from
    /// its written ones (`words`): "&" said "and" and "+" "plus" ("TV &
    /// sound bar" → "tv and sound bar", "Disney+" → "disney plus"), symbols
    /// such as emoji not said ("🎄 tree" → "tree"). Nil when it is said as
    /// written or nothing would be left.
    public static func spokenWords(_ text: String) -> [String]? {
        // Most names and phrases have no sign to say: ASCII without "&", "+" or a symbol is said as written. Asked for
        // every voice shortcut the registry loads, this is its hot path.
        guard text.unicodeScalars.contains(where: { !$0.isASCII || $0 == "&" || $0 == "+" || isSymbol($0) }) else { return nil }
        let written = words(text)
        let signsSaid = text.precomposedStringWithCompatibilityMapping
            .replacingOccurrences(of: "&", with: " and ").replacingOccurrences(of: "+", with: " plus ")
        let said = words(signsSaid).compactMap { word -> String? in
            // A keycap ("1️⃣": the digit, U+FE0F, U+20E3) is said as its digit: its presentation selector and enclosing mark go too.
            let letters = word.unicodeScalars.filter { !isSymbol($0) && !isEmojiMark($0) }
            // Nothing is left of an emoji, or other marks: no word.
            guard letters.contains(where: { $0.properties.isAlphabetic || $0.properties.numericType != nil }) else { return nil }
            return String(String.UnicodeScalarView(letters))
        }
        return said.isEmpty || said == written ? nil : said
    }

    /// The normalized words of a name whose letters a hyphen or slash joins,
    /// written together, as people and speech recognizers often write them:
    /// "wi-fi router" → "wifi router", "A/C unit" → "ac unit". Nil when
    /// there is no such join.
    public static func joinedWords(_ text: String) -> [String]? {
        // At once for text without a hyphen, a slash or anything but ASCII: the shortcut index asks for every phrase.
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "/") || $0 >= 0x80 }) else { return nil }
        let scalars = Array(text.unicodeScalars)
        var joined = String.UnicodeScalarView()
        for (index, scalar) in scalars.enumerated() {
            let isJoin =
                (scalar == "-" || scalar == "/" || scalar == "\u{2010}" || scalar == "\u{2011}") && index > 0 && index + 1 < scalars.count
                && scalars[index - 1].properties.isAlphabetic && scalars[index + 1].properties.isAlphabetic
            if !isJoin { joined.append(scalar) }
        }
        guard joined.count < scalars.count else { return nil }
        let words = words(String(joined))
        return words.isEmpty ? nil : words
    }

    /// The normalized words of a name written in camel case, each capital
    /// after a small letter beginning a word: "LivingRoomLamp" → "living
    /// room lamp", "PlayStation 5" → "play station 5". Nil when there is none.
    public static func splitWords(_ text: String) -> [String]? {
        let scalars = text.unicodeScalars
        guard zip(scalars, scalars.dropFirst()).contains(where: { $0.properties.isLowercase && $1.properties.isUppercase }) else {
            return nil
        }
        var split = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            if let previous, previous.properties.isLowercase, scalar.properties.isUppercase { split.append(" ") }
            split.append(scalar)
            previous = scalar
        }
        return words(String(split))
    }

    /// Calls `body` with each normalized word, in order.
    public static func forEachWord(_ text: String, _ body: (String) -> Void) {
        var text = text
        let isASCII = text.utf8.allSatisfy { $0 < 0x80 }
        if isASCII {
            text.withUTF8 { asciiWords($0, body) }
        } else {
            unicodeWords(text, body)
        }
    }

    /// The fast path: ASCII needs no NFKC, and folding is lower-casing.
    private static func asciiWords(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (String) -> Void) {
        var word = [UInt8]()
        word.reserveCapacity(32)
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                word.append(byte | 0x20)
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                word.append(byte)
            case UInt8(ascii: "'"):
                continue
            case UInt8(ascii: "$"), UInt8(ascii: "+"), UInt8(ascii: "<"), UInt8(ascii: "="), UInt8(ascii: ">"),
                UInt8(ascii: "^"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
                word.append(byte)  // symbols (Unicode category S) are kept, as on the Unicode path
            default:
                if !word.isEmpty {
                    body(String(decoding: word, as: UTF8.self))
                    word.removeAll(keepingCapacity: true)
                }
            }
        }
        if !word.isEmpty { body(String(decoding: word, as: UTF8.self)) }
    }

    private static func unicodeWords(_ text: String, _ body: (String) -> Void) {
        let folded = text.precomposedStringWithCompatibilityMapping
            .folding(options: [.caseInsensitive], locale: nil)
            .precomposedStringWithCompatibilityMapping
        var word = String.UnicodeScalarView()
        for scalar in folded.unicodeScalars {
            if isApostrophe(scalar) { continue }
            if isWordScalar(scalar) {
                word.append(scalar)
            } else if !word.isEmpty {
                body(String(word))
                word.removeAll()
            }
        }
        if !word.isEmpty { body(String(word)) }
    }

    private static func isApostrophe(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "'" || scalar == "\u{2019}" || scalar == "\u{02BC}"
    }

    /// A variation selector (U+FE00–U+FE0F, "as emoji") or an enclosing mark (U+20E3, the keycap's).
    private static func isEmojiMark(_ scalar: Unicode.Scalar) -> Bool {
        (0xFE00...0xFE0F).contains(scalar.value) || scalar.properties.generalCategory == .enclosingMark
    }

    private static func isSymbol(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol: true
        default: false
        }
    }

    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .nonspacingMark, .spacingMark, .enclosingMark,
            .decimalNumber, .letterNumber, .otherNumber,
            .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol:
            return true
        default:
            return false
        }
    }
}
