import Foundation
import PocketSphinx
import Speech
import SpeechAudio
import TestSupport
import Testing
import VoiceShortcuts

/// Asking back: a command heard but not surely is a candidate, never a text; a yes or a no is heard as such.
extension RecognizerTests {
    @Test("a command just short of its margin is a candidate to ask back, not a command; far short, it is nothing")
    func candidateInTheBand() async throws {
        let audio = try await Synthesizer.speak("turn on the kitchen lamp", voice: "espeak:en-us")
        let heard = try await Self.sharedRecognizer().hear(audio)
        let first = try #require(heard.trace.first)
        let margin = try #require(first.margin), required = try #require(first.required)
        #expect(heard.text == "turn on the kitchen lamp" && heard.candidate == nil, "\(heard)")
        // The same audio against a threshold 3 above its margin (within the 6 asked back), then 12 above.
        for (above, candidate) in [(3.0, "turn on the kitchen lamp" as String?), (12.0, nil)] {
            let strict = try await blocking {
                try SpeechRecognizer(
                    devices: Self.devices, shortcuts: [Self.shortcut],
                    threshold: SpeechRecognizer.defaultThreshold + margin - required + above)
            }
            let again = try await strict.hear(audio)
            #expect(again.text == nil, "\(above) above: \(again)")
            #expect(again.candidate == candidate, "\(above) above: \(again.trace)")
        }
    }

    @Test("\"off\" said in noise and heard as \"on\" is asked back or refused, never taken as on")
    func offHeardAsOn() async throws {
        // Commands whose "off" these voices' speech at 20 dB was heard as "on" after the wake phrase (households 1-3
        // of bench/listen/livingroom.py, said again), heard as `listen` hears them: what follows the wake phrase.
        let devices = ["yoghurt maker", "floodlight", "bar heater", "toaster oven", "cabinet light"].map {
            Device(id: $0.replacingOccurrences(of: " ", with: "-"), name: $0)
        }
        let recognizer = try await blocking { try SpeechRecognizer(devices: devices, shortcuts: []) }
        let spotter = try await blocking { try WakeSpotter() }
        var onHeard: [String] = [], notWoken: [String] = [], asked = 0
        for (text, voice) in [
            ("yoghurt maker off", "slt:160:1.12"), ("floodlight off", "rms:115:0.95"), ("turn the bar heater off", "slt:210:1.08"),
            ("switch the toaster oven off", "espeak:en-us-nyc+Andrea:170"), ("turn the cabinet light off", "slt:175:0.95"),
        ] {
            for snr in [20.0, 10.0] {
                let said = try await Synthesizer.speak("hey voice plug, " + text, voice: voice, snr: snr)
                guard let end = spotter.spot(said) else {
                    notWoken.append("\(voice) \(snr)")
                    continue
                }
                let heard = try await recognizer.hear(RecognizerAudio(samples: Array(said.samples[end...])))
                if let said = heard.text, said.split(separator: " ").contains("on") { onHeard.append("\(voice) \(snr): \(said)") }
                if heard.candidate != nil { asked += 1 }
            }
        }
        #expect(onHeard.isEmpty, "\(onHeard)")
        #expect(notWoken.isEmpty, "the wake phrase not spotted: \(notWoken)")
        #expect(asked > 0, "none of them was asked back")
    }

    @Test("an \"off\" heard as \"on\" clearing the state margin at one phase of the frames is asked back at every phase")
    func onAtEveryPhase() async throws {
        // Household 14 of the living room (bench/listen/livingroom.py --seed 14 --household 14; the utterance as
        // `listen` cut it from the stream, 121.85-125.3 s): flite slt's (185 Hz) "hey voice plug, turn the tundra lamp
        // off" at 20 dB was switched on. Begun a few milliseconds later, "on" beat "off" by 12.1-16.4 a frame, and
        // 15 is needed: without the mean of three phases, shifts 0 and 160 switch it on.
        let said = try Self.fixture("livingroom-14-tundra-lamp-off.wav")
        let (devices, recognizer) = try await Self.recognizer(of: [
            ("yacht heater", "boot room"), ("tundra lamp", "buttery"), ("oasis light", "sun porch"), ("dinghy fan", "lanai"),
            ("wigwam light", "boot room"), ("canoe lamp", "buttery"),
        ])
        let spotter = try await blocking { try WakeSpotter() }
        let end = try #require(spotter.spot(said))
        var switched: [String] = [], asked = 0
        for shift in stride(from: 0, through: 160, by: 40) {
            let heard = try await recognizer.hear(RecognizerAudio(samples: Array(said.samples[end...].dropFirst(shift))))
            if intent(of: heard, devices: devices, shortcuts: [])?.state == .on { switched.append("\(shift): \(heard.text ?? "")") }
            if heard.candidate?.hasSuffix(" on") == true { asked += 1 }
        }
        #expect(switched.isEmpty, "\(switched)")
        #expect(asked == 5, "\(asked) of 5 asked back")
    }

