import Foundation
import Synchronization

/// One line per event on standard error, filtered by level. Lines of a cause that can come in floods (hostile
/// or broken senders) are limited to one a second; the next one says how many were left out.
public struct GatewayLog: Sendable {
    public enum Level: Int, Sendable, Comparable, CaseIterable {
        case error, warning, info, debug
        public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }
        public init?(name: String) {
            guard let level = Self.allCases.first(where: { "\($0)" == name.lowercased() }) else { return nil }
            self = level
        }
    }

    public var level: Level
    private let write: @Sendable (String) -> Void
    private let limiter = Limiter()

    public init(level: Level, write: @escaping @Sendable (String) -> Void) {
        self.level = level
        self.write = write
    }

    public func log(_ level: Level, _ message: @autoclosure () -> String) {
        guard level <= self.level else { return }
        write("\(Date().formatted(.iso8601.time(includingFractionalSeconds: true))) \(level) \(Self.oneLine(message()))\n")
    }

    /// `text` with its control characters written out (`\n`, `\u{1B}`): a name or topic from the network cannot
    /// start a line of its own or move the terminal's cursor.
    static func oneLine(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return text }
        var line = ""
        for scalar in text.unicodeScalars {
            if scalar.properties.generalCategory == .control {
                line += scalar == "\n" ? "\\n" : scalar == "\r" ? "\\r" : "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            } else {
                line.unicodeScalars.append(scalar)
            }
        }
        return line
    }

    /// Logs at most one line a second for `cause` (`invalid_input`, `overloaded`, …); the line after a quiet
    /// stretch says how many were left out.
    public func log(_ level: Level, cause: String, _ message: @autoclosure () -> String) {
        guard level <= self.level, let skipped = limiter.admit(cause) else { return }
        log(level, message() + (skipped > 0 ? " (and \(skipped) more like it in the last second, not logged)" : ""))
    }

    /// When each cause last wrote a line, and how many it left out since.
    private final class Limiter: Sendable {
        private let causes = Mutex<[String: (last: ContinuousClock.Instant, skipped: Int)]>([:])

        /// How many lines of `cause` were left out since its last one, if this one may be written; nil if not.
        func admit(_ cause: String) -> Int? {
            let now = ContinuousClock.now
            return causes.withLock { causes in
                if let seen = causes[cause], now - seen.last < .seconds(1) {
                    causes[cause]?.skipped += 1
                    return nil
                }
                let skipped = causes[cause]?.skipped ?? 0
                causes[cause] = (now, 0)
                return skipped
            }
        }
    }
}
