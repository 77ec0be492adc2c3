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

enum Synthesizer {
    /// Synthesizes and reads speech on a thread of its own (`effects` and `volume`: see `synthesizeWAV`).
    static func speak(_ text: String, voice: String, snr: Double? = nil, effects: [String] = [], volume: Double = 1) async throws
        -> RecognizerAudio
    {
        try await blocking { try WAVReader.read(Array(synthesizeWAV(text, voice: voice, snr: snr, effects: effects, volume: volume))) }
    }

    /// `text` as flite's `voice` writes it (its own sample rate, no padding, no noise floor), read by `WAVReader`.
    static func asFliteWritesIt(_ text: String, voice: String) async throws -> RecognizerAudio {
        try await blocking { try WAVReader.read(Array(fliteWAV(text, voice: voice))) }
    }
}

extension SpeechRecognizer {
    /// Recognizes on a thread of its own (decoding is seconds of CPU in all).
    func hear(_ audio: RecognizerAudio) async throws -> Recognition {
        try await blocking { try self.recognize(audio) }
    }
}

@Suite("Offline speech recognition on synthesized speech", .serialized)
struct RecognizerTests {
    /// One warm recognizer for the tests that do not change the grammar (two decoders take a moment to load).
    static let shared = Result { try SpeechRecognizer(devices: devices, shortcuts: [shortcut]) }

    /// `shared`, made (once) on a thread of its own: made on Swift's cooperative pool, it held one of its two threads
    /// for a second and the tests waiting for it the other, and plugsim at scale measured that stall as its answers'
    /// latency (1.05 s, over its bound of 1 s).
    static func sharedRecognizer() async throws -> SpeechRecognizer { try await blocking { try shared.get() } }

    /// The WAV file `name` in the tests' Fixtures folder (utterances kept from the living room and the corpus sets).
    static func fixture(_ name: String) throws -> RecognizerAudio {
        try WAVReader.read(Array(try Data(contentsOf: URL(fileURLWithPath: fixturePath(name)))))
    }

    /// The path of the file `name` in the Fixtures folder.
    static func fixturePath(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/" + name).path
    }

    /// Devices named and placed as given, each with its name as its id (dashes for spaces), and a recognizer of
    /// them alone (with `adaptation`), made on a thread of its own.
    static func recognizer(
        of named: [(name: String, area: String)], adaptation: SpeakerAdaptation? = nil
    ) async throws -> (devices: [Device], recognizer: SpeechRecognizer) {
        let devices = named.map { Device(id: $0.name.replacingOccurrences(of: " ", with: "-"), name: $0.name, area: $0.area) }
        return (devices, try await blocking { try SpeechRecognizer(devices: devices, shortcuts: [], adaptation: adaptation) })
    }
    // (Loaded on first use by a test; the tests hand their decoding to threads of their own.)

    static let devices = [
        Device(id: "kitchen-lamp", name: "kitchen lamp", area: "kitchen"),
        Device(id: "desk-fan", name: "desk fan", area: "office", protocol: .shelly),
        Device(id: "tree", name: "christmas tree", protocol: .zigbee2mqtt),
        Device(id: "kettle", name: "kettle", area: "kitchen"),
    ]
    static let shortcut = VoiceShortcut(
        invocationPhrase: "lights out",
        shortcut: Shortcut(intent: ToggleStateIntent(deviceID: "kitchen-lamp", state: .off)))

    func intent(
        of recognition: Recognition, devices: [Device] = Self.devices,
        shortcuts: [VoiceShortcut] = [Self.shortcut]
    ) -> ToggleStateIntent? {
        guard let text = recognition.text else { return nil }
        return PhraseMatcher(devices: devices).match(text, shortcuts: ShortcutIndex(shortcuts)).intent
    }

    @Test("in-grammar commands are recognized and never land on a wrong device")
    func inGrammar() async throws {
        let (right, wrong) = try await score([
            ("turn on the kitchen lamp", "kitchen-lamp", .on), ("switch off the christmas tree", "tree", .off),
            ("turn the desk fan on", "desk-fan", .on), ("kettle off", "kettle", .off), ("lights out", "kitchen-lamp", .off),
        ])
        #expect(wrong.isEmpty, "\(wrong)")
        #expect(right >= 12, "\(right) of 15 recognized")
    }

    @Test("speech as flite writes it (no padding, no noise floor) is recognized")
    func speechWithoutNoiseFloor() async throws {
        let recognizer = try await Self.sharedRecognizer()
        var right = 0, wrong: [String] = []
        let cases: [(String, String, PowerState)] = [
            ("turn on the desk fan", "desk-fan", .on), ("turn on the christmas tree", "tree", .on),
            ("switch off the kitchen lamp", "kitchen-lamp", .off), ("turn the kettle off", "kettle", .off),
        ]
        for (text, device, state) in cases {
            let audio = try await Synthesizer.asFliteWritesIt(text, voice: "slt")
            switch intent(of: try await recognizer.hear(audio)) {
            case ToggleStateIntent(deviceID: device, state: state)?: right += 1
            case let other?: wrong.append("\(text) → \(other)")
            case nil: break
            }
        }
        #expect(wrong.isEmpty, "\(wrong)")
        #expect(right == cases.count, "\(right) of \(cases.count) recognized")
    }

    @Test("Home Assistant's forms are recognized: \"bring\", a determiner without a verb, \"to\"")
    func homeAssistantForms() async throws {
        let (right, wrong) = try await score([
            ("bring the kettle to on", "kettle", .on), ("our kitchen lamp off", "kitchen-lamp", .off),
            ("the desk fan to on", "desk-fan", .on), ("bring off the christmas tree", "tree", .off),
        ])
        #expect(wrong.isEmpty, "\(wrong)")
        #expect(right >= 11, "\(right) of 12 recognized")
    }

    @Test("\"change\" before a vowel, as espeak-ng says it (\"change our kettle to on\")")
    func changeBeforeAVowel() async throws {
        let (right, wrong) = try await score(
            [
                ("change our kettle to on", "kettle", .on), ("change our desk fan to off", "desk-fan", .off),
                ("change on the kettle", "kettle", .on), ("change off our desk fan", "desk-fan", .off),
            ], voices: ["espeak", "espeak:en-gb"])
        #expect(wrong.isEmpty, "\(wrong)")
        #expect(right >= 7, "\(right) of 8 recognized (4 without \"change\" ending in Z)")
    }

