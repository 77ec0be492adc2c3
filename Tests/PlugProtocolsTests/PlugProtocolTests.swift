import PlugProtocols
import Testing
import VoiceShortcuts

@Suite("Plug protocols as values")
struct PlugProtocolTests {
    let tasmota = PlugChannel(protocol: .tasmota, topic: "kitchen-lamp")
    let shelly = PlugChannel(protocol: .shelly, topic: "shelly1-desk")
    let zigbee = PlugChannel(protocol: .zigbee2mqtt, topic: "xmas_tree")

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
        for channel in [tasmota, shelly, zigbee] {
            for relay in [nil, 1, 2] as [Int?] {
                for state in PowerState.allCases {
                    let reported = channel.stateMessages(relay: relay, state: state, watts: 12.5)
                        .flatMap { channel.reportedStates(topic: $0.topic, payload: $0.payload) }
                    let expectedRelay = channel.protocol == .shelly ? (relay ?? 0) : relay
                    #expect(!reported.isEmpty)
                    #expect(
                        reported.allSatisfy { $0.relay == expectedRelay && $0.state == state },
                        "\(channel.protocol) \(String(describing: relay))")
                }
            }
            for online in [true, false] {
                let message = channel.availabilityMessage(online: online)
                #expect(message.retain && message.topic == channel.availabilityTopic)
                #expect(channel.reportedAvailability(payload: message.payload) == online)
            }
        }
    }

    @Test("the controller's commands are what the plug understands")
    func commandsRoundTrip() {
        for channel in [tasmota, shelly, zigbee] {
            for relay in [nil, 1] as [Int?] {
                for state in PowerState.allCases {
                    let command = channel.commandMessage(relay: relay, state: state)
                    let expectedRelay = channel.protocol == .shelly ? (relay ?? 0) : relay
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
        #expect(shelly.availabilityMessage(online: false).text == "false")
        #expect(zigbee.availabilityMessage(online: true).text == "{\"state\":\"online\"}")
        #expect(zigbee.command(topic: "zigbee2mqtt/xmas_tree/set/state", payload: bytes("TOGGLE")) == .power(.toggle, relay: nil))
        #expect(zigbee.reportedAvailability(payload: bytes("offline")) == false)
        #expect(shelly.command(topic: "shellies/command", payload: bytes("announce")) == .announce)
        // A state query is understood by the plug as one.
        #expect(tasmota.command(topic: tasmota.stateQueryMessage(relay: 2).topic, payload: []) == .power(.query, relay: 2))
        let update = shelly.stateQueryMessage(relay: nil)
        #expect(shelly.command(topic: update.topic, payload: update.payload) == .update)
        let get = zigbee.stateQueryMessage(relay: nil)
        #expect(zigbee.command(topic: get.topic, payload: get.payload) == .power(.query, relay: nil))
    }
}
