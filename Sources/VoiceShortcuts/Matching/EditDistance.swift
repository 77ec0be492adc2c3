/// Edit distances between short strings (device names, keys).
enum EditDistance {
    /// Levenshtein distance: insertions, deletions and substitutions.
    static func levenshtein<Element: Equatable>(_ a: [Element], _ b: [Element]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    /// The single edit that turns `a` into `b` when they are exactly one edit
    /// apart: the characters removed from `a` and added from `b` (one of them
    /// may be nil). `nil` when the distance is not exactly one.
    static func singleEdit<Element: Equatable>(_ a: [Element], _ b: [Element]) -> (removed: Element?, added: Element?)? {
        let (short, long) = a.count <= b.count ? (a, b) : (b, a)
        guard long.count - short.count <= 1 else { return nil }
        var prefix = 0
        while prefix < short.count && short[prefix] == long[prefix] { prefix += 1 }
        if short.count == long.count {
            guard prefix < short.count, short[(prefix + 1)...] == long[(prefix + 1)...] else { return nil }
            return (a[prefix], b[prefix])
        }
        guard short[prefix...] == long[(prefix + 1)...] else { return nil }
        return a.count > b.count ? (a[prefix], nil) : (nil, b[prefix])
    }
}
