import Speech
import SpeechGrammar
import TestSupport
import Testing
import VoiceShortcuts

/// The forms beyond one device's on/off command, heard: groups, lists of names, toggle, questions, everyday verbs.
extension RecognizerTests {
    /// What the heard words do, as the gateway takes them typed: a command "device → state", a group "a,b → state",
    /// a toggle "device → toggle", a question "? a,b"; nil when nothing was heard or the words say none of these.
    func meaning(of recognition: Recognition) -> String? {
        guard let text = recognition.text else { return nil }
        let matcher = PhraseMatcher(devices: Self.devices)
        if let intent = matcher.match(text, shortcuts: ShortcutIndex([Self.shortcut])).intent {
            return "\(intent.deviceID) → \(intent.state)"
        }
        switch matcher.request(text) {
        case .success(.group(let ids, let state))?: return ids.joined(separator: ",") + " → \(state)"
        case .success(.toggle(let id))?: return "\(id) → toggle"
        case .success(.question(let id, _))?: return "? \(id)"
        case .success(.groupQuestion(let ids, _))?: return "? " + ids.joined(separator: ",")
        default: return nil
        }
    }

    /// Each text said by each voice: those heard as nothing, and those heard as another meaning (the worst outcome
    /// when it switches something).
    func misheard(_ cases: [(String, String)], voices: [String] = ["slt", "espeak"]) async throws -> (missed: [String], wrong: [String]) {
        let recognizer = try await Self.sharedRecognizer()
        var missed: [String] = [], wrong: [String] = []
        for voice in voices {
            for (text, expected) in cases {
                let heard = try await recognizer.hear(try await Synthesizer.speak(text, voice: voice))
                switch meaning(of: heard) {
                case expected?: break
                case let other?: wrong.append("\(text) [\(voice)] → \(other)")
                case nil: missed.append("\(text) [\(voice)] (\(heard.hypothesis))")
                }
            }
        }
        return (missed, wrong)
    }

    @Test("a command for everything or an area's plugs is heard as the group it names; a list of names is typed only")
    func groups() async throws {
        let (missed, wrong) = try await misheard([
            ("turn off everything", "kitchen-lamp,desk-fan,tree,kettle → off"),
            ("switch on all the plugs in the kitchen", "kitchen-lamp,kettle → on"),
            ("switch off everything in the office", "desk-fan → off"),
        ])
        #expect(wrong.isEmpty, "\(wrong)")
        #expect(missed.count <= 1, "\(missed)")
    }

    @Test("a group heard barely surely is asked back, not switched: \"turn off the cellar fan\" is no group")
    func groupBarelyHeard() async throws {
        // espeak-ng en-gb-x-gbclan+norbert's "turn off the cellar fan" is heard as "turn all plugs at loft on" at most
        // speeds, 0.3-3.9 over the 25 a group needed before (docs/speech.md, "Grammar+Forms: groupMargin"): every plug
        // in the loft switched on. The open-vocabulary pass heard no "all" ("same old looks on look on"), and a group
        // then needs 4 more: these four are asked back; without, they switch.
        let (devices, recognizer) = try await Self.recognizer(of: [
            ("loft lamp", "loft"), ("shrine light", "hall"), ("cellar fan", "cellar"), ("orchid light", "living room"),
            ("boot heater", "porch"), ("banker lamp", "study"),
        ])
        let matcher = PhraseMatcher(devices: devices)
        var switched: [String] = [], asked = 0
        for speed in ["161", "166", "168", "171"] {
            let heard = try await recognizer.hear(
                try await Synthesizer.speak("turn off the cellar fan", voice: "espeak:en-gb-x-gbclan+norbert:" + speed))
            if let text = heard.text, case .success(.group)? = matcher.request(text) { switched.append("\(speed): \(text)") }
            if heard.candidate?.contains(" plugs ") == true { asked += 1 }
        }
        #expect(switched.isEmpty, "\(switched)")
        #expect(asked == 4, "\(asked) of 4 asked back")
    }

    @Test("questions are heard and switch nothing; a toggle, turning up or down is not taken by voice")
    func toggleAndQuestions() async throws {
        let (missed, wrong) = try await misheard([
            ("is the desk fan on", "? desk-fan"), ("what's on in the kitchen", "? kitchen-lamp,kettle"),
            ("are any plugs on", "? kitchen-lamp,desk-fan,tree,kettle"),
        ])
        #expect(wrong.isEmpty, "\(wrong)")
        #expect(missed.count <= 1, "\(missed)")
        // "turn off the X" was heard as "toggle the X" (a wrong switch when the X was off); "turn up the X" as "turn off
        // the X" and "turn down the X" as "turn on the X" by flite's voices (the sixty-second set, clean). (espeak-ng
        // en-us's "turn down the desk fan" is still heard as "turn on the desk fan", its check too.)
        var accepted = try await accepted(
            ["toggle the kettle", "toggle the christmas tree"], voices: ["slt", "rms", "awb", "kal16", "espeak"])
        accepted += try await self.accepted(["turn up the kettle", "turn down the desk fan"], voices: ["slt", "rms", "awb", "kal16"])
        #expect(accepted.isEmpty, "\(accepted)")
    }

