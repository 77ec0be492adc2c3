import PlugProtocols
import Testing
import VoiceShortcuts

@Suite("Plug protocols as values")
struct PlugProtocolTests {
    let tasmota = PlugChannel(protocol: .tasmota, topic: "kitchen-lamp")
    let shelly = PlugChannel(protocol: .shelly, topic: "shelly1-desk")
    let zigbee = PlugChannel(protocol: .zigbee2mqtt, topic: "xmas_tree")
    let shelly2 = PlugChannel(protocol: .shelly2, topic: "shellyplusplugs-e86bea1f2b3c")
    let esphome = PlugChannel(protocol: .mqtt, topic: "desk-fan")
    /// The same protocols with their topics where a user moved them.
    let moved = [
        PlugChannel(protocol: .tasmota, topic: "lamp", baseTopic: "home/%topic%/%prefix%/"),
        PlugChannel(protocol: .shelly, topic: "shelly1-desk", baseTopic: "house/shellies"),
        PlugChannel(protocol: .zigbee2mqtt, topic: "xmas_tree", baseTopic: "z2m/first-floor"),
        PlugChannel(
            protocol: .mqtt, topic: "fan",
            mqtt: MQTTSwitch(
                commandTopic: "fan/set", stateTopic: "fan/json", availabilityTopic: nil, payloadOn: "1", payloadOff: "0",
                stateOn: "yes", stateOff: "no", stateKey: "power")),
    ]
    var all: [PlugChannel] { [tasmota, shelly, zigbee, shelly2, esphome] + moved }
    /// The relays a channel's protocol has, and how the plug numbers the one a controller calls `relay`.
    func relays(_ channel: PlugChannel) -> [Int?] { channel.protocol == .mqtt ? [nil] : [nil, 1, 2] }
    func numbered(_ relay: Int?, on channel: PlugChannel) -> Int? {
        [.shelly, .shelly2].contains(channel.protocol) ? (relay ?? 0) : relay
    }