    @Test(
        "\"please\" or a request (\"could you\", \"can you\") before a verb with a state word is recognized; \"please don't\" and other requests switch nothing"
    )
    func please() async throws {
        let (right, wrong) = try await score([
            ("please switch off the kettle", "kettle", .off), ("please turn the desk fan on", "desk-fan", .on),
            ("could you turn off the kettle", "kettle", .off), ("can you switch the desk fan on please", "desk-fan", .on),
        ])
        #expect(wrong.isEmpty, "\(wrong)")
        #expect(right >= 10, "\(right) of 12 recognized (none without \"please\" or requests in the grammar)")
        let accepted = try await accepted([
            "please don't switch off the kitchen lamp", "please do not turn on the kettle",
            "can you hear me", "could you check the kettle", "would you like some tea",
            "can you turn on the radio", "did you turn off the kettle",
        ])
        #expect(accepted.isEmpty, "\(accepted)")
    }

    /// Right answers and wrong devices or states for `cases`, spoken by `voices` (through sox's `effects`), heard by
    /// the shared recognizer or by `recognizer`, made for `devices` (and `shortcuts`). A command asked back as said
    /// ("the griddle, on?": its "on" not surely heard) counts as right: a yes switches it.
    func score(
        _ cases: [(String, String, PowerState)], voices: [String] = ["slt", "rms", "espeak"], effects: [String] = [],
        volume: Double = 1, recognizer: SpeechRecognizer? = nil, devices: [Device] = Self.devices,
        shortcuts: [VoiceShortcut] = [Self.shortcut]
    ) async throws -> (right: Int, wrong: [String]) {
        let recognizer = if let recognizer { recognizer } else { try await Self.sharedRecognizer() }
        var right = 0, wrong: [String] = []
        for voice in voices {
            for (text, device, state) in cases {
                let heard = try await recognizer.hear(try await Synthesizer.speak(text, voice: voice, effects: effects, volume: volume))
                switch intent(of: heard, devices: devices, shortcuts: shortcuts) {
                case ToggleStateIntent(deviceID: device, state: state)?: right += 1
                case let other?: wrong.append("\(text) [\(voice)] → \(other)")
                case nil:
                    let asked = heard.candidate.map { Recognition(text: $0, confidence: 0.5, hypothesis: "", margin: nil) }
                    if let asked,
                        intent(of: asked, devices: devices, shortcuts: shortcuts) == ToggleStateIntent(deviceID: device, state: state)
                    {
                        right += 1
                    }
                }
            }
        }
        return (right, wrong)
    }

    /// The texts, spoken by `voices` (at `volume`), that the shared recognizer or `recognizer`, made for `devices` (and
    /// `shortcuts`), turned into a command.
    func accepted(
        _ texts: [String], voices: [String] = ["slt", "espeak"], volume: Double = 1, recognizer: SpeechRecognizer? = nil,
        devices: [Device] = Self.devices, shortcuts: [VoiceShortcut] = [Self.shortcut]
    ) async throws -> [String] {
        let recognizer = if let recognizer { recognizer } else { try await Self.sharedRecognizer() }
        var accepted: [String] = []
        for voice in voices {
            for text in texts {
                let heard = try await recognizer.hear(try await Synthesizer.speak(text, voice: voice, volume: volume))
                if intent(of: heard, devices: devices, shortcuts: shortcuts) != nil {
                    accepted.append("\(text) [\(voice)] → \(heard.text ?? "")")
                }
            }
        }
        return accepted
    }

    /// The counterpart of a check that nothing switched: the same recognizer and voices as `accepted`'s do hear
    /// commands, every one of them, so that a recognizer hearing nothing cannot pass.
    func expectCommandsHeard(_ cases: [(String, String, PowerState)]) async throws {
        let (right, wrong) = try await score(cases, voices: ["slt", "espeak"])
        #expect(wrong.isEmpty, "\(wrong)")
        #expect(right == cases.count * 2, "\(right) of \(cases.count * 2) commands heard")
    }

    /// `score` for cases each said by its own voice.
    func score(
        byVoice: [(String, [(String, String, PowerState)])], recognizer: SpeechRecognizer, devices: [Device],
        shortcuts: [VoiceShortcut]
    ) async throws -> (right: Int, wrong: [String]) {
        var right = 0, wrong: [String] = []
        for (voice, cases) in byVoice {
            let heard = try await score(cases, voices: [voice], recognizer: recognizer, devices: devices, shortcuts: shortcuts)
            right += heard.right
            wrong += heard.wrong
        }
        return (right, wrong)
    }

    /// `accepted` for texts each said by its own voice.
    func accepted(
        byVoice: [(String, [String])], recognizer: SpeechRecognizer, devices: [Device], shortcuts: [VoiceShortcut]
    ) async throws -> [String] {
        var accepted: [String] = []
        for (voice, texts) in byVoice {
            accepted += try await self.accepted(texts, voices: [voice], recognizer: recognizer, devices: devices, shortcuts: shortcuts)
        }
        return accepted
    }

    @Test("speech that is not a command switches nothing")
    func outOfGrammar() async throws {
        let accepted = try await accepted([
            "what is the weather like today", "turn on the radio", "play some music",
            "open the garage door", "how are you today", "set a timer for ten minutes",
        ])
        #expect(accepted.count <= 1, "\(accepted)")
        try await expectCommandsHeard([("turn on the kitchen lamp", "kitchen-lamp", .on)])
    }

    @Test("a negated command, a question or a statement about a device, another verb for it: nothing switches")
    func saidOfADevice() async throws {
        let accepted = try await accepted([
            "don't switch on the kitchen lamp", "do not turn off the kettle", "never turn on the desk fan",
            "is the kitchen lamp on", "was the kettle off", "who switched on the desk fan",
            "the kettle is on", "check the christmas tree", "how hot is the kettle",
            "how bright is the kitchen lamp",
        ])
        #expect(accepted.isEmpty, "\(accepted)")
        try await expectCommandsHeard([("switch on the kitchen lamp", "kitchen-lamp", .on), ("turn off the kettle", "kettle", .off)])
    }

