import EspeakNG
import Foundation
import PocketSphinx
import Speech
import SpeechAudio
import SpeechGrammar
import TestSupport
import Testing
import VoiceAdaptation
import VoiceShortcuts

/// Recognition of audio that is not clean speech at its usual level: an echo, a reverberant room, quiet speech,
/// a voice whose pitch misleads the warp, a synthesizer's digital silence, silence alone.
extension RecognizerTests {
    @Test("speech with a strong echo is heard as without one")
    func echo() async throws {
        let devices = [
            Device(id: "piano-lamp", name: "piano lamp", area: "music room"), Device(id: "griddle", name: "griddle", area: "kitchen"),
        ]
        let recognizer = try await blocking { try SpeechRecognizer(devices: devices, shortcuts: []) }
        // One reflection at 100 ms, 0.9 as loud as the sound, and a feedback loop at 150 ms. Without the filter the loop
        // was heard in 1 of the 6, slt's "turn off the piano lamp" as "turn on our piano lamp"; the reflection over this
        // test's noise floor was heard either way (without a floor, sox's echo at 0.3-0.9 on flite awb, kal16, slt and
        // rms: 21 of 32 right before, 30 after).
        for effects in [["echo", "0.5", "0.9", "100", "0.45"], ["echos", "0.6", "0.9", "150", "0.4"]] {
            let (right, wrong) = try await score(
                [("turn off the piano lamp", "piano-lamp", .off), ("switch the griddle on", "griddle", .on)],
                voices: ["awb", "kal16", "slt"], effects: effects, recognizer: recognizer, devices: devices)
            #expect(wrong.isEmpty, "\(effects): \(wrong)")
            #expect(right >= 5, "\(effects): \(right) of 6 recognized")
        }
    }

    @Test("espeak-ng's fricatives, spoken slowly, are heard: noise removal is kept for speech that rings on")
    func fricatives() async throws {
        let devices = [
            Device(id: "coffee", name: "coffee maker", area: "kitchen"), Device(id: "hood", name: "range hood", area: "kitchen"),
            Device(id: "fountain", name: "fountain", area: "garden"),
        ]
        let recognizer = try await blocking { try SpeechRecognizer(devices: devices, shortcuts: []) }
        let cases: [(String, String, PowerState)] = [
            ("turn off the coffee maker", "coffee", .off), ("activate the coffee maker", "coffee", .on),
            ("turn on the range hood", "hood", .on), ("deactivate the range hood", "hood", .off), ("turn on the fountain", "fountain", .on),
        ]
        // With noise removal on every utterance, "coffee" was heard "k aa th iy" and "hood" "f uh l d": 6 of 10.
        let (right, wrong) = try await score(
            cases, voices: ["espeak:en-us:140", "espeak:en-gb:155"], recognizer: recognizer, devices: devices)
        #expect(wrong.isEmpty, "\(wrong)")
        #expect(right >= 8, "\(right) of 10 recognized")
        // In a reverberant room noise removal still serves: these are heard 6 times of 8 with it, 2 without.
        let (inRoom, wrongInRoom) = try await score(
            Array(cases.prefix(2)), voices: ["awb", "kal16", "rms", "espeak"], effects: ["reverb", "80"],
            recognizer: recognizer, devices: devices)
        #expect(wrongInRoom.isEmpty, "\(wrongInRoom)")
        #expect(inRoom >= 5, "\(inRoom) of 8 recognized in a reverberant room")
    }

    @Test("speech 40 dB quieter is heard as at its usual level; quiet speech that is no command and quiet noise switch nothing")
    func quiet() async throws {
        // Before quiet audio was brought up, none of these was heard (the floor added to digital silence drowned them).
        let (right, wrong) = try await score(
            [("turn on the kitchen lamp", "kitchen-lamp", .on), ("switch off the christmas tree", "tree", .off)],
            voices: ["slt", "awb", "espeak"], volume: 0.01)
        #expect(wrong.isEmpty, "\(wrong)")
        #expect(right >= 5, "\(right) of 6 recognized")
        let accepted = try await accepted(
            ["what is the weather like today", "turn on the radio", "switch off the hallway light"],
            volume: 0.01)
        #expect(accepted.isEmpty, "\(accepted)")
        let noise = try await Synthesizer.speak("", voice: "slt", volume: 0.1)
        #expect(try await Self.sharedRecognizer().hear(noise).text == nil, "the −60 dB noise floor alone")
    }

    @Test("a voice whose pitch suggests the wrong warp is heard again with another")
    func anotherWarp() async throws {
        let devices = [
            Device(id: "sauna-heater", name: "sauna heater", area: "sauna"),
            Device(id: "shredder", name: "paper shredder", area: "office"), Device(id: "pad", name: "mattress pad", area: "bedroom"),
        ]
        let recognizer = try await blocking { try SpeechRecognizer(devices: devices, shortcuts: []) }
        // espeak-ng en-us+Henrique: with the warp its pitch suggests, the name's last word falls into the loop of
        // phones after its first ("change the mattress g_ph_er to off").
        let heard = try await recognizer.hear(
            try await Synthesizer.speak("change the mattress pad to off", voice: "espeak:en-us+Henrique:160"))
        #expect(intent(of: heard, devices: devices) == ToggleStateIntent(deviceID: "pad", state: .off), "\(heard)")
        #expect(heard.hypothesis.hasSuffix("heard again with warp 0.9"), "\(heard.hypothesis)")
        // espeak-ng en-gb: the name falls into the unknown name's phones ("bring my g_un_…"); it was heard again with
        // the other warp, and is now heard again with the configured names (see `unknownNameShortfall`).
        for snr in [nil, 20.0] {
            let heard = try await recognizer.hear(
                try await Synthesizer.speak("bring my sauna heater to off", voice: "espeak:en-gb", snr: snr))
            #expect(intent(of: heard, devices: devices) == ToggleStateIntent(deviceID: "sauna-heater", state: .off), "\(heard)")
        }
    }

    @Test("a synthesizer's raw file, with digital silence, is recognized")
    func digitalSilence() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("raw-\(UUID().uuidString.prefix(8)).wav").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (status, _) = try await blocking { try runCommand("espeak-ng", ["-v", "en-us", "-w", path, "turn on the kitchen lamp"]) }
        #expect(status == 0)
        let audio = try WAVReader.read(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        let heard = try await Self.sharedRecognizer().hear(audio)
        #expect(intent(of: heard) == ToggleStateIntent(deviceID: "kitchen-lamp", state: .on), "\(heard)")
    }

    @Test("silence is not recognized")
    func silence() async throws {
        let recognizer = try await Self.sharedRecognizer()
        #expect(try await recognizer.hear(RecognizerAudio(samples: [Int16](repeating: 0, count: 32000))).text == nil)
    }
}