    func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test("Tasmota reads every spelling of POWER, case-insensitively")
    func tasmotaSpellings() {
        for (payload, expected) in [
            ("ON", PlugCommand.set(.on)), ("off", .set(.off)), ("1", .set(.on)), ("0", .set(.off)),
            ("true", .set(.on)), ("FALSE", .set(.off)), ("toggle", .toggle), ("2", .toggle), ("", .query),
        ] {
            #expect(
                tasmota.command(topic: "cmnd/kitchen-lamp/POWER", payload: bytes(payload)) == .power(expected, relay: nil), "\(payload)")
        }
        #expect(tasmota.command(topic: "cmnd/kitchen-lamp/POWER2", payload: bytes("ON")) == .power(.set(.on), relay: 2))
        #expect(tasmota.command(topic: "cmnd/kitchen-lamp/Power1", payload: bytes("off")) == .power(.set(.off), relay: 1))
        #expect(tasmota.command(topic: "cmnd/kitchen-lamp/Dimmer", payload: bytes("50")) == .unknown(name: "Dimmer"))
        #expect(tasmota.command(topic: "cmnd/other/POWER", payload: bytes("ON")) == .other)
    }

    @Test("what a plug reports, the controller reads back, for every protocol and relay")
    func reportsRoundTrip() {
        for channel in all {
            for relay in relays(channel) {
                for state in PowerState.allCases {
                    let reported = channel.stateMessages(relay: relay, state: state, watts: 12.5)
                        .flatMap { channel.reportedStates(topic: $0.topic, payload: $0.payload) }
                    let expectedRelay = numbered(relay, on: channel)
                    #expect(!reported.isEmpty)
                    #expect(
                        reported.allSatisfy { $0.relay == expectedRelay && $0.state == state },
                        "\(channel.protocol) \(String(describing: relay))")
                }
            }
            for online in [true, false] {
                guard let message = channel.availabilityMessage(online: online) else {
                    #expect(channel.availabilityTopic == nil)
                    continue
                }
                #expect(message.retain && message.topic == channel.availabilityTopic)
                #expect(channel.reportedAvailability(payload: message.payload) == online)
            }
        }
    }

    @Test("the controller's commands are what the plug understands")
    func commandsRoundTrip() {
        for channel in all {
            for relay in relays(channel) {
                for state in PowerState.allCases {
                    let command = channel.commandMessage(relay: relay, state: state)
                    let expectedRelay = numbered(relay, on: channel)
                    #expect(channel.command(topic: command.topic, payload: command.payload) == .power(.set(state), relay: expectedRelay))
                }
            }
        }
    }

    @Test("the documented topics and payloads")
    func documentedFormats() {
        #expect(tasmota.commandMessage(relay: nil, state: .on) == OutgoingMessage(topic: "cmnd/kitchen-lamp/POWER", text: "ON"))
        #expect(tasmota.commandMessage(relay: 2, state: .off) == OutgoingMessage(topic: "cmnd/kitchen-lamp/POWER2", text: "OFF"))
        #expect(
            shelly.commandMessage(relay: nil, state: .on) == OutgoingMessage(topic: "shellies/shelly1-desk/relay/0/command", text: "on"))
        #expect(
            zigbee.commandMessage(relay: nil, state: .off)
                == OutgoingMessage(topic: "zigbee2mqtt/xmas_tree/set", text: "{\"state\":\"OFF\"}"))
        #expect(
            tasmota.stateMessages(relay: nil, state: .on, watts: 0).map(\.topic) == ["stat/kitchen-lamp/RESULT", "stat/kitchen-lamp/POWER"])
        #expect(tasmota.stateMessages(relay: nil, state: .on, watts: 0)[0].text == "{\"POWER\":\"ON\"}")
        #expect(tasmota.availabilityMessage(online: true) == OutgoingMessage(topic: "tele/kitchen-lamp/LWT", text: "Online", retain: true))
        #expect(shelly.availabilityMessage(online: false)?.text == "false")
        #expect(zigbee.availabilityMessage(online: true)?.text == "{\"state\":\"online\"}")
        #expect(zigbee.command(topic: "zigbee2mqtt/xmas_tree/set/state", payload: bytes("TOGGLE")) == .power(.toggle, relay: nil))
        #expect(zigbee.reportedAvailability(payload: bytes("offline")) == false)
        #expect(shelly.command(topic: "shellies/command", payload: bytes("announce")) == .announce)
        // A state query is understood by the plug as one.
        #expect(tasmota.command(topic: tasmota.stateQueryMessage(relay: 2)?.topic ?? "", payload: []) == .power(.query, relay: 2))
        let update = shelly.stateQueryMessage(relay: nil)
        #expect(update.map { shelly.command(topic: $0.topic, payload: $0.payload) } == .update)
        let get = zigbee.stateQueryMessage(relay: nil)
        #expect(get.map { zigbee.command(topic: $0.topic, payload: $0.payload) } == .power(.query, relay: nil))
        let statusUpdate = shelly2.stateQueryMessage(relay: nil)
        #expect(statusUpdate.map { shelly2.command(topic: $0.topic, payload: $0.payload) } == .update)
        #expect(esphome.stateQueryMessage(relay: nil) == nil, "ESPHome's switch reports by itself")
    }

    @Test("Shelly Gen2 speaks RPC: Switch.Set to <prefix>/rpc, status and NotifyStatus read back, other methods answered")
    func shellyGen2() {
        let set = shelly2.commandMessage(relay: nil, state: .on)
        #expect(set.topic == "shellyplusplugs-e86bea1f2b3c/rpc")
        #expect(set.text == "{\"id\":1,\"src\":\"voiceplug\",\"method\":\"Switch.Set\",\"params\":{\"id\":0,\"on\":true}}")
        // From Shelly's Gen2 documentation (Switch component status, NotifyStatus notification).
        let status =
            #"{"id":0, "source":"init", "output":false, "apower":0.0, "voltage":232.1, "current":0.000, "aenergy":{"total":0.000}}"#
        #expect(
            shelly2.reportedStates(topic: "shellyplusplugs-e86bea1f2b3c/status/switch:0", payload: bytes(status)).map(\.state)
                == [.off])
        let notify =
            #"{"src":"shellyplusplugs-e86bea1f2b3c","dst":"shellyplusplugs-e86bea1f2b3c/events","method":"NotifyStatus","params":{"ts":1631266595.43,"switch:1":{"id":1,"output":true,"source":"button"}}}"#
        let reported = shelly2.reportedStates(topic: "shellyplusplugs-e86bea1f2b3c/events/rpc", payload: bytes(notify))
        #expect(reported.count == 1 && reported[0].relay == 1 && reported[0].state == .on)
        #expect(shelly2.reportedStates(topic: "shellyplusplugs-e86bea1f2b3c/status/sys", payload: bytes("{\"mac\":\"x\"}")).isEmpty)
        let info = #"{"id":7,"src":"voiceplug-home","method":"Shelly.GetDeviceInfo"}"#
        #expect(
            shelly2.command(topic: "shellyplusplugs-e86bea1f2b3c/rpc", payload: bytes(info))
                == .rpc(ShellyRPCRequest(id: 7, source: "voiceplug-home", method: "Shelly.GetDeviceInfo")))
        #expect(shelly2.command(topic: "shellyplusplugs-e86bea1f2b3c/rpc", payload: bytes("not json")) == .other)
        #expect(shelly2.availabilityTopic == "shellyplusplugs-e86bea1f2b3c/online")
    }

    @Test("topics where the user moved them: Tasmota's FullTopic, the Shelly root, the Zigbee2MQTT base, a generic switch's own")
    func movedTopics() {
        let tasmota = moved[0], shelly = moved[1], zigbee = moved[2], generic = moved[3]
        #expect(tasmota.commandMessage(relay: 1, state: .on).topic == "home/lamp/cmnd/POWER1")
        #expect(tasmota.stateFilters == ["home/lamp/stat/+", "home/lamp/tele/STATE"])
        #expect(tasmota.availabilityTopic == "home/lamp/tele/LWT")
        #expect(shelly.commandMessage(relay: 0, state: .off).topic == "house/shellies/shelly1-desk/relay/0/command")
        #expect(shelly.command(topic: "house/shellies/command", payload: bytes("announce")) == .announce)
        #expect(zigbee.commandMessage(relay: nil, state: .on).topic == "z2m/first-floor/xmas_tree/set")
        #expect(zigbee.availabilityTopic == "z2m/first-floor/xmas_tree/availability")
        #expect(generic.commandMessage(relay: nil, state: .on) == OutgoingMessage(topic: "fan/set", text: "1"))
        #expect(generic.reportedStates(topic: "fan/json", payload: bytes("{\"power\":\"yes\"}")).map(\.state) == [.on])
        #expect(generic.reportedStates(topic: "fan/json", payload: bytes("{\"power\":\"maybe\"}")).isEmpty)
        #expect(generic.availabilityTopic == nil && generic.availabilityMessage(online: true) == nil)
        // ESPHome's layout by default.
        #expect(esphome.commandMessage(relay: nil, state: .off) == OutgoingMessage(topic: "desk-fan/command", text: "OFF"))
        #expect(esphome.stateFilters == ["desk-fan/state"] && esphome.availabilityTopic == "desk-fan/status")
    }
}
