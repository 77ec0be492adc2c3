import Foundation
import VoiceShortcuts

/// Each source's announcement, read into devices.
extension Discovery {
    /// Tasmota's retained `tasmota/discovery/<MAC>/config`: one device per relay whose kind (`rl`) is 1, its
    /// topics derived from `ft` (FullTopic) and `t` as Tasmota does (`%hostname%` and `%id%` filled in now).
    static func tasmota(mac: String, payload: Any?) -> DiscoveryResult {
        let source = "tasmota/" + AnnouncedName.id(mac)
        guard let payload else { return .announced(source: source, devices: [], skipped: []) }
        guard let object = payload as? [String: Any], let topic = object["t"] as? String, let relays = object["rl"] as? [Any] else {
            return .ignored("a Tasmota announcement without its topic (t) or relays (rl)")
        }
        guard MQTTTopic.isPublishable(topic), !topic.contains("/") else {
            return .ignored("the Tasmota topic '\(topic.prefix(80))' is unusable")
        }
        let prefixes = (object["tp"] as? [String]) ?? ["cmnd", "stat", "tele"]
        guard prefixes == ["cmnd", "stat", "tele"] else {
            return .ignored("\(topic): prefixes \(prefixes.prefix(3)) other than cmnd, stat, tele are not supported")
        }
        var fullTopic = (object["ft"] as? String) ?? PlugChannel.tasmotaFullTopic
        let hostname = (object["hn"] as? String) ?? topic
        let macText = (object["mac"] as? String) ?? mac
        fullTopic = fullTopic.replacingOccurrences(of: "%hostname%", with: hostname)
            .replacingOccurrences(of: "%id%", with: String(macText.suffix(6)))
        guard fullTopic.contains("%prefix%"), fullTopic.contains("%topic%"), MQTTTopic.isPublishable(fullTopic) else {
            return .ignored("\(topic): the FullTopic '\(fullTopic.prefix(80))' lacks %prefix% or %topic%")
        }
        let kinds = relays.map { ($0 as? Int) ?? 0 }
        let relayIndices = kinds.indices.filter { kinds[$0] == 1 }
        let several = kinds.filter { $0 != 0 }.count > 1
        let deviceName = AnnouncedName.clean(object["dn"] as? String) ?? AnnouncedName.clean(topic) ?? "tasmota"
        let friendly = (object["fn"] as? [Any]) ?? []
        var skipped: [String] = []
        for index in kinds.indices where kinds[index] != 0 && kinds[index] != 1 {
            skipped.append("\(topic) relay \(index + 1) is of kind \(kinds[index]) (a light or a shutter), not a plug's relay")
        }
        let devices = relayIndices.map { index -> Device in
            let own = index < friendly.count ? AnnouncedName.clean(friendly[index] as? String) : nil
            let name = own ?? (relayIndices.count > 1 ? "\(deviceName) \(index + 1)" : deviceName)
            return Device(
                id: AnnouncedName.id("tasmota", macText, several ? String(index + 1) : ""), name: name, protocol: .tasmota, topic: topic,
                relay: several ? index + 1 : nil, baseTopic: fullTopic == PlugChannel.tasmotaFullTopic ? nil : fullTopic)
        }
        return .announced(source: source, devices: devices, skipped: skipped)
    }

    /// Zigbee2MQTT's retained `<base>/bridge/devices`: one device for every settable `state` of a `switch` expose
    /// (`state`, or `state_l<N>` on endpoint lN), named by `friendly_name`; a device gone from the list is gone.
    static func zigbee(base: String, payload: Any?) -> DiscoveryResult {
        let source = "zigbee2mqtt/\(base)"
        guard let payload else { return .announced(source: source, devices: [], skipped: []) }
        guard let list = payload as? [Any] else { return .ignored("\(base)/bridge/devices is not a list") }
        var devices: [Device] = [], skipped: [String] = []
        for case let entry as [String: Any] in list {
            guard let friendly = entry["friendly_name"] as? String, let address = entry["ieee_address"] as? String else { continue }
            if entry["type"] as? String == "Coordinator" || entry["disabled"] as? Bool == true { continue }
            guard MQTTTopic.isPublishable(friendly) else {
                skipped.append("the Zigbee2MQTT device '\(friendly.prefix(80))' has a name that is no topic")
                continue
            }
            let definition = entry["definition"] as? [String: Any]
            let exposes = (definition?["exposes"] as? [Any]) ?? []
            let states = exposes.compactMap { $0 as? [String: Any] }.filter { $0["type"] as? String == "switch" }
                .flatMap { (($0["features"] as? [Any]) ?? []).compactMap { $0 as? [String: Any] } }
                .filter { $0["type"] as? String == "binary" && $0["name"] as? String == "state" }
            let name =
                AnnouncedName.clean(friendly.replacingOccurrences(of: "/", with: " ").replacingOccurrences(of: "_", with: " "))
                ?? AnnouncedName.clean(address) ?? "zigbee"
            let settable = states.filter { (($0["access"] as? Int) ?? 0) & 2 != 0 }
            for feature in settable {
                let property = (feature["property"] as? String) ?? "state"
                var relay: Int?
                if property != "state" {
                    guard property.hasPrefix("state_l"), let number = Int(property.dropFirst(7)) else {
                        skipped.append("\(friendly) \(property): only state and state_l<N> endpoints are switched")
                        continue
                    }
                    relay = number
                }
                devices.append(
                    Device(
                        id: AnnouncedName.id("z2m", address, relay.map { "l\($0)" } ?? ""),
                        name: settable.count > 1 ? "\(name) \(relay.map(String.init) ?? "")" : name, protocol: .zigbee2mqtt,
                        topic: friendly, relay: relay, baseTopic: base == "zigbee2mqtt" ? nil : base))
            }
        }
        return .announced(source: source, devices: devices, skipped: skipped)
    }

