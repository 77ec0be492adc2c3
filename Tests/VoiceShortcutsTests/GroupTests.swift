import Testing
import VoiceShortcuts

@Suite("Groups, group questions and everyday verbs")
struct GroupTests {
    let matcher = PhraseMatcher(devices: [
        Device(id: "kettle", name: "kettle", area: "kitchen"), Device(id: "lamp", name: "kitchen lamp", area: "kitchen"),
        Device(id: "fan", name: "desk fan", area: "office"), Device(id: "fridge", name: "fridge", area: "kitchen", groupCommands: false),
        Device(id: "salt", name: "salt and pepper lamp"),
    ])
    static let everyone = ["kettle", "lamp", "fan", "salt"]
    static let kitchen = ["kettle", "lamp"]

    @Test(
        "group commands switch every device that takes part, in an area when one is named; the fridge opted out",
        arguments: [
            ("turn off everything", everyone, PowerState.off),
            ("Turn everything off, please", everyone, .off),
            ("everything off", everyone, .off),
            ("switch off all the plugs", everyone, .off),
            ("turn on all plugs", everyone, .on),
            ("turn off all devices", everyone, .off),
            ("turn off every plug", everyone, .off),
            ("turn off all", everyone, .off),
            ("turn off everything in the kitchen", kitchen, .off),
            ("everything in the kitchen off", kitchen, .off),
            ("turn off all the plugs in the kitchen", kitchen, .off),
            ("turn off all the kitchen plugs", kitchen, .off),
            ("shut off everything in the office", ["fan"], .off),
        ])
    func groupCommands(text: String, ids: [String], state: PowerState) throws {
        #expect(try matcher.request(text)?.get() == .group(deviceIDs: ids, state: state), "\(text)")
        #expect(matcher.match(text).intent == nil, "a group is no single command: \(text)")
    }

    @Test("a list of names switches each device named, the opted-out one too; one unknown name refuses the whole")
    func namedLists() throws {
        #expect(try matcher.request("turn on the kettle and the desk fan")?.get() == .group(deviceIDs: ["kettle", "fan"], state: .on))
        #expect(
            try matcher.request("turn off the kettle, the fridge and the desk fan")?.get()
                == .group(deviceIDs: ["kettle", "fridge", "fan"], state: .off))
        #expect(try matcher.request("kettle and fridge off")?.get() == .group(deviceIDs: ["kettle", "fridge"], state: .off))
        #expect(matcher.request("turn on the kettle and the toaster") == .failure(.unknownDevice("toaster")))
        // A name with "and" in it is one device.
        #expect(matcher.match("turn on the salt and pepper lamp").intent == ToggleStateIntent(deviceID: "salt", state: .on))
        #expect(matcher.request("turn on the salt and pepper lamp") == nil)
    }

    @Test("group questions name the devices asked about, opted out or not; they are never commands")
    func groupQuestions() throws {
        let all = ["kettle", "lamp", "fan", "fridge", "salt"]
        let cases: [(String, [String], PowerState)] = [
            ("what's on", all, .on), ("what is on in the kitchen", ["kettle", "lamp", "fridge"], .on),
            ("which plugs are on", all, .on), ("is anything on", all, .on), ("is anything on in the office", ["fan"], .on),
            ("are any plugs on", all, .on), ("is everything off", all, .off), ("are all the plugs switched off", all, .off),
            ("what's switched on", all, .on),
        ]
        for (text, ids, asked) in cases {
            #expect(try matcher.request(text)?.get() == .groupQuestion(deviceIDs: ids, asked: asked), "\(text)")
            #expect(matcher.match(text).intent == nil, "\(text)")
        }
    }

    @Test("what is no group stays no request, and an unknown place or an empty group says why")
    func notGroups() {
        for text in [
            "turn off the kitchen", "turn off all the doors", "what's the date today", "lock all the doors", "is it on",
            "turn off everything you know", "what is the kettle", "stop the alarm", "start the day", "turn off any plugs",
        ] {
            #expect((try? matcher.request(text)?.get()) == nil, "\(text)")
        }
        #expect(matcher.request("turn off everything in the garage") == .failure(.unknownArea("garage")))
        let fridgeOnly = PhraseMatcher(devices: [Device(id: "fridge", name: "fridge", area: "kitchen", groupCommands: false)])
        #expect(fridgeOnly.request("turn off everything") == .failure(.emptyGroup(area: nil)))
    }

    @Test(
        "everyday verbs beyond Home Assistant's",
        arguments: [
            ("shut off the kettle", "kettle", PowerState.off), ("shut down the desk fan", "fan", .off),
            ("shut the kettle off", "kettle", .off),
            ("power down the kitchen lamp", "lamp", .off), ("power up the kitchen lamp", "lamp", .on),
            ("power the desk fan down", "fan", .off),
            ("power on the kettle", "kettle", .on), ("power the kettle to off", "kettle", .off),
            ("cut the power to the kettle", "kettle", .off), ("cut power to the desk fan", "fan", .off),
            ("kill the desk fan", "fan", .off), ("start the kettle", "kettle", .on), ("stop the desk fan", "fan", .off),
            ("please kill the kitchen lamp", "lamp", .off),
        ])
    func everydayVerbs(text: String, id: String, state: PowerState) {
        #expect(matcher.match(text).intent == ToggleStateIntent(deviceID: id, state: state), "\(text)")
    }

    @Test("the everyday verbs never take a state they cannot mean")
    func everydayVerbsRefuse() {
        for text in [
            "shut on the kettle", "shut the door", "shut down", "kill", "start", "cut the power", "stop the kettle on",
            "shut off the kettle on",
        ] {
            #expect(matcher.match(text).intent == nil, "\(text)")
        }
    }
}
