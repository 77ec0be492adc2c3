// The fuzz target (`make fuzz`, and briefly in `make test`): libFuzzer feeds bytes to the phrase matcher, the
// configuration reader, the plugs' payload readers and the WAV reader. The first byte picks which; the rest is
// the input. Compiled with the modules' sources into one module (see the Makefile), so no `import` of them here.
import Foundation

private let devices = [
    Device(id: "kitchen-lamp", name: "kitchen lamp", aliases: ["kitchen light"], area: "kitchen"),
    Device(id: "kettle", name: "kettle", area: "kitchen"),
    Device(id: "desk-fan", name: "desk fan", area: "office", protocol: .shelly, topic: "shelly1-desk"),
    Device(id: "tree", name: "christmas tree", protocol: .zigbee2mqtt, topic: "xmas_tree"),
    Device(id: "salt", name: "salt and pepper lamp", groupCommands: false),
    Device(id: "strip-2", name: "strip two", protocol: .tasmota, topic: "strip", relay: 2),
]
private let ids = Set(devices.map(\.id))
private let matcher = PhraseMatcher(devices: devices)
private let shortcuts = ShortcutIndex([
    VoiceShortcut(invocationPhrase: "lights out", shortcut: Shortcut(intent: ToggleStateIntent(deviceID: "kitchen-lamp", state: .off)))
])

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let selector = bytes.first else { return 0 }
    let input = Array(bytes.dropFirst())
    switch selector % 4 {
    case 0:
        let text = String(decoding: input, as: UTF8.self)
        // Whatever it is, a phrase never names a device that is not configured.
        if let intent = matcher.match(text, shortcuts: shortcuts).intent, !ids.contains(intent.deviceID) {
            fatalError("matched an unknown device: \(intent)")
        }
        switch matcher.request(text) {
        case .success(.group(let named, _))?, .success(.groupQuestion(let named, _))?:
            if !Set(named).isSubset(of: ids) || named.isEmpty { fatalError("a group of unknown devices: \(named)") }
        case .success(.toggle(let id))?, .success(.question(let id, _))?:
            if !ids.contains(id) { fatalError("a request for an unknown device: \(id)") }
        default:
            break
        }
        _ = matcher.meaning(of: text)
    case 1:
        _ = try? VoicePlugConfiguration.parse(Data(input), file: "fuzz.json")
    case 2:
        for device in devices {
            let topics = device.channel.stateFilters.map {
                $0.replacingOccurrences(of: "+", with: device.protocol == .shelly ? "0" : "RESULT")
            }
            for topic in topics { _ = device.channel.reportedStates(topic: topic, payload: input) }
            _ = device.channel.reportedAvailability(payload: input)
            _ = device.channel.command(topic: device.channel.commandMessage(relay: device.relay, state: .on).topic, payload: input)
        }
    default:
        _ = try? WAVReader.read(input)
    }
    return 0
}
