import Foundation
import VoiceShortcuts

/// What the plugs report: states confirm commands, availability is tracked and published.
extension Gateway {
    func apply(_ report: PlugReport) async {
        switch report {
        case .state(let id, let state):
            await lanes.reported(deviceID: id, state: state)
            log.log(.debug, "\(id) reports \(state)")
        case .availability(let id, let online):
            if !online { await lanes.wentOffline(deviceID: id) }
            log.log(.info, "\(id) is \(online ? "online" : "offline")")
            let current = devices
            if online, current.tracker.status(of: id)?.state == nil, let device = current.byID[id] { await queryState(of: device) }
        }
        if let status = devices.tracker.status(of: report.deviceID) { await publishStatus(status) }
    }

    /// Asks a plug for its state, so that `plugs` knows it before the first command.
    func queryState(of device: Device) async {
        guard let query = device.channel.stateQueryMessage(relay: device.relay) else { return }  // it reports by itself
        try? await client.publish(query.topic, query.payload, qos: .atLeastOnce, awaitAcknowledgement: false)
    }

    /// Retained `voiceplug/plugs/<id>`: what `voiceplug plugs` shows.
    func publishStatus(_ status: PlugStatus) async {
        let payload = statusJSON(status)
        events.send(.plug(json: payload))
        try? await client.publish(Self.plugsTopicPrefix + status.deviceID, payload, qos: .atLeastOnce, retain: true)
    }

    /// `{"id","name","protocol","state","online","updatedAt"}`: what `voiceplug/plugs/<id>` and the console say of a plug.
    func statusJSON(_ status: PlugStatus) -> String {
        let device = devices.byID[status.deviceID]
        let state = status.state.map { "\"\($0.rawValue)\"" } ?? "null"
        let online = status.online.map { $0 ? "true" : "false" } ?? "null"
        let updated = status.updated.map { "\"\($0.formatted(.iso8601))\"" } ?? "null"
        return "{\"id\":\(jsonString(status.deviceID)),\"name\":\(jsonString(device?.name ?? status.deviceID)),"
            + "\"protocol\":\"\(device?.protocol.rawValue ?? "")\",\"state\":\(state),\"online\":\(online),\"updatedAt\":\(updated)}"
    }
}