    /// Shelly Gen1's `shellies/announce`: the device id is its name (Gen1 announces none over MQTT) until the person
    /// renames it; two relays for the models that have two, four for the four-channel one.
    static func shelly(root: String, payload: Any?) -> DiscoveryResult {
        guard let object = payload as? [String: Any], let id = object["id"] as? String else {
            return .ignored("a Shelly announcement without its id")
        }
        guard MQTTTopic.isPublishable(id), !id.contains("/") else { return .ignored("the Shelly id '\(id.prefix(80))' is unusable") }
        let model = (object["model"] as? String) ?? ""
        let count = ["SHSW-21": 2, "SHSW-25": 2, "SHEM-3": 1, "SHSW-44": 4][model] ?? 1
        let name = AnnouncedName.clean(id.replacingOccurrences(of: "-", with: " ")) ?? "shelly"
        let devices = (0..<count).map { relay in
            Device(
                id: AnnouncedName.id("shelly", id, count > 1 ? String(relay) : ""), name: count > 1 ? "\(name) \(relay + 1)" : name,
                protocol: .shelly, topic: id, relay: count > 1 ? relay : nil, baseTopic: root == "shellies" ? nil : root)
        }
        return .announced(source: "shelly/" + AnnouncedName.id(id), devices: devices, skipped: [])
    }

    /// `<prefix>/online` `true`: perhaps a Shelly Gen2; it is asked its name (`Shelly.GetDeviceInfo`) and its
    /// switches (`Shelly.GetStatus`), answered on `<rpcSource>/rpc`. `false` leaves it as it is (offline, not gone).
    func shelly2Online(prefix: String, payload: [UInt8]) -> DiscoveryResult {
        guard String(decoding: payload.prefix(8), as: UTF8.self) == "true", MQTTTopic.isPublishable(prefix) else {
            return .ignored("no Shelly coming online")
        }
        shelly2.withLock { $0[prefix] = Shelly2Answers() }
        return .ask([
            PlugChannel.rpc(prefix, method: "Shelly.GetDeviceInfo", id: 1), PlugChannel.rpc(prefix, method: "Shelly.GetStatus", id: 2),
        ])
    }

    /// An answer to `shelly2Online`'s requests: once both came, the device's switches, each a device.
    func shelly2Answer(_ payload: Any?) -> DiscoveryResult {
        guard let object = payload as? [String: Any], let prefix = object["src"] as? String, MQTTTopic.isPublishable(prefix),
            let result = object["result"] as? [String: Any]
        else { return .ignored("an RPC answer without its source or result") }
        let answers = shelly2.withLock { asked -> Shelly2Answers? in
            guard var answers = asked[prefix] else { return nil }
            if object["id"] as? Int == 1 {
                answers.name = .some(AnnouncedName.clean(result["name"] as? String))
            } else {
                answers.switches = result.keys.compactMap { $0.hasPrefix("switch:") ? Int($0.dropFirst(7)) : nil }.sorted()
            }
            asked[prefix] = answers
            if answers.name != nil, answers.switches != nil { asked[prefix] = nil }
            return answers
        }
        guard let answers, let named = answers.name, let switches = answers.switches else {
            return .ignored("waiting for the other answer")
        }
        let name = named ?? AnnouncedName.clean(prefix.replacingOccurrences(of: "-", with: " ")) ?? "shelly"
        let devices = switches.map { number in
            Device(
                id: AnnouncedName.id("shelly2", prefix, switches.count > 1 ? String(number) : ""),
                name: switches.count > 1 ? "\(name) \(number + 1)" : name, protocol: .shelly2, topic: prefix,
                relay: switches.count > 1 ? number : nil)
        }
        return .announced(source: "shelly2/" + AnnouncedName.id(prefix), devices: devices, skipped: [])
    }