    @Test("a command the garbage loop took is heard once more without it; a shortcut with more said after it is not")
    func withoutGarbageLoop() async throws {
        let devices = [
            Device(id: "pinball", name: "pinball machine", area: "basement"), Device(id: "koi", name: "koi pond filter", area: "garden"),
            Device(id: "hair", name: "hair iron", area: "bathroom"), Device(id: "bidet", name: "bidet seat", area: "bathroom"),
        ]
        let bedtime = VoiceShortcut(
            invocationPhrase: "bedtime", shortcut: Shortcut(intent: ToggleStateIntent(deviceID: "pinball", state: .on)))
        let recognizer = try await blocking { try SpeechRecognizer(devices: devices, shortcuts: [bedtime]) }
        // flite slt's "turn", "enable", "power" and "bedtime" began as "g_pinball" and the rest followed into the garbage loop:
        // 0 of these 5 were heard before the hearing without the loop, 4 after (5 when the other warp hears without it too).
        let (right, wrong) = try await score(
            [
                ("turn on the koi pond filter", "koi", .on), ("enable my hair iron", "hair", .on),
                ("power off the bidet seat in the bathroom", "bidet", .off),
                ("turn the pinball machine on", "pinball", .on), ("bedtime", "pinball", .on),
            ],
            voices: ["slt"], recognizer: recognizer, devices: devices, shortcuts: [bedtime])
        #expect(wrong.isEmpty, "\(wrong)")
        #expect(right >= 4, "\(right) of 5 recognized")
        // Without the loop "bedtime story please" is "bedtime" and silence, ending where "story" begins: refused.
        let accepted = try await accepted(
            ["bedtime story please"], voices: ["slt", "awb", "rms", "kal16"], recognizer: recognizer,
            devices: devices, shortcuts: [bedtime])
        #expect(accepted.isEmpty, "\(accepted)")
    }

    @Test("a near miss, a device's first word and then another, switches nothing")
    func nearMisses() async throws {
        let accepted = try await accepted([
            "turn on the desk drawer", "turn off the kitchen radio", "switch off the christmas lights",
            "turn on the christmas movie", "turn on the kitchen sink",
        ])
        // Without the phone loop after a name's first word, 2 of these 10 switched a plug.
        #expect(accepted.count <= 1, "\(accepted)")
    }

    @Test("a near miss of a shortcut, its first words and then others, switches nothing; the shortcuts still do")
    func shortcutNearMisses() async throws {
        let office = VoiceShortcut(
            invocationPhrase: "warm up the office",
            shortcut: Shortcut(intent: ToggleStateIntent(deviceID: "desk-fan", state: .off)))
        let shortcuts = [Self.shortcut, office]
        let recognizer = try await blocking { try SpeechRecognizer(devices: Self.devices, shortcuts: shortcuts) }
        let accepted = try await accepted(
            ["warm up the oven", "warm up the house", "warm up the coffee"], recognizer: recognizer,
            shortcuts: shortcuts)
        // Without the phones after a shortcut's beginning, 5 of these 6 were heard as "warm up the office"; with them,
        // espeak-ng's "warm up the house" still is (margin 20.9).
        #expect(accepted.count <= 2, "\(accepted)")
        let (right, wrong) = try await score(
            [("warm up the office", "desk-fan", .off), ("lights out", "kitchen-lamp", .off)],
            recognizer: recognizer, shortcuts: shortcuts)
        #expect(wrong.isEmpty, "\(wrong)")
        #expect(right >= 5, "\(right) of 6 recognized")
    }

    @Test("a shortcut of common words heard whole needs less margin")
    func shortcutAllowance() async throws {
        let cases: [(String, String, PowerState)] = [
            ("all done", "desk-fan", .off), ("dinner is served", "kitchen-lamp", .on), ("movie time", "tree", .off),
        ]
        let shortcuts = cases.map { phrase, device, state in
            VoiceShortcut(invocationPhrase: phrase, shortcut: Shortcut(intent: ToggleStateIntent(deviceID: device, state: state)))
        }
        let recognizer = try await blocking { try SpeechRecognizer(devices: Self.devices, shortcuts: shortcuts) }
        // By espeak-ng en-gb each cleared the open pass by 16.6-18.5, under the threshold of 19: none was heard before.
        let (right, wrong) = try await score(cases, voices: ["espeak:en-gb"], recognizer: recognizer, shortcuts: shortcuts)
        #expect(wrong.isEmpty, "\(wrong)")
        #expect(right == 3, "\(right) of 3 recognized")
    }

    @Test("a near miss a word away, another English word in a name's place, switches nothing; the names still do")
    func otherWordNearMisses() async throws {
        let devices = [
            Device(id: "scanner", name: "film scanner", area: "study"), Device(id: "stairs", name: "stair lights"),
        ]
        let snow = VoiceShortcut(
            invocationPhrase: "let it snow", shortcut: Shortcut(intent: ToggleStateIntent(deviceID: "stairs", state: .on)))
        let recognizer = try await blocking { try SpeechRecognizer(devices: devices, shortcuts: [snow]) }
        let accepted = try await accepted(
            ["activate the photo scanner", "power on the stair lift", "let it go"], voices: ["slt", "awb", "espeak"],
            recognizer: recognizer, devices: devices, shortcuts: [snow])
        // Without the check of a name's words against common words, 4 of these 9 switched a plug ("let it go" by all three).
        #expect(accepted.count <= 1, "\(accepted)")
        let (right, wrong) = try await score(
            [("activate the film scanner", "scanner", .on), ("power on the stair lights", "stairs", .on), ("let it snow", "stairs", .on)],
            recognizer: recognizer, devices: devices, shortcuts: [snow])
        #expect(wrong.isEmpty, "\(wrong)")
        #expect(right >= 8, "\(right) of 9 recognized")
    }

    /// `texts`, near misses of the `commands`, said by `voices` to a recognizer made for `devices` and `shortcuts`: those
    /// that switched something, and how many of the commands themselves were heard right and which wrong.
    func nearMisses(
        _ texts: [String], of commands: [(String, String, PowerState)], voices: [String], devices: [Device],
        shortcuts: [VoiceShortcut] = []
    ) async throws -> (accepted: [String], right: Int, wrong: [String]) {
        let recognizer = try await blocking { try SpeechRecognizer(devices: devices, shortcuts: shortcuts) }
        let accepted = try await accepted(texts, voices: voices, recognizer: recognizer, devices: devices, shortcuts: shortcuts)
        let (right, wrong) = try await score(commands, voices: voices, recognizer: recognizer, devices: devices, shortcuts: shortcuts)
        return (accepted, right, wrong)
    }