    @Test("an \"on\" heard as \"off\" with \"on\" fitting its state word better is asked back, never switched off")
    func offFittingWorse() async throws {
        // The sixty-eighth corpus set at 10 dB: espeak-ng en-gb-scotland+Andy's "switch on the skiff heater" (its file
        // kept) was heard as "switch our skiff heater off" and switched off, "on" fitting the state word better by 9.5
        // a frame.
        let said = try Self.fixture("sixty-eighth-skiff-heater-on.wav")
        let (devices, recognizer) = try await Self.recognizer(of: [
            ("trestle lamp", "still room"), ("hamper heater", "gun room"), ("tapestry light", "map room"),
            ("sleigh lamp", "gun room"), ("banjo fan", "saddlery"), ("cello light", "ice house"), ("skiff heater", "mews"),
            ("bobbin lamp", "mews"),
        ])
        let heard = try await recognizer.hear(said)
        #expect(intent(of: heard, devices: devices, shortcuts: []) == nil, "switched: \(heard.text ?? "")")
        #expect(heard.candidate?.hasSuffix(" off") == true, "not asked back: \(heard.hypothesis)")
        // Right "off"s are not asked.
        let right = try await accepted(
            byVoice: [("espeak:en-gb-scotland+Andy:160", ["switch the skiff heater off"]), ("slt", ["turn off the bobbin lamp"])],
            recognizer: recognizer, devices: devices, shortcuts: [])
        #expect(right.count == 2, "\(right)")
    }

    @Test("with a learned adaptation, a state is asked back unless it clears its margin without the adaptation too")
    func stateWithoutAdaptation() async throws {
        // Household 17 of the living room (bench/listen/livingroom.py --seed 17 --household 17): espeak-ng
        // en-gb-x-gbcwmd+Annie's "power off the cistern heater", as `listen` kept it, was heard as "turn on the cistern
        // heater" and switched on. `listen` had learned the voices of the household's first 10 commands (that
        // adaptation kept too): with it "on" fit the state word better than "off" by 54.5 a frame, without it by 0.6.
        let adaptation = try SpeakerAdaptation(contentsOf: Self.fixturePath("livingroom-17-first-ten.adaptation"))
        let (devices, recognizer) = try await Self.recognizer(
            of: [
                ("tambour lamp", "cooperage"), ("cistern heater", "creamery"), ("harpoon light", "cider house"),
                ("gannet fan", "cooperage"), ("mandolin lamp", "creamery"), ("spindle heater", "cider house"),
            ], adaptation: adaptation)
        let heard = try await recognizer.hear(try Self.fixture("livingroom-17-cistern-heater-off.wav"))
        #expect(intent(of: heard, devices: devices, shortcuts: []) == nil, "switched: \(heard.text ?? "")")
        #expect(heard.trace.contains { $0.decision.hasSuffix("without the adaptation") }, "\(heard.hypothesis)")
        // Right commands, "on" and "off", are still heard with the adaptation.
        let right = try await accepted(
            byVoice: [
                ("espeak:en-gb-x-gbclan+Mike", ["switch on the cistern heater"]), ("slt", ["turn the cistern heater on"]),
                ("kal", ["switch off the cistern heater"]),
            ], recognizer: recognizer, devices: devices, shortcuts: [])
        #expect(right.count == 3, "\(right)")
    }

    @Test("\"turn up the X\" heard as \"turn off the X\", \"up\" fitting better, is asked back, never switched off")
    func upHeardAsOff() async throws {
        // The sixty-second and sixty-fourth corpus sets: espeak-ng en-gb+caleb's and en-gb-x-gbcwmd+paul's "turn up the
        // X" was heard as "turn off the X", its state margin 25-35, "up" fitting its frames better than "off". Without
        // the check, paul's (170 words a minute, clean) is switched off here. Still switched with it, and so not here:
        // paul's at 150, where "off" fits better by 12-17 (docs/speech.md, "SpeechRecognizer: upDownMargin").
        let (devices, recognizer) = try await Self.recognizer(of: [
            ("den heater", "den"), ("attic heater", "attic"), ("studio heater", "studio"),
        ])
        var switched: [String] = [], asked = 0
        for (text, voice, snr) in [
            ("turn up the den heater", "espeak:en-gb+caleb:170", nil), ("turn up the den heater", "espeak:en-gb+caleb:170", 20),
            ("turn up the studio heater", "espeak:en-gb+caleb", nil), ("turn up the studio heater", "espeak:en-gb+caleb", 20),
            ("turn up the attic heater", "espeak:en-gb-x-gbcwmd+paul:170", nil),
        ] as [(String, String, Double?)] {
            let heard = try await recognizer.hear(try await Synthesizer.speak(text, voice: voice, snr: snr))
            if intent(of: heard, devices: devices, shortcuts: []) != nil { switched.append("\(voice) \(snr ?? 0): \(heard.text ?? "")") }
            if heard.candidate?.contains(" off ") == true { asked += 1 }
        }
        #expect(switched.isEmpty, "\(switched)")
        #expect(asked == 5, "\(asked) of 5 asked back")
        let right = try await accepted(
            byVoice: [
                ("espeak:en-gb+caleb:170", ["turn the den heater off", "turn on the attic heater"]),
                ("slt", ["turn off the studio heater", "switch the attic heater off"]),
            ],
            recognizer: recognizer, devices: devices, shortcuts: [])
        // Each heard as said.
        #expect(right.filter { $0.components(separatedBy: " [")[0] == $0.components(separatedBy: " → ").last }.count == 4, "\(right)")
    }

