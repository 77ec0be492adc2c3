import Foundation
import JSONText
import PlugProtocols
import VoiceShortcuts

/// What each firmware announces about itself, as the real one does: Tasmota's discovery config, Shelly Gen1's
/// announce, Home Assistant discovery for an ESPHome-like switch, Zigbee2MQTT's device list (Shelly Gen2 answers
/// RPC instead: `SimulatedPlug.rpcAnswer`). The configured name is the name the firmware would announce.
enum Announcements {
    /// A made-up but stable MAC address for a plug's topic.
    static func mac(_ topic: String) -> String {
        let value = topic.utf8.reduce(UInt64(0x3C71BF00_0000)) { ($0 &* 31 &+ UInt64($1)) & 0xFFFF_FFFF_FFFF }
        let hex = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 12 - hex.count)) + hex
    }

    /// The retained announcements of a plug with `devices` (its relays) on `channel`.
    static func messages(for channel: PlugChannel, devices: [Device]) -> [OutgoingMessage] {
        switch channel.protocol {
        case .tasmota: [tasmota(channel, devices)]
        case .mqtt: devices.map { homeAssistant(channel, $0) }
        case .shelly: [shellyAnnounce(channel)]
        case .shelly2, .zigbee2mqtt: []
        }
    }

    /// The announcements that say the plug left: the retained ones cleared.
    static func removal(for channel: PlugChannel, devices: [Device]) -> [OutgoingMessage] {
        messages(for: channel, devices: devices).filter(\.retain).map { OutgoingMessage(topic: $0.topic, payload: [], retain: true) }
    }

    /// Tasmota 13's `tasmota/discovery/<MAC>/config`: relay N of the configuration is output N (a single relay is
    /// output 1), each output's friendly name the device's name.
    static func tasmota(_ channel: PlugChannel, _ devices: [Device]) -> OutgoingMessage {
        let mac = mac(channel.topic)
        var names: [String?] = Array(repeating: nil, count: 8), relays = Array(repeating: 0, count: 8)
        for device in devices {
            let index = max(0, min(7, (device.relay ?? 1) - 1))
            names[index] = device.name
            relays[index] = 1
        }
        let deviceName = devices.first?.name ?? channel.topic
        let fields: [String] = [
            "\"ip\":\"127.0.0.1\"", "\"dn\":\(JSON.string(deviceName))",
            "\"fn\":[\(names.map { $0.map(JSON.string) ?? "null" }.joined(separator: ","))]",
            "\"hn\":\(JSON.string(channel.topic + "-" + mac.suffix(4)))", "\"mac\":\"\(mac)\"", "\"md\":\"Sonoff Basic\"", "\"ty\":0",
            "\"if\":0", "\"ofln\":\"Offline\"", "\"onln\":\"Online\"", "\"state\":[\"OFF\",\"ON\",\"TOGGLE\",\"HOLD\"]",
            "\"sw\":\"13.2.0\"", "\"t\":\(JSON.string(channel.topic))",
            "\"ft\":\(JSON.string(channel.baseTopic ?? PlugChannel.tasmotaFullTopic))", "\"tp\":[\"cmnd\",\"stat\",\"tele\"]",
            "\"rl\":[\(relays.map(String.init).joined(separator: ","))]", "\"swc\":[-1,-1,-1,-1,-1,-1,-1,-1]",
            "\"swn\":[null,null,null,null,null,null,null,null]", "\"btn\":[0,0,0,0,0,0,0,0]",
            "\"so\":{\"4\":0,\"11\":0,\"13\":0,\"17\":0,\"20\":0,\"30\":0,\"68\":0,\"73\":0,\"82\":0,\"114\":0,\"117\":0}",
            "\"lk\":0", "\"lt_st\":0", "\"bat\":0", "\"dslp\":0", "\"sho\":[]", "\"sht\":[]", "\"ver\":1",
        ]
        return OutgoingMessage(topic: "tasmota/discovery/\(mac)/config", text: "{" + fields.joined(separator: ",") + "}", retain: true)
    }

    /// Shelly Gen1's announce (not retained: sent at connect and when asked with `announce`).
    static func shellyAnnounce(_ channel: PlugChannel) -> OutgoingMessage {
        OutgoingMessage(
            topic: "\(channel.baseTopic ?? "shellies")/announce",
            text: "{\"id\":\(JSON.string(channel.topic)),\"model\":\"SHPLG-S\",\"mac\":\"\(mac(channel.topic))\",\"ip\":\"127.0.0.1\","
                + "\"new_fw\":false,\"fw_ver\":\"20230913-112003/v1.14.0-gcb84623\"}")
    }

    /// ESPHome's Home Assistant discovery of its switch, with the topics of the configuration's generic switch.
    static func homeAssistant(_ channel: PlugChannel, _ device: Device) -> OutgoingMessage {
        let mqtt = channel.mqtt ?? .esphome(channel.topic)
        var fields = [
            "\"name\":null", "\"cmd_t\":\(JSON.string(mqtt.commandTopic))", "\"stat_t\":\(JSON.string(mqtt.stateTopic))",
            "\"pl_on\":\(JSON.string(mqtt.payloadOn))", "\"pl_off\":\(JSON.string(mqtt.payloadOff))",
            "\"stat_on\":\(JSON.string(mqtt.stateOn))", "\"stat_off\":\(JSON.string(mqtt.stateOff))",
            "\"uniq_id\":\(JSON.string("plugsim" + mac(channel.topic).lowercased() + "relay"))",
            "\"dev\":{\"ids\":\(JSON.string(mac(channel.topic).lowercased())),\"name\":\(JSON.string(device.name)),"
                + "\"sw\":\"esphome v2024.6.0\",\"mdl\":\"d1_mini\",\"mf\":\"espressif\"}",
        ]
        if let availability = mqtt.availabilityTopic {
            fields += [
                "\"avty_t\":\(JSON.string(availability))", "\"pl_avail\":\(JSON.string(mqtt.payloadAvailable))",
                "\"pl_not_avail\":\(JSON.string(mqtt.payloadNotAvailable))",
            ]
        }
        if let key = mqtt.stateKey { fields.append("\"val_tpl\":\(JSON.string("{{ value_json.\(key) }}"))") }
        return OutgoingMessage(
            topic: "homeassistant/switch/\(channel.topic)/config", text: "{" + fields.joined(separator: ",") + "}", retain: true)
    }

    /// Zigbee2MQTT's retained `<base>/bridge/devices`: the coordinator and each plug with a switch expose (one per
    /// relay: `state`, or `state_l<N>` on endpoint lN).
    static func zigbeeDevices(_ plugs: [(channel: PlugChannel, devices: [Device])]) -> String {
        var entries = [
            "{\"ieee_address\":\"0x00124b0000000000\",\"type\":\"Coordinator\",\"network_address\":0,\"supported\":false,"
                + "\"disabled\":false,\"friendly_name\":\"Coordinator\",\"definition\":null,\"interview_completed\":true,\"interviewing\":false}"
        ]
        for (index, plug) in plugs.enumerated() {
            let exposes = plug.devices.map { device -> String in
                let property = device.relay.map { "state_l\($0)" } ?? "state"
                let endpoint = device.relay.map { ",\"endpoint\":\"l\($0)\"" } ?? ""
                return "{\"type\":\"switch\"\(endpoint),\"features\":[{\"type\":\"binary\",\"name\":\"state\",\"label\":\"State\","
                    + "\"property\":\"\(property)\",\"access\":7,\"value_on\":\"ON\",\"value_off\":\"OFF\",\"value_toggle\":\"TOGGLE\"\(endpoint)}]}"
            }
            let ieee = "0x" + mac(plug.channel.topic).lowercased() + "0000"
            entries.append(
                "{\"ieee_address\":\"\(ieee)\",\"type\":\"Router\",\"network_address\":\(1000 + index),\"supported\":true,"
                    + "\"disabled\":false,\"friendly_name\":\(JSON.string(plug.channel.topic)),\"definition\":{\"model\":\"E1603/E1702/E1708\","
                    + "\"vendor\":\"IKEA\",\"description\":\"Control outlet\",\"exposes\":[\(exposes.joined(separator: ","))]},"
                    + "\"power_source\":\"Mains (single phase)\",\"interview_completed\":true,\"interviewing\":false}")
        }
        return "[" + entries.joined(separator: ",") + "]"
    }
}
