import Foundation

/// One line per event on standard error, filtered by level.
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

    public init(level: Level, write: @escaping @Sendable (String) -> Void) {
        self.level = level
        self.write = write
    }

    public func log(_ level: Level, _ message: @autoclosure () -> String) {
        guard level <= self.level else { return }
        write("\(Date().formatted(.iso8601.time(includingFractionalSeconds: true))) \(level) \(message())\n")
    }
}