    @Test("\"turn the X down\" heard as \"turn the X to on\" is asked back, never switched on")
    func downHeardAsToOn() async throws {
        // The sixty-fifth corpus set: espeak-ng en-gb-x-gbclan+norbert's "turn the alcove lamp down" was heard as "turn
        // the alcove lamp to on" and switched on (here, clean, at 160 and 170 words a minute); "down" fits "to on"'s
        // frames better by 3-13, which a check of "on" alone against "up" or "down" does not see (docs/speech.md,
        // "SpeechRecognizer: upDownMargin").
        let (devices, recognizer) = try await Self.recognizer(of: [
            ("hobby lamp", "studio"), ("sink light", "kitchen"), ("hutch heater", "garden"), ("shop fan", "garage"),
            ("gallery light", "hall"), ("alcove lamp", "living room"), ("veranda heater", "veranda"), ("vanity lamp", "bathroom"),
        ])
        var switched: [String] = [], asked = 0
        for speed in ["160", "170"] {
            let heard = try await recognizer.hear(
                try await Synthesizer.speak("turn the alcove lamp down", voice: "espeak:en-gb-x-gbclan+norbert:" + speed))
            if intent(of: heard, devices: devices, shortcuts: []) != nil { switched.append("\(speed): \(heard.text ?? "")") }
            if heard.candidate?.hasSuffix(" to on") == true { asked += 1 }
        }
        #expect(switched.isEmpty, "\(switched)")
        #expect(asked == 2, "\(asked) of 2 asked back as \"… to on\"")
    }

    /// The sixty-sixth corpus set's devices (bench/speech/corpus.py), by name and area.
    static let sixtySixthDevices = [
        ("trellis light", "pergola"), ("quilt warmer", "mezzanine"), ("lectern light", "vestry"), ("oriel lamp", "atrium"),
        ("brew heater", "rumpus room"), ("crib lamp", "mezzanine"), ("anvil lamp", "bunker"), ("futon heater", "chalet"),
    ]

    @Test("\"turn up the X\" heard as \"turn off the X\" with \"up\" fitting nearly as well is asked back")
    func upNearlyAsWell() async throws {
        // The sixty-sixth corpus set: espeak-ng en-gb-x-rp+benjamin's "turn up the quilt warmer" was switched off in
        // all three conditions, "up" fitting 0-2.8 a frame worse than "off" (docs/speech.md, "SpeechRecognizer:
        // upDownMargin").
        let (devices, recognizer) = try await Self.recognizer(of: Self.sixtySixthDevices)
        // Here: his at 160 words a minute, a twenty-fifth slower (sox tempo 0.96), clean: "up" fits 1.3 worse than "off".
        let heard = try await recognizer.hear(
            try await Synthesizer.speak("turn up the quilt warmer", voice: "espeak:en-gb-x-rp+benjamin:160", effects: ["tempo", "0.96"]))
        #expect(intent(of: heard, devices: devices, shortcuts: []) == nil, "switched: \(heard.hypothesis)")
        #expect(heard.candidate == "turn off the quilt warmer", "\(heard.hypothesis)")
    }

    @Test("\"set the X to high\" heard as \"set the X to on\" is asked back: \"to high\" and \"to low\" are near misses too")
    func toHigh() async throws {
        // The sixty-sixth corpus set at 10 dB: flite slt's and awb's "set the futon heater to high" were switched on,
        // "to on" fitting 20–25 a frame better than "up" or "down" (docs/speech.md, "SpeechRecognizer: upDownMargin").
        let (devices, recognizer) = try await Self.recognizer(of: Self.sixtySixthDevices)
        for tempo in ["0.97", "1.0", "1.03"] {
            let audio = try await Synthesizer.speak("set the futon heater to high", voice: "slt", snr: 10, effects: ["tempo", tempo])
            let heard = try await recognizer.hear(audio)
            #expect(intent(of: heard, devices: devices, shortcuts: []) == nil, "\(tempo): switched: \(heard.hypothesis)")
        }
    }

