/// A device a plug announced, kept in the store with what the person made of it: their name, aliases and area
/// override the announcement's and survive its next one.
public struct KnownDevice: Sendable, Equatable {
    /// The device as the plug last announced it.
    public var announced: Device
    /// Who announced it (`tasmota/<mac>`, `zigbee2mqtt/<base>`, …): an announcement of the same source without it
    /// means it is gone.
    public var source: String
    public var name: String?
    public var aliases: [String]?
    public var area: String?
    /// No longer announced (it left the network); kept with its names, and back when it is announced again.
    public var gone: Bool

    public init(announced: Device, source: String, name: String? = nil, aliases: [String]? = nil, area: String? = nil, gone: Bool = false) {
        self.announced = announced
        self.source = source
        self.name = name
        self.aliases = aliases
        self.area = area
        self.gone = gone
    }

    /// The device as the gateway controls it: the person's names over the announced ones.
    public var device: Device {
        var device = announced
        if let name { device.name = name }
        if let aliases { device.aliases = aliases }
        if let area { device.area = area }
        return device
    }
}
