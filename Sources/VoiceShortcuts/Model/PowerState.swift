/// The state a plug is switched to: the `state` of Apple's ToggleState intent.
public enum PowerState: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    case on
    case off

    public var description: String { rawValue }

    /// The other state.
    public var toggled: PowerState { self == .on ? .off : .on }
}