    /// Home Assistant's MQTT discovery of a switch (`<prefix>/switch/[<node>/]<object>/config`), abbreviated keys
    /// and the `~` base included: the generic MQTT switch. Only a plain `{{ value_json.KEY }}` template is read.
    static func homeAssistant(topic: String, object id: String, payload: Any?) -> DiscoveryResult {
        let source = "mqtt/" + AnnouncedName.id(id)
        guard let payload else { return .announced(source: source, devices: [], skipped: []) }
        guard var config = payload as? [String: Any] else { return .ignored("\(topic): not a JSON object") }
        for (short, long) in Self.abbreviations where config[long] == nil {
            if let value = config[short] { config[long] = value }
        }
        let base = config["~"] as? String
        func string(_ key: String) -> String? {
            guard let value = config[key] as? String else { return nil }
            guard let base else { return value }
            if value.hasPrefix("~") { return base + value.dropFirst() }
            if value.hasSuffix("~") { return value.dropLast() + base }
            return value
        }
        func skip(_ why: String) -> DiscoveryResult { .announced(source: source, devices: [], skipped: ["\(id): \(why)"]) }
        guard let command = string("command_topic"), MQTTTopic.isPublishable(command) else { return skip("no command topic") }
        guard let state = string("state_topic"), MQTTTopic.isPublishable(state) else {
            return skip("no state topic: a switch that reports nothing cannot confirm a command")
        }
        var key: String?
        if let template = string("value_template") {
            guard let plain = Self.plainJSONKey(template) else {
                return skip("the value template '\(template.prefix(80))' is not of the form {{ value_json.KEY }}")
            }
            key = plain
        }
        var availability = string("availability_topic")
        var available = string("payload_available") ?? "online", notAvailable = string("payload_not_available") ?? "offline"
        if availability == nil, let list = config["availability"] as? [[String: Any]], let first = list.first,
            let topic = (first["topic"] ?? first["t"]) as? String
        {
            availability = base.map { topic.replacingOccurrences(of: "~", with: $0) } ?? topic
            available = ((first["payload_available"] ?? first["pl_avail"]) as? String) ?? available
            notAvailable = ((first["payload_not_available"] ?? first["pl_not_avail"]) as? String) ?? notAvailable
        }
        if let topic = availability, !MQTTTopic.isPublishable(topic) { availability = nil }
        let payloadOn = string("payload_on") ?? "ON", payloadOff = string("payload_off") ?? "OFF"
        let stateOn = string("state_on") ?? payloadOn, stateOff = string("state_off") ?? payloadOff
        guard payloadOn != payloadOff, stateOn != stateOff else { return skip("the on and off payloads are the same") }
        let mqtt = MQTTSwitch(
            commandTopic: command, stateTopic: state, availabilityTopic: availability, payloadOn: payloadOn, payloadOff: payloadOff,
            stateOn: stateOn, stateOff: stateOff, payloadAvailable: available, payloadNotAvailable: notAvailable, stateKey: key)
        let device = (config["device"] as? [String: Any])?["name"] as? String
        let entity = config["name"] as? String
        // As Home Assistant names it: the device's name, then the entity's (unless the entity's has it already).
        let composed: String? =
            switch (device, entity) {
            case (let device?, let entity?): entity.lowercased().hasPrefix(device.lowercased()) ? entity : "\(device) \(entity)"
            case (let device?, nil): device
            case (nil, let entity?): entity
            case (nil, nil): nil
            }
        let name = AnnouncedName.clean(composed) ?? AnnouncedName.clean(id.replacingOccurrences(of: "_", with: " ")) ?? "switch"
        let unique = (config["unique_id"] as? String) ?? id
        return .announced(
            source: source,
            devices: [
                Device(id: AnnouncedName.id("mqtt", unique), name: name, protocol: .mqtt, topic: AnnouncedName.id(unique), mqtt: mqtt)
            ],
            skipped: [])
    }

    /// The key of `{{ value_json.KEY }}` (spaces optional), nil for any other template.
    static func plainJSONKey(_ template: String) -> String? {
        let inner = template.trimmingCharacters(in: .whitespaces)
        guard inner.hasPrefix("{{"), inner.hasSuffix("}}") else { return nil }
        let expression = inner.dropFirst(2).dropLast(2).trimmingCharacters(in: .whitespaces)
        guard expression.hasPrefix("value_json.") else { return nil }
        let key = expression.dropFirst("value_json.".count)
        guard !key.isEmpty, key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return nil }
        return String(key)
    }

    /// Home Assistant's abbreviations of the keys read here.
    static let abbreviations = [
        "cmd_t": "command_topic", "stat_t": "state_topic", "pl_on": "payload_on", "pl_off": "payload_off", "stat_on": "state_on",
        "stat_off": "state_off", "avty_t": "availability_topic", "pl_avail": "payload_available",
        "pl_not_avail": "payload_not_available", "val_tpl": "value_template", "uniq_id": "unique_id", "dev": "device",
        "avty": "availability",
    ]
}