    @Test("a toggle heard is asked back as the state the audio says, and never switches unasked")
    func toggleAskedBack() async throws {
        let recognizer = try await Self.sharedRecognizer()
        // espeak-ng's Scottish "turn off the X" is often heard as "toggle the X": asked back, it names the state said.
        var askedBack = 0
        for text in ["turn off the kettle", "turn off the christmas tree", "turn off the desk fan"] {
            let heard = try await recognizer.hear(try await Synthesizer.speak(text, voice: "espeak:en-gb-scotland"))
            #expect(heard.text == text || (heard.text == nil && heard.candidate == text), "\(text) → \(heard.hypothesis)")
            if heard.trace.contains(where: { $0.decision.hasPrefix("a toggle") && $0.candidate == text }) { askedBack += 1 }
        }
        #expect(askedBack >= 1)
        // A toggle said is asked back as one state or the other: the question names it, and a no switches nothing.
        for voice in ["slt", "rms"] {
            let heard = try await recognizer.hear(try await Synthesizer.speak("toggle the kettle", voice: voice))
            #expect(heard.text == nil, "[\(voice)] \(heard.hypothesis)")
            #expect(
                [
                    "turn on the kettle", "turn off the kettle", "switch on the kettle", "switch off the kettle",
                    "power on the kettle", "power off the kettle", nil,
                ].contains(heard.candidate), "[\(voice)] \(heard.hypothesis)")
        }
    }

    @Test("everyday verbs are heard with the state they say: shut off, power down, kill, start, stop, cut the power to")
    func everydayVerbs() async throws {
        let (missed, wrong) = try await misheard([
            ("shut off the kettle", "kettle → off"), ("shut down the desk fan", "desk-fan → off"),
            ("power down the kitchen lamp", "kitchen-lamp → off"),
            ("kill the desk fan", "desk-fan → off"), ("start the kettle", "kettle → on"),
            ("stop the desk fan", "desk-fan → off"), ("cut the power to the christmas tree", "tree → off"),
        ])
        #expect(wrong.isEmpty, "\(wrong)")
        // These verbs need more margin (`Grammar.everydayVerbMargin`): a quarter may go unheard, none wrongly.
        #expect(missed.count <= 4, "\(missed)")
        // "power up" is asked back, never switched at once: "power off" was switched on as it (`Grammar.saysPowerUp`).
        let recognizer = try await Self.sharedRecognizer()
        var asked = 0
        for voice in ["slt", "espeak"] {
            let heard = try await recognizer.hear(try await Synthesizer.speak("power up the christmas tree", voice: voice))
            #expect(heard.text == nil, "[\(voice)] \(heard.hypothesis)")
            if heard.candidate == "power up the christmas tree" { asked += 1 }
        }
        #expect(asked >= 1, "\"power up\" not asked back")
    }

    @Test("near misses of the new forms switch nothing; the forms themselves are heard")
    func requestNearMisses() async throws {
        let recognizer = try await Self.sharedRecognizer()
        var switched: [String] = []
        for voice in ["slt", "espeak"] {
            for text in [
                "kill the spider", "start the car", "stop the music", "shut the door", "cut the cake",
                "everything is fine", "turn off the radio and the fan", "power to the people", "every plug counts",
                "all the things i want",
            ] {
                let heard = try await recognizer.hear(try await Synthesizer.speak(text, voice: voice))
                if let meaning = meaning(of: heard), !meaning.hasPrefix("?") { switched.append("\(text) [\(voice)] → \(meaning)") }
            }
        }
        #expect(switched.isEmpty, "\(switched)")
        // Heard, or asked back: espeak-ng's is heard by free English as "they're not done rethink", without the
        // "everything" a group then needs more margin for (`Grammar.unheardGroupMargin`).
        for voice in ["slt", "espeak"] {
            let heard = try await recognizer.hear(try await Synthesizer.speak("turn off everything", voice: voice))
            #expect(
                meaning(of: heard) == "kitchen-lamp,desk-fan,tree,kettle → off"
                    || (heard.text == nil && heard.candidate == "turn off everything"), "[\(voice)] \(heard.hypothesis)")
        }
    }
}
