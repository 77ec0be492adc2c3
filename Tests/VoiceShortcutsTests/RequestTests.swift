import Testing
import VoiceShortcuts

@Suite("Toggles and questions: what a phrase asks of one device that is no on/off command")
struct RequestTests {
    let matcher = PhraseMatcher(devices: [
        Device(id: "kettle", name: "kettle", area: "kitchen"), Device(id: "lamp", name: "kitchen lamp", area: "kitchen"),
        Device(id: "fan", name: "desk fan", aliases: ["office fan"]),
    ])

    @Test(
        "toggle and questions name the device the target resolves to",
        arguments: [
            ("toggle the kettle", DeviceRequest.toggle(deviceID: "kettle")),
            ("please toggle my office fan", .toggle(deviceID: "fan")),
            ("toggle the kettle in the kitchen", .toggle(deviceID: "kettle")),
            ("is the kettle on?", .question(deviceID: "kettle", asked: .on)),
            ("Is the kitchen lamp switched off", .question(deviceID: "lamp", asked: .off)),
            ("is desk fan on", .question(deviceID: "fan", asked: .on)),
            ("toggle the ketle", .toggle(deviceID: "kettle")),
        ])
    func requests(text: String, expected: DeviceRequest) throws {
        #expect(try matcher.request(text)?.get() == expected)
    }

    @Test("commands and other sentences are no request; a request naming no known device says why")
    func notRequests() {
        for text in ["turn on the kettle", "kettle off", "lights out", "what time is it", "is it raining", "is the kettle hot"] {
            #expect(matcher.request(text) == nil, "\(text)")
        }
        #expect(matcher.request("toggle the toaster") == .failure(.unknownDevice("toaster")))
        #expect(matcher.request("is the toaster on") == .failure(.unknownDevice("toaster")))
        #expect(matcher.request("toggle it") == .failure(.noDevice))
        #expect(matcher.request("toggle") == .failure(.noDevice))
    }

    @Test("a question or a toggle is never an on/off command")
    func neverACommand() {
        for text in ["is the kettle on", "toggle the kettle", "are the kitchen lamp off"] {
            #expect(matcher.match(text).intent == nil, "\(text)")
        }
    }
}