    @Test("a near miss a rarer word away from a shortcut switches nothing; the shortcut still does")
    func rareWordNearMisses() async throws {
        let devices = [Device(id: "loft", name: "loft lights", area: "loft"), Device(id: "fan", name: "lasko fan", area: "bedroom")]
        let upstairs = VoiceShortcut(
            invocationPhrase: "lights out upstairs", shortcut: Shortcut(intent: ToggleStateIntent(deviceID: "loft", state: .off)))
        let heard = try await nearMisses(
            ["lights out downstairs"], of: [("lights out upstairs", "loft", .off)],
            voices: ["rms", "espeak:en-us-nyc:165", "espeak:en-gb+f3:165"], devices: devices, shortcuts: [upstairs])
        // "downstairs" is not among the 5,000 most frequent words: checked against those alone, the New York and the
        // British voice were heard as the shortcut.
        #expect(heard.accepted.isEmpty, "\(heard.accepted)")
        #expect(heard.wrong.isEmpty, "\(heard.wrong)")
        #expect(heard.right >= 2, "\(heard.right) of 3 recognized")
    }

    @Test("a near miss that keeps one word of a name and takes another thing's word switches nothing; the name still does")
    func companionNearMisses() async throws {
        let devices = [
            Device(id: "heatlamp", name: "heat lamp", area: "coop"), Device(id: "labels", name: "label printer", area: "office"),
        ]
        let heard = try await nearMisses(
            ["power off the heat gun", "switch off the label maker"],
            of: [("power off the heat lamp", "heatlamp", .off), ("switch off the label printer", "labels", .off)],
            voices: ["slt", "awb"], devices: devices)
        // Checked against the words near "lamp" and "printer" by phones alone (companionCount 0), flite awb's
        // "heat gun" and "label maker" were heard as "heat lamp" and "label printer".
        #expect(heard.accepted.isEmpty, "\(heard.accepted)")
        #expect(heard.wrong.isEmpty, "\(heard.wrong)")
        #expect(heard.right >= 3, "\(heard.right) of 4 recognized")
    }

    @Test("a near miss the open pass heard as it was said is checked whatever its margin; the name still switches")
    func openHeardNearMisses() async throws {
        let devices = [
            Device(id: "photo", name: "photo printer", area: "study"), Device(id: "yoga", name: "yoga lamp", area: "studio"),
        ]
        let heard = try await nearMisses(
            ["switch on the photo frame"], of: [("switch on the photo printer", "photo", .on), ("switch off the yoga lamp", "yoga", .off)],
            voices: ["kal16"], devices: devices)
        // The open pass heard "switch on the photo frame", and the margin (26.7 on bench/speech/corpus.py's fortieth
        // set, at 20 dB) was too high for the check of near misses: the printer was switched on.
        #expect(heard.accepted.isEmpty, "\(heard.accepted)")
        #expect(heard.wrong.isEmpty, "\(heard.wrong)")
        #expect(heard.right == 2, "\(heard.right) of 2 recognized")
    }

    @Test("a name with a number switches; the same name with another number switches nothing")
    func numberedNames() async throws {
        let devices = [
            Device(id: "ps5", name: "PS5", area: "den"), Device(id: "mp3", name: "MP3 player", area: "kitchen"),
            Device(id: "lamp2", name: "lamp 2", area: "hallway"), Device(id: "r2", name: "R2-D2", area: "office"),
        ]
        let heard = try await nearMisses(
            ["power off the PS4", "turn the MP4 player off"],
            of: [("power off the PS5", "ps5", .off), ("switch on lamp 2", "lamp2", .on), ("turn off R2-D2", "r2", .off)],
            voices: ["slt"], devices: devices)
        // Names with digits were left out of the grammar (nothing pronounced them) until espeak-ng and flite said
        // them. Then flite slt's "power off the PS4" and "turn the MP4 player off" (margins 23.8 and 30.5 on
        // bench/speech/corpus.py's forty-second set) switched the PS5 and the MP3 player, until the names' other
        // numbers were checked.
        #expect(heard.accepted.isEmpty, "\(heard.accepted)")
        #expect(heard.wrong.isEmpty, "\(heard.wrong)")
        #expect(heard.right == 3, "\(heard.right) of 3 recognized")
    }

    @Test("a name's number said after its first word is heard; the same name with another number and a word more switches nothing")
    func numberAfterANamesFirstWord() async throws {
        let devices = [Device(id: "plug12", name: "plug 12", area: "garage"), Device(id: "fan", name: "attic fan", area: "attic")]
        let heard = try await nearMisses(
            ["switch on plug 13"], of: [("turn plug 12 off", "plug12", .off)], voices: ["awb", "espeak:en-gb-x-rp:170"], devices: devices)
        // espeak-ng's "twelve" went into the phone loop after the name's first word ("turn plug g_ph_t g_ph_w g_ph_uw
        // off"), refused; without that loop before a number, flite awb's "switch on plug 13" was heard "switch on plug
        // 12 please" (margin 25.5) until the numbers' check heard the rest of the command too (bench/speech/corpus.py's
        // fifty-sixth set).
        #expect(heard.accepted.isEmpty, "\(heard.accepted)")
        #expect(heard.wrong.isEmpty, "\(heard.wrong)")
        #expect(heard.right == 2, "\(heard.right) of 2 recognized")
    }

    @Test("a near miss of a name of one word switches nothing, whatever its margin; the name still does")
    func oneWordNameNearMiss() async throws {
        let devices = [
            Device(id: "modem", name: "modem", aliases: ["Netgear"], area: "office"),
            Device(id: "fryer", name: "deep fryer", area: "kitchen"),
        ]
        let heard = try await nearMisses(
            ["switch off the modest", "turn off the modest"],
            of: [("turn on the modem", "modem", .on), ("switch off the netgear", "modem", .off)], voices: ["espeak"],
            devices: devices)
        // espeak-ng's were heard as "… the modem" (margins 26.5 and 28.0), above the margins that were checked: a name
        // of one word has no phones after its first word to fall into (bench/speech/corpus.py's fifty-eighth set let
        // "switch off the modest" through for six of its eight voices). Checked, both were refused (heard as "minute"
        // while the name was open to the 50 nearest frequent words).
        #expect(heard.accepted.isEmpty, "\(heard.accepted)")
        #expect(heard.wrong.isEmpty, "\(heard.wrong)")
        #expect(heard.right == 2, "\(heard.right) of 2 recognized")
        // espeak-ng en+f2's was checked and heard as "… the modem" again while the name was open to the 50 nearest
        // frequent words only ("modest" is the 103rd); open to `oneWordNameCount`, as "modest".
        let another = try await nearMisses(
            ["turn off the modest"], of: [("turn the modem off", "modem", .off)], voices: ["espeak:en+f2:170"], devices: devices)
        #expect(another.accepted.isEmpty, "\(another.accepted)")
        #expect(another.right == 1, "\(another.right) of 1 recognized")
    }

