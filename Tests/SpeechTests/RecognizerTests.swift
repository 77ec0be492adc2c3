import Foundation
import Speech
import Testing
import TestSupport
import VoiceShortcuts

/// Speech synthesized at test time: flite or espeak-ng, 16 kHz mono with a
/// -40 dB pink-noise floor (sox in repeatable mode, so runs agree).
enum Synthesizer {
    static func speak(_ text: String, voice: String) throws -> RecognizerAudio {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("voiceplug-tts-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let raw = folder.appendingPathComponent("raw.wav").path, clean = folder.appendingPathComponent("clean.wav").path
        let noise = folder.appendingPathComponent("noise.wav").path, mixed = folder.appendingPathComponent("mixed.wav").path
        if voice.hasPrefix("espeak") {
            try run("espeak-ng", ["-v", "en-us", "-w", raw, text])
        } else {
            try run("flite", ["-voice", voice, "-t", text, "-o", raw])
        }
        try run("sox", ["-R", raw, "-r", "16000", "-c", "1", "-b", "16", clean, "pad", "0.3", "0.3"])
        try run("sox", ["-R", "-n", "-r", "16000", "-c", "1", "-b", "16", noise, "synth", "5", "pinknoise", "vol", "0.01"])
        try run("sox", ["-R", "-m", clean, noise, mixed, "trim", "0", duration(clean)])
        return try WAVReader.read(Array(Data(contentsOf: URL(fileURLWithPath: mixed))))
    }

    private static func duration(_ path: String) throws -> String {
        let (_, output) = try runCommand("soxi", ["-D", path])
        return output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private static func run(_ tool: String, _ arguments: [String]) throws {
        let (status, output) = try runCommand(tool, arguments)
        guard status == 0 else { throw SynthesisFailed(tool: tool, output: output) }
    }

    struct SynthesisFailed: Error { let tool: String; let output: String }
}

@Suite("Offline speech recognition on synthesized speech")
struct RecognizerTests {
    static let devices = [
        Device(id: "kitchen-lamp", name: "kitchen lamp", area: "kitchen"),
        Device(id: "desk-fan", name: "desk fan", area: "office", protocol: .shelly),
        Device(id: "tree", name: "christmas tree", protocol: .zigbee2mqtt),
        Device(id: "kettle", name: "kettle", area: "kitchen"),
    ]
    static let shortcut = VoiceShortcut(invocationPhrase: "lights out",
                                        shortcut: Shortcut(intent: ToggleStateIntent(deviceID: "kitchen-lamp", state: .off)))

    func intent(of recognition: Recognition) -> ToggleStateIntent? {
        guard let text = recognition.text else { return nil }
        return PhraseMatcher(devices: Self.devices).match(text, shortcuts: ShortcutIndex([Self.shortcut])).intent
    }

    @Test("in-grammar commands are recognized and never land on a wrong device")
    func inGrammar() throws {
        let recognizer = try SpeechRecognizer(devices: Self.devices, shortcuts: [Self.shortcut])
        let cases: [(String, String, PowerState)] = [
            ("turn on the kitchen lamp", "kitchen-lamp", .on), ("switch off the christmas tree", "tree", .off),
            ("turn the desk fan on", "desk-fan", .on), ("kettle off", "kettle", .off), ("lights out", "kitchen-lamp", .off),
        ]
        var right = 0, wrong: [String] = []
        for voice in ["slt", "rms", "espeak"] {
            for (text, device, state) in cases {
                let heard = try recognizer.recognize(try Synthesizer.speak(text, voice: voice))
                switch intent(of: heard) {
                case ToggleStateIntent(deviceID: device, state: state)?: right += 1
                case let other?: wrong.append("\(text) [\(voice)] → \(other)")
                case nil: break
                }
            }
        }
        #expect(wrong.isEmpty, "\(wrong)")
        #expect(right >= 12, "\(right) of 15 recognized")
    }

    @Test("speech that is not a command switches nothing")
    func outOfGrammar() throws {
        let recognizer = try SpeechRecognizer(devices: Self.devices, shortcuts: [Self.shortcut])
        var accepted: [String] = []
        for voice in ["slt", "espeak"] {
            for text in ["what is the weather like today", "turn on the radio", "play some music", "open the garage door",
                         "how are you today", "set a timer for ten minutes"] {
                let heard = try recognizer.recognize(try Synthesizer.speak(text, voice: voice))
                if intent(of: heard) != nil { accepted.append("\(text) [\(voice)] → \(heard.text ?? "")") }
            }
        }
        #expect(accepted.count <= 1, "\(accepted)")
    }

    @Test("a shortcut added later is recognized after the grammar is rebuilt")
    func rebuild() throws {
        let recognizer = try SpeechRecognizer(devices: Self.devices, shortcuts: [])
        let audio = try Synthesizer.speak("good morning", voice: "slt")
        #expect(intent(of: try recognizer.recognize(audio)) == nil)
        let morning = VoiceShortcut(invocationPhrase: "good morning", shortcut: Shortcut(intent: ToggleStateIntent(deviceID: "kettle", state: .on)))
        let start = ContinuousClock.now
        try recognizer.rebuild(devices: Self.devices, shortcuts: [Self.shortcut, morning])
        #expect(ContinuousClock.now - start < .seconds(2))
        #expect(try recognizer.recognize(audio).text == "good morning")
    }

    @Test("silence is not recognized")
    func silence() throws {
        let recognizer = try SpeechRecognizer(devices: Self.devices, shortcuts: [Self.shortcut])
        #expect(try recognizer.recognize(RecognizerAudio(samples: [Int16](repeating: 0, count: 32000))).text == nil)
    }
}
