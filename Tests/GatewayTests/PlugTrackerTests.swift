import Foundation
import Gateway
import Testing
import VoiceShortcuts

@Suite("The plug tracker: states and availability read from the plugs' topics")
struct PlugTrackerTests {
    static func tracker(_ devices: [Device]) -> PlugTracker { PlugTracker(devices: devices) }

    @Test("Tasmota, Shelly and Zigbee2MQTT reports become states and availability")
    func everyProtocol() {
        let tracker = Self.tracker([
            Device(id: "lamp"), Device(id: "fan", protocol: .shelly, topic: "shelly1-desk"),
            Device(id: "tree", protocol: .zigbee2mqtt, topic: "xmas_tree"),
        ])
        #expect(tracker.handle(topic: "stat/lamp/POWER", payload: Array("ON".utf8)) == [.state(deviceID: "lamp", .on)])
        #expect(tracker.handle(topic: "tele/lamp/LWT", payload: Array("Offline".utf8)) == [.availability(deviceID: "lamp", online: false)])
        #expect(tracker.handle(topic: "shellies/shelly1-desk/relay/0", payload: Array("off".utf8)) == [.state(deviceID: "fan", .off)])
        #expect(
            tracker.handle(topic: "zigbee2mqtt/xmas_tree", payload: Array(#"{"state":"ON","linkquality":80}"#.utf8))
                == [.state(deviceID: "tree", .on)])
        let lamp = tracker.status(of: "lamp")
        #expect(lamp?.state == .on && lamp?.online == false && lamp?.updated != nil)
        #expect(tracker.status(of: "tree")?.online == nil, "nothing heard on its availability topic")
    }

    @Test("a single relay is POWER and POWER1 alike; a Shelly's single relay is relay 0")
    func singleRelayNames() {
        let tracker = Self.tracker([Device(id: "lamp"), Device(id: "kettle", relay: 1), Device(id: "fan", protocol: .shelly)])
        #expect(tracker.handle(topic: "stat/lamp/POWER1", payload: Array("ON".utf8)) == [.state(deviceID: "lamp", .on)])
        #expect(tracker.handle(topic: "stat/kettle/POWER", payload: Array("ON".utf8)) == [.state(deviceID: "kettle", .on)])
        #expect(tracker.handle(topic: "stat/lamp/POWER2", payload: Array("OFF".utf8)).isEmpty, "no second relay")
        #expect(tracker.handle(topic: "shellies/fan/relay/1", payload: Array("on".utf8)).isEmpty)
    }

    @Test("a multi-relay plug: each relay its own device, one availability for all")
    func multiRelay() {
        let tracker = Self.tracker([
            Device(id: "strip-1", topic: "strip", relay: 1), Device(id: "strip-2", topic: "strip", relay: 2),
        ])
        #expect(tracker.handle(topic: "stat/strip/POWER2", payload: Array("ON".utf8)) == [.state(deviceID: "strip-2", .on)])
        #expect(tracker.status(of: "strip-1")?.state == nil)
        #expect(tracker.handle(topic: "stat/strip/POWER", payload: Array("ON".utf8)).isEmpty, "POWER alone names no relay of two")
        let online = tracker.handle(topic: "tele/strip/LWT", payload: Array("Online".utf8)).sorted { $0.deviceID < $1.deviceID }
        #expect(online == [.availability(deviceID: "strip-1", online: true), .availability(deviceID: "strip-2", online: true)])
    }

    @Test("garbage payloads and unknown topics report nothing and change nothing")
    func garbage() {
        let tracker = Self.tracker([Device(id: "lamp"), Device(id: "tree", protocol: .zigbee2mqtt, topic: "xmas_tree")])
        _ = tracker.handle(topic: "stat/lamp/POWER", payload: Array("OFF".utf8))
        for (topic, payload) in [
            ("stat/lamp/POWER", [0xFF, 0xFE]), ("stat/lamp/POWER", Array("MAYBE".utf8)), ("tele/lamp/LWT", Array("Sleeping".utf8)),
            ("zigbee2mqtt/xmas_tree", Array("{not json".utf8)), ("zigbee2mqtt/xmas_tree", Array(#"{"state":42}"#.utf8)),
            ("stat/other/POWER", Array("ON".utf8)), ("stat", Array("ON".utf8)), ("", []),
        ] as [(String, [UInt8])] {
            #expect(tracker.handle(topic: topic, payload: payload).isEmpty, "\(topic)")
        }
        #expect(tracker.status(of: "lamp")?.state == .off)
        #expect(tracker.status(of: "tree")?.state == nil)
    }

    @Test("a reloaded configuration keeps what was known of the devices both share")
    func carriesOver() {
        let old = Self.tracker([Device(id: "lamp"), Device(id: "gone")])
        _ = old.handle(topic: "stat/lamp/POWER", payload: Array("ON".utf8))
        let new = PlugTracker(devices: [Device(id: "lamp"), Device(id: "new")], carryingOver: old)
        #expect(new.status(of: "lamp")?.state == .on)
        #expect(new.status(of: "new")?.state == nil)
        #expect(new.status(of: "gone") == nil)
        #expect(new.filters.contains("stat/lamp/+") || new.filters.contains { $0.hasPrefix("stat/lamp") }, "\(new.filters)")
    }
}