    @Test("a name's word written in capitals is heard said letter by letter")
    func capitals() async throws {
        let devices = [Device(id: "strip", name: "LED strip 2", area: "bedroom"), Device(id: "ac", name: "AC unit", area: "living room")]
        let recognizer = try await blocking { try SpeechRecognizer(devices: devices, shortcuts: []) }
        let (right, wrong) = try await score(
            [("power off the LED strip 2", "strip", .off), ("turn on the AC unit", "ac", .on)], voices: ["espeak:en-us:165"],
            recognizer: recognizer, devices: devices, shortcuts: [])
        // espeak-ng says "LED" in a sentence as L, E, D, and the grammar had only the dictionary's "led" (L EH D): on
        // bench/speech/corpus.py's forty-fourth set, every espeak-ng voice's "power off the LED strip 2" went into
        // the unknown name.
        #expect(wrong.isEmpty, "\(wrong)")
        #expect(right == 2, "\(right) of 2 recognized")
    }

    @Test("slow speech is heard with fewer frames a second")
    func slowSpeech() async throws {
        let devices = [
            Device(id: "light2", name: "light 2", area: "stairs"), Device(id: "plug7", name: "smart plug 7", area: "kitchen"),
            Device(id: "usb", name: "USB hub", area: "office"), Device(id: "k2", name: "K2 kettle", area: "kitchen"),
        ]
        let recognizer = try await blocking { try SpeechRecognizer(devices: devices, shortcuts: []) }
        let (right, wrong) = try await score(
            [("turn light 2 on", "light2", .on), ("power off smart plug 7", "plug7", .off)],
            voices: ["espeak:en-us:115", "espeak:en-us+f3:125"], recognizer: recognizer, devices: devices, shortcuts: [])
        // espeak-ng at 115 and 125 words a minute (its own pace is 175): at 100 frames a second alone, 0 of 4 (tried);
        // on bench/speech/corpus.py's forty-seventh set, the names' last words went into the garbage path's phones.
        #expect(wrong.isEmpty, "\(wrong)")
        #expect(right >= 3, "\(right) of 4 recognized")
        // Slow speech that is no command is heard twice, and still switches nothing.
        let accepted = try await accepted(
            ["what time is it in the kitchen", "turn light 3 on", "power off the smart plug in the hall"],
            voices: ["espeak:en-us:115"], recognizer: recognizer, devices: devices, shortcuts: [])
        #expect(accepted.isEmpty, "\(accepted)")
    }

    @Test(
        "names, areas and phrases written with signs or accents are heard as said: \"&\" as \"and\", emoji not at all, \"pokemon\" for \"Pokémon\""
    )
    func namesWithSigns() async throws {
        let devices = [
            Device(id: "tv", name: "TV & sound bar", area: "lounge"), Device(id: "xmas", name: "🎄 tree", area: "hall"),
            Device(id: "lamp", name: "reading lamp", area: "Living & Dining"), Device(id: "poke", name: "Pokémon lamp"),
        ]
        let movies = VoiceShortcut(
            invocationPhrase: "Movies & chill", shortcut: Shortcut(intent: ToggleStateIntent(deviceID: "tv", state: .on)))
        let recognizer = try await blocking { try SpeechRecognizer(devices: devices, shortcuts: [movies]) }
        let (right, wrong) = try await score(
            [
                ("turn on the TV and sound bar", "tv", .on), ("switch off the tree", "xmas", .off),
                ("turn off the reading lamp in the living and dining", "lamp", .off), ("movies and chill", "tv", .on),
                ("switch off the pokemon lamp", "poke", .off),
            ], voices: ["slt", "espeak:en-us"], recognizer: recognizer, devices: devices, shortcuts: [movies])
        // Before, none of them: "&" was only left out ("tv sound bar"), a name with an emoji was not in the grammar, and
        // the near-miss check took "pokemon" for another word than "pokémon".
        #expect(wrong.isEmpty, "\(wrong)")
        #expect(right >= 9, "\(right) of 10 recognized")
    }

    @Test("a near miss that keeps a shortcut's first two words and takes another word after them switches nothing")
    func trigramNearMisses() async throws {
        let rest = VoiceShortcut(
            invocationPhrase: "let the plants rest", shortcut: Shortcut(intent: ToggleStateIntent(deviceID: "grow", state: .off)))
        let heard = try await nearMisses(
            ["let the dogs rest"], of: [("let the plants rest", "grow", .off)], voices: ["kal16", "espeak:en-us:140"],
            devices: [Device(id: "grow", name: "grow light", area: "greenhouse")], shortcuts: [rest])
        // With the words after "the" alone (the bigrams' companions only), espeak-ng en-us's was heard as the shortcut.
        #expect(heard.accepted.isEmpty, "\(heard.accepted)")
        #expect(heard.wrong.isEmpty, "\(heard.wrong)")
        #expect(heard.right == 2, "\(heard.right) of 2 recognized")
    }

    @Test("a device that does not exist, in a command's frame, switches nothing")
    func unknownDevices() async throws {
        let accepted = try await accepted([
            "turn off the ceiling fan", "turn on the kennel heater", "switch on my sous vide",
            "please switch off the attic vent", "switch the ice maker off", "power on the tanning bed",
            "turn off the dishwasher", "switch the coffee grinder on",
        ])
        // Without the whole-name loop of phones after a determiner, espeak-ng's "turn on the kennel heater" switched
        // the kettle ("turn on the kettle please"); heard from files without the noise floor, "turn off the ceiling
        // fan" did too.
        #expect(accepted.isEmpty, "\(accepted)")
        try await expectCommandsHeard([("turn off the desk fan", "desk-fan", .off), ("switch the kettle on", "kettle", .on)])
    }

    @Test("a device that does not exist, said after an area, switches nothing; the area's own devices still do")
    func unknownDeviceAfterArea() async throws {
        let devices = [
            Device(id: "straightener", name: "hair straightener", aliases: ["hair iron"], area: "bathroom"),
            Device(id: "bidet", name: "bidet seat", area: "bathroom"), Device(id: "dartboard", name: "dartboard light", area: "basement"),
        ]
        let recognizer = try await blocking { try SpeechRecognizer(devices: devices, shortcuts: []) }
        let accepted = try await accepted(
            ["power off the bathroom fan", "turn on the basement heater"], voices: ["kal", "awb"],
            recognizer: recognizer, devices: devices)
        // When the phones of a name that does not exist came only straight after the determiner, flite kal's and
        // awb's "power off the bathroom fan" switched the hair straightener ("… bathroom hair iron").
        #expect(accepted.isEmpty, "\(accepted)")
        let (right, wrong) = try await score(
            [
                ("power off the bathroom hair iron", "straightener", .off), ("turn on the basement dartboard light", "dartboard", .on),
            ], voices: ["kal", "awb"], recognizer: recognizer, devices: devices)
        #expect(wrong.isEmpty, "\(wrong)")
        #expect(right >= 3, "\(right) of 4 recognized")
    }