    @Test("a name another device's name explains nearly as well is asked back, not switched; names heard surely switch")
    func nameInDoubt() async throws {
        // Household 7 of bench/listen/livingroom.py: espeak-ng en-gb-x-rp+Andy's "switch the hood fan off" is heard
        // as "switch our cot fan off" (margin 23.8 against the 19 it needs), the hood fan's name 12–15 a frame worse.
        let (devices, recognizer) = try await Self.recognizer(of: [
            ("cot fan", "nursery"), ("hood fan", "kitchen"), ("step light", "hall"), ("mantel lamp", "living room"),
        ])
        for speed in ["155", "160", "165"] {
            let audio = try await Synthesizer.speak("switch the hood fan off", voice: "espeak:en-gb-x-rp+Andy:" + speed)
            let heard = try await recognizer.hear(audio)
            #expect(heard.text.map { !$0.contains("cot") } ?? true, "\(speed): \(heard.hypothesis)")
            #expect(heard.text != nil || heard.candidate != nil, "\(speed): nothing asked either: \(heard.hypothesis)")
        }
        let right = try await accepted(
            byVoice: [
                ("espeak:en-gb-x-rp+Andy:160", ["switch the cot fan off"]),
                ("slt", ["switch the cot fan off", "turn on the hood fan", "turn off the step light"]),
            ],
            recognizer: recognizer, devices: devices, shortcuts: [])
        // Each heard with the name said ("said [voice] → heard").
        let named = right.filter { entry in
            let said = entry.components(separatedBy: " [")[0], heard = entry.components(separatedBy: " → ").last ?? ""
            return ["cot fan", "hood fan", "step light"].contains { said.contains($0) && heard.contains($0) }
        }
        #expect(named.count == 4, "\(right)")
    }

    @Test("yes and no are heard as replies by several voices; other speech is no reply")
    func replies() async throws {
        let recognizer = try await Self.sharedRecognizer()
        var wrong: [String] = []
        // flite awb's "yes" at 120 Hz is heard with the other warp (with its pitch's, it went to the decoy "nose"); "sure" is a yes
        // typed only ("hello" was heard as it), and "that's right" (the living room's chatter was heard as it) is never a yes.
        for voice in ["kal", "rms", "awb:120:1.0", "espeak:en-gb", "espeak:en-us+f3"] {
            for (text, reply) in [
                ("yes", Reply.yes), ("yes please", .yes), ("sure", nil), ("no", .no), ("nope", .no), ("no thanks", .no),
                ("cancel", .no), ("what time is it", nil), ("turn on the kitchen lamp", nil), ("maybe", nil), ("I guess so", nil),
                ("hello", nil), ("okay then", nil),
            ] as [(String, Reply?)] {
                let audio = try await Synthesizer.speak(text, voice: voice, snr: 20)
                let heard = try await blocking { try recognizer.hearReply(audio) }
                if heard.reply != reply { wrong.append("\(voice) \"\(text)\": \(heard)") }
            }
            let saidRight = try await Synthesizer.speak("that's right", voice: voice, snr: 20)
            let rightSaid = try await blocking { try recognizer.hearReply(saidRight) }
            if rightSaid.reply == .yes { wrong.append("\(voice) \"that's right\": \(rightSaid)") }
        }
        #expect(wrong.isEmpty, "\(wrong)")
    }

    /// Living-room chatter each once taken as a yes, which would switch what was asked. Household 13's "the study
    /// is a mess again", as the living room synthesized it: heard as other speech with its pitch's warp, and as "yes
    /// please" (margin 41) with the other. Household 18's "light a candle, it's cosy" over music, as the living room
    /// cut it: heard as "right" (margin 33.9), a yes typed only now.
    @Test(
        "chatter heard as other speech, or as \"right\", is no reply",
        arguments: ["livingroom-13-chatter-study.wav", "livingroom-18-chatter-candle.wav"])
    func chatterNoReply(fixture: String) async throws {
        let said = try Self.fixture(fixture)
        let recognizer = try await Self.sharedRecognizer()
        let heard = try await blocking { try recognizer.hearReply(said) }
        #expect(heard.reply == nil, "\(heard)")
    }

    @Test("typed, \"right\" and \"correct\" are a yes")
    func rightTyped() {
        #expect(SpeechRecognizer.reply(typed: "Right!") == .yes)
        #expect(SpeechRecognizer.reply(typed: "correct") == .yes)
    }
}
