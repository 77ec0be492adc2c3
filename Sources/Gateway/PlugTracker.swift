import Foundation
import PlugProtocols
import Synchronization
import VoiceShortcuts

/// What is known of a plug: its last reported state and availability.
public struct PlugStatus: Sendable, Equatable {
    public var deviceID: String
    /// `nil` until the plug reported.
    public var state: PowerState?
    /// `nil` until the plug's availability topic said something.
    public var online: Bool?
    public var updated: Date?
}

/// A state or availability change read from a plug's topics.
public enum PlugReport: Sendable, Equatable {
    case state(deviceID: String, PowerState)
    case availability(deviceID: String, online: Bool)

    public var deviceID: String {
        switch self {
        case .state(let id, _), .availability(let id, _): id
        }
    }
}

/// Follows every configured plug's state and availability topics (retained
/// values included) and keeps the last known of each.
public final class PlugTracker: Sendable {
    public let devices: [Device]
    private let byChannel: [PlugChannel: [Device]]
    private let byAvailabilityTopic: [String: PlugChannel]
    /// Each channel by its state topics: a filter's exact topic, or for a filter ending in "/+" the level above it
    /// ending in "/" (so a message finds its channel in one or two look-ups, whatever the topic layout).
    private let byStateTopic: [String: PlugChannel]
    private let statuses: Mutex<[String: PlugStatus]>

    /// `previous`: a tracker whose known statuses carry over for the devices
    /// both share (the configuration was reloaded).
    public init(devices: [Device], carryingOver previous: PlugTracker? = nil) {
        self.devices = devices
        var byChannel: [PlugChannel: [Device]] = [:]
        for device in devices { byChannel[device.channel, default: []].append(device) }
        self.byChannel = byChannel
        self.byAvailabilityTopic = Dictionary(
            byChannel.keys.compactMap { channel in channel.availabilityTopic.map { ($0, channel) } },
            uniquingKeysWith: { first, _ in first })
        self.byStateTopic = Dictionary(
            byChannel.keys.flatMap { channel in channel.stateFilters.map { (Self.key(ofFilter: $0), channel) } },
            uniquingKeysWith: { first, _ in first })
        self.statuses = Mutex(
            Dictionary(
                devices.map { ($0.id, previous?.status(of: $0.id) ?? PlugStatus(deviceID: $0.id)) },
                uniquingKeysWith: { first, _ in first }))
    }

    /// The topic filters to subscribe to.
    public var filters: [String] {
        Array(Set(byChannel.keys.flatMap { $0.stateFilters + [$0.availabilityTopic].compactMap { $0 } })).sorted()
    }

    public func status(of deviceID: String) -> PlugStatus? { statuses.withLock { $0[deviceID] } }
    public var all: [PlugStatus] { statuses.withLock { Array($0.values) }.sorted { $0.deviceID < $1.deviceID } }

    /// Reads a message; returns the changes it reports (and records them).
    public func handle(topic: String, payload: [UInt8], at date: Date = Date()) -> [PlugReport] {
        var reports: [PlugReport] = []
        if let channel = byAvailabilityTopic[topic], let online = channel.reportedAvailability(payload: payload) {
            for device in byChannel[channel] ?? [] { reports.append(.availability(deviceID: device.id, online: online)) }
        } else if let channel = channel(of: topic), let devices = byChannel[channel] {
            for (relay, state) in channel.reportedStates(topic: topic, payload: payload) {
                if let index = channel.relayIndex(relay, among: devices.map(\.relay)) {
                    reports.append(.state(deviceID: devices[index].id, state))
                }
            }
        }
        guard !reports.isEmpty else { return [] }
        statuses.withLock { statuses in
            for report in reports {
                switch report {
                case .state(let id, let state): statuses[id]?.state = state
                case .availability(let id, let online): statuses[id]?.online = online
                }
                statuses[report.deviceID]?.updated = date
            }
        }
        return reports
    }

    /// A state filter as `byStateTopic` keeps it: "stat/lamp/+" as "stat/lamp/", an exact topic as it is.
    private static func key(ofFilter filter: String) -> String {
        filter.hasSuffix("/+") ? String(filter.dropLast()) : filter
    }

    /// The channel whose state filters match `topic`.
    private func channel(of topic: String) -> PlugChannel? {
        if let exact = byStateTopic[topic] { return exact }
        guard let slash = topic.lastIndex(of: "/") else { return nil }
        return byStateTopic[String(topic[...slash])]
    }
}