    @Test(
        "a name said unlike the dictionary, heard as the unknown name's phones, is heard again with the devices' names; a device that is none of them still switches nothing"
    )
    func unknownNameHeardAgain() async throws {
        let devices = [
            ("grow", "grow light", nil), ("tub", "hot tub", nil), ("fryer", "air fryer", nil), ("yogurt", "yogurt maker", "kitchenette"),
            ("workbench", "workbench light", "garage"), ("stove", "pellet stove", nil), ("boot", "boot dryer", nil),
            ("vaporizer", "vaporizer", "guest bedroom"), ("console", "game console", nil), ("hair", "hair dryer", nil),
            ("herb", "herb tower", nil), ("cat", "cat tower light", nil), ("sewing", "sewing lamp", nil), ("speakers", "speakers", nil),
        ].map { Device(id: $0.0, name: $0.1, area: $0.2) }
        let recognizer = try await blocking { try SpeechRecognizer(devices: devices, shortcuts: []) }
        // Each went into the unknown name's phones ("change my g_un_g g_un_uh g_un_uw g_un_t …"): 0 of the 8 were heard
        // before they were heard again without it; 6 are today (`swift test --filter unknownNameHeardAgain`).
        let commands: [(String, [(String, String, PowerState)])] = [
            ("espeak:en-029:165", [("power off the yogurt maker in the kitchenette", "yogurt", .off)]),
            ("espeak:en-029:160", [("bring the sewing lamp to on", "sewing", .on)]),
            ("espeak:en-gb-x-gbcwmd:160", [("bring the workbench light to on", "workbench", .on)]),
            ("espeak:en-gb:150", [("activate the vaporizer", "vaporizer", .on)]),
            ("espeak:en-gb:160", [("change the herb tower to off", "herb", .off)]),
            ("espeak:en-gb:165", [("change my boot dryer to on", "boot", .on)]),
            ("espeak:en-gb:175", [("bring the hair dryer to on", "hair", .on)]), ("awb", [("change the herb tower to off", "herb", .off)]),
        ]
        let (right, wrong) = try await score(byVoice: commands, recognizer: recognizer, devices: devices, shortcuts: [])
        #expect(wrong.isEmpty, "\(wrong)")
        #expect(right >= 6, "\(right) of 8 recognized")
        // Devices that are none of these, by the same voices: each goes into the phones after a name's first word, or
        // its name fits much worse than the unknown name's phones did.
        let others: [(String, [String])] = [
            ("espeak:en-029:160", ["bring the sewing machine to on"]),
            ("espeak:en-029:165", ["power off the yogurt cup in the kitchenette"]),
            ("espeak:en-gb-x-gbcwmd:160", ["bring the workbench fan to on"]),
            ("espeak:en-gb:150", ["activate the humidifier", "activate the vacuum"]),
            ("espeak:en-gb:160", ["change the herb garden to off", "change the clock tower to off"]),
            ("espeak:en-gb:165", ["change my boot warmer to on", "change my shoe dryer to on"]),
            ("espeak:en-gb:175", ["bring the hair clipper to on", "bring the hair straightener to on"]),
            ("awb", ["change the herb garden to off", "change the water tower to off"]), ("espeak", ["switch on the air conditioner"]),
        ]
        let accepted = try await accepted(byVoice: others, recognizer: recognizer, devices: devices, shortcuts: [])
        #expect(accepted.isEmpty, "\(accepted)")
    }

    @Test("names and shortcuts said in West Midlands and Scottish English are heard; near misses by the same voices switch nothing")
    func accentedNames() async throws {
        let devices = [
            ("rack", "drying rack", "airing cupboard"), ("sconce", "mood lamp", "snug"), ("terrarium", "terrarium lamp", "study"),
            ("espresso", "espresso grinder", "kitchen"), ("icebath", "ice bath chiller", "garage"),
            ("footwarmer", "foot warmer", "reading nook"), ("treadmill", "treadmill", "gym"), ("lantern", "paper lantern", "hallway"),
        ].map { Device(id: $0.0, name: $0.1, area: $0.2) }
        let shortcuts = [("time to run", "treadmill", PowerState.on), ("night night", "lantern", .off)].map { phrase, device, state in
            VoiceShortcut(invocationPhrase: phrase, shortcut: Shortcut(intent: ToggleStateIntent(deviceID: device, state: state)))
        }
        let recognizer = try await blocking { try SpeechRecognizer(devices: devices, shortcuts: shortcuts) }
        // Before the names' words had these accents' pronunciations, 1 of the 9 was heard (West Midlands English's "time" is
        // T OY M, its "chiller" and "rack" went into the unknown name's phones); 9 after.
        let (right, wrong) = try await score(
            byVoice: [
                (
                    "espeak:en-gb-x-gbcwmd:160",
                    [
                        ("turn off the drying rack", "rack", .off), ("please turn on the snug mood lamp", "sconce", .on),
                        ("time to run", "treadmill", .on), ("ice bath chiller off", "icebath", .off), ("night night", "lantern", .off),
                        ("switch off the terrarium lamp in the study", "terrarium", .off),
                        ("activate the espresso grinder", "espresso", .on),
                    ]
                ),
                ("espeak:en-gb-scotland:155", [("please switch on the foot warmer", "footwarmer", .on)]),
                ("espeak:en-gb-scotland:175", [("enable our drying rack", "rack", .on)]),
            ], recognizer: recognizer, devices: devices, shortcuts: shortcuts)
        #expect(wrong.isEmpty, "\(wrong)")
        #expect(right >= 7, "\(right) of 9")
        let accepted = try await accepted(
            byVoice: [
                (
                    "espeak:en-gb-x-gbcwmd:160",
                    [
                        "time to eat", "time to go", "night owl", "activate the espresso machine", "set the terrarium heater to off",
                        "the mood light on", "power on the ice maker", "turn off the drying machine",
                    ]
                ),
                ("espeak:en-gb-scotland:165", ["please switch on the foot spa", "enable our drying machine"]),
            ], recognizer: recognizer, devices: devices, shortcuts: shortcuts)
        #expect(accepted.isEmpty, "\(accepted)")
    }

    @Test("a name's weak last word is heard, not traded for phones and what may follow a name")
    func weakLastWord() async throws {
        let devices = [Device(id: "pizza", name: "pizza oven", area: "deck"), Device(id: "coop", name: "coop heater", area: "barn")]
        let recognizer = try await blocking { try SpeechRecognizer(devices: devices, shortcuts: []) }
        let (right, wrong) = try await score(
            [
                ("enable our pizza oven", "pizza", .on), ("the pizza oven off", "pizza", .off),
                ("turn on the pizza oven please", "pizza", .on), ("switch off the pizza oven in the deck", "pizza", .off),
            ], voices: ["espeak:en-gb"], recognizer: recognizer, devices: devices)
        // espeak-ng en-gb links an r to the vowel of "oven" ("pizzar oven"): when a name's beginning and its phones
        // could be followed by a place or "please", all four were heard as "… pizza g_ph_r at barn …" (nothing switched).
        #expect(wrong.isEmpty, "\(wrong)")
        #expect(right >= 3, "\(right) of 4 recognized")
    }

    @Test("a name's last word is heard with the state word after it, not traded for a common word that takes both")
    func nameBeforeState() async throws {
        let devices = [
            Device(id: "heatgun", name: "heat gun", area: "workshop"), Device(id: "washer", name: "pressure washer", area: "garage"),
            Device(id: "sealer", name: "vacuum sealer", area: "kitchen"), Device(id: "noah", name: "Noah's lamp", area: "bedroom"),
        ]
        let recognizer = try await blocking { try SpeechRecognizer(devices: devices, shortcuts: []) }
        let (right, wrong) = try await score(
            [("turn the heat gun on", "heatgun", .on), ("heat gun off", "heatgun", .off)],
            voices: ["slt", "espeak:en-us+m6:160", "espeak:en-us+Mike:170"], recognizer: recognizer, devices: devices, shortcuts: [])
        // Heard again over the name's frames and a few more, "gonna" took "gun" and the beginning of "on" or "off"
        // ("heard as: heat gonna"), and the command was refused; heard to the end of the state word, "gun" wins.
        #expect(wrong.isEmpty, "\(wrong)")
        #expect(right >= 5, "\(right) of 6 recognized")
    }

    @Test("an utterance whose search lost every path is heard again with a wider word beam")
    func lostSearch() async throws {
        let devices = [
            Device(id: "soundbar", name: "sound bar", area: "living room"), Device(id: "dryer", name: "tumble dryer", area: "laundry"),
            Device(id: "patio", name: "patio heater", area: "terrace"), Device(id: "dehydrator", name: "food dehydrator", area: "kitchen"),
            Device(id: "neon", name: "neon sign", area: "den"),
        ]
        let recognizer = try await blocking { try SpeechRecognizer(devices: devices, shortcuts: []) }
        let bar = try await score(
            [("power on the sound bar", "soundbar", .on)], voices: ["espeak:en-gb-x-rp:165"], recognizer: recognizer, devices: devices)
        let heater = try await score(
            [("turn on the patio heater", "patio", .on), ("power on the patio heater", "patio", .on)],
            voices: ["espeak:en-gb-scotland:160"], recognizer: recognizer, devices: devices)
        // With PocketSphinx's word beam alone, the search of each of these three ended with no path at all (a
        // hypothesis of nothing), and none was recognized.
        #expect((bar.wrong + heater.wrong).isEmpty, "\(bar.wrong + heater.wrong)")
        #expect(bar.right + heater.right >= 2, "\(bar.right + heater.right) of 3 recognized")
    }

    @Test("a singular name before its state is not heard with \"are\"; a plural name's statement still switches nothing")
    func pluralLink() async throws {
        let devices = [
            Device(id: "iron", name: "curling iron", area: "bathroom"), Device(id: "lights", name: "fairy lights", area: "porch"),
        ]
        let recognizer = try await blocking { try SpeechRecognizer(devices: devices, shortcuts: []) }
        let voices = ["espeak:en-us:170", "espeak:en-us+boris:160"]
        let (right, wrong) = try await score(
            [("curling iron on", "iron", .on), ("fairy lights on", "lights", .on)],
            voices: voices, recognizer: recognizer, devices: devices)
        // With "are" (one of its pronunciations is ER) after any name, both voices' "curling iron on" was heard as
        // "curling iron are on", a statement, and nothing switched.
        #expect(wrong.isEmpty, "\(wrong)")
        #expect(right >= 3, "\(right) of 4 recognized")
        let accepted = try await accepted(
            ["the fairy lights are on", "the curling iron is off"], voices: voices + ["slt"],
            recognizer: recognizer, devices: devices)
        #expect(accepted.isEmpty, "\(accepted)")
    }

    @Test("an area is heard before the names of its own devices only")
    func areaOfAnotherDevice() async throws {
        let devices = [
            Device(id: "vinyl", name: "vinyl player", area: "music room"), Device(id: "melter", name: "snow melter", area: "driveway"),
            Device(id: "bike", name: "bike charger", area: "entryway"), Device(id: "soda", name: "soda maker", area: "bar"),
        ]
        let recognizer = try await blocking { try SpeechRecognizer(devices: devices, shortcuts: []) }
        let (right, wrong) = try await score(
            [
                ("turn on the vinyl player please", "vinyl", .on), ("switch off the snow melter for me", "melter", .off),
                ("enable the snow melter", "melter", .on), ("switch the vinyl player off", "vinyl", .off),
            ], voices: ["espeak:en-us+pedro", "espeak:en-us+iven"], recognizer: recognizer, devices: devices)
        // When any area could come before any name, these voices' "the" was heard as "bar" ("enable bar snow melter"),
        // which the text matcher refuses (the snow melter is not in the bar): 1 of 8 recognized.
        #expect(wrong.isEmpty, "\(wrong)")
        #expect(right >= 6, "\(right) of 8 recognized")
    }

    @Test("a state word heard one way by the grammar's search and the other way when heard again switches nothing")
    func stateInDoubt() async throws {
        let devices = [Device(id: "hot-tub", name: "hot tub"), Device(id: "kettle", name: "kettle", area: "kitchen")]
        let recognizer = try await blocking { try SpeechRecognizer(devices: devices, shortcuts: []) }
        // flite kal at 20 dB pink noise: the grammar's search hears "bring the hot tub on" (margin 19), the
        // search with only the state open hears "off".
        let heard = try await recognizer.hear(try await Synthesizer.speak("bring the hot tub off", voice: "kal", snr: 20))
        #expect(intent(of: heard, devices: devices) != ToggleStateIntent(deviceID: "hot-tub", state: .on), "\(heard)")
        let (right, wrong) = try await score(
            [
                ("bring the hot tub off", "hot-tub", .off), ("turn the hot tub on", "hot-tub", .on),
                ("kettle off", "kettle", .off),
            ], voices: ["slt", "kal"], recognizer: recognizer, devices: devices)
        #expect(wrong.isEmpty, "\(wrong)")
        #expect(right >= 5, "\(right) of 6 recognized")
    }

    @Test("a state word the grammar's search put where none was said switches nothing")
    func stateNotSaid() async throws {
        let devices = [
            Device(id: "nespresso", name: "Nespresso", aliases: ["coffee machine"], area: "kitchen"),
            Device(id: "salt", name: "salt lamp", area: "bedroom"),
        ]
        let shortcuts = [
            VoiceShortcut(
                invocationPhrase: "espresso time", shortcut: Shortcut(intent: ToggleStateIntent(deviceID: "nespresso", state: .on)))
        ]
        let recognizer = try await blocking { try SpeechRecognizer(devices: devices, shortcuts: shortcuts) }
        // Heard without the garbage loop, flite awb's "espresso please" was "nespresso off please" (margin 28.7) and
        // the machine switched off; heard again with the state word open and optional, it has none.
        let accepted = try await accepted(
            ["espresso please"], voices: ["awb"], recognizer: recognizer, devices: devices, shortcuts: shortcuts)
        #expect(accepted.isEmpty, "\(accepted)")
        let (right, wrong) = try await score(
            [
                ("nespresso off please", "nespresso", .off), ("turn the coffee machine on", "nespresso", .on),
                ("switch the salt lamp off", "salt", .off),
            ], voices: ["slt", "kal"], recognizer: recognizer, devices: devices, shortcuts: shortcuts)
        #expect(wrong.isEmpty, "\(wrong)")
        #expect(right >= 5, "\(right) of 6 recognized")
    }

    @Test("a shortcut's phrase is heard again with its words open, whatever its margin")
    func shortcutNearMiss() async throws {
        let devices = [Device(id: "pellet", name: "pellet stove", area: "cabin"), Device(id: "salt", name: "salt lamp", area: "bedroom")]
        let shortcuts = [
            VoiceShortcut(
                invocationPhrase: "warm up the cabin", shortcut: Shortcut(intent: ToggleStateIntent(deviceID: "pellet", state: .on)))
        ]
        let recognizer = try await blocking { try SpeechRecognizer(devices: devices, shortcuts: shortcuts) }
        // These voices' "warm up the car" was heard as the shortcut with margins 27.1 and 28.1, above those that are
        // heard again (`otherWordMargin`), and the stove switched on; heard again, it is "warm up the car".
        let accepted = try await accepted(
            ["warm up the car"], voices: ["awb", "kal16"], recognizer: recognizer, devices: devices, shortcuts: shortcuts)
        #expect(accepted.isEmpty, "\(accepted)")
        let (right, wrong) = try await score(
            [("warm up the cabin", "pellet", .on), ("switch the pellet stove off", "pellet", .off)], voices: ["awb", "kal16", "slt"],
            recognizer: recognizer, devices: devices, shortcuts: shortcuts)
        #expect(wrong.isEmpty, "\(wrong)")
        #expect(right >= 5, "\(right) of 6 recognized")
    }

    @Test("a shortcut added later is recognized after the grammar is rebuilt")
    func rebuild() async throws {
        let recognizer = try await blocking { try SpeechRecognizer(devices: Self.devices, shortcuts: []) }
        let audio = try await Synthesizer.speak("good morning", voice: "slt")
        #expect(intent(of: try await recognizer.hear(audio)) == nil)
        let morning = VoiceShortcut(
            invocationPhrase: "good morning", shortcut: Shortcut(intent: ToggleStateIntent(deviceID: "kettle", state: .on)))
        let start = ContinuousClock.now
        try await blocking { try recognizer.rebuild(devices: Self.devices, shortcuts: [Self.shortcut, morning]) }
        #expect(ContinuousClock.now - start < .seconds(10))  // a hang guard; the figure comes from `voiceplug bench --speech`
        #expect(try await recognizer.hear(audio).text == "good morning")
    }

    @Test("recognizers started at once on two threads (each starts its open decoder on a third) hear as one started alone")
    func startedAtOnce() async throws {
        let audio = try await Synthesizer.speak("switch off the christmas tree", voice: "slt")
        // Each recognizer's first utterance: a margin moves a little with what a recognizer heard before.
        let alone = try await blocking { try SpeechRecognizer(devices: Self.devices, shortcuts: [Self.shortcut]) }.hear(audio)
        let kettle = VoiceShortcut(
            invocationPhrase: "tea time", shortcut: Shortcut(intent: ToggleStateIntent(deviceID: "kettle", state: .on)))
        async let first = blocking { try SpeechRecognizer(devices: Self.devices, shortcuts: [Self.shortcut]) }
        async let second = blocking { try SpeechRecognizer(devices: Self.devices, shortcuts: [Self.shortcut, kettle]) }
        let (one, other) = try await (first, second)
        #expect(alone.text == "switch off the christmas tree")
        let heard = try await one.hear(audio)
        #expect(heard == alone, "the same grammar hears the same, margin and all: \(heard) / \(alone)")
        #expect(try await other.hear(audio).text == alone.text)
        #expect(try await other.hear(Synthesizer.speak("tea time", voice: "slt")).text == "tea time")
    }

    @Test("a model without its language model: the open decoder's failure, on its own thread, is the start's error")
    func openDecoderFails() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("voiceplug-model-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["en-us", "cmudict-en-us.dict"] {
            try FileManager.default.createSymbolicLink(
                atPath: folder.appendingPathComponent(name).path, withDestinationPath: SpeechRecognizer.defaultModel + "/" + name)
        }
        let model = folder.path
        await #expect(throws: SpeechError.self) {
            try await blocking { try SpeechRecognizer(devices: Self.devices, shortcuts: [], model: model) }
        }
        let grammarOnly = try await blocking { try SpeechRecognizer(devices: Self.devices, shortcuts: [], model: model, secondPass: false) }
        #expect(try await grammarOnly.hear(Synthesizer.speak("kettle off", voice: "slt")).text == "kettle off")
    }
}
