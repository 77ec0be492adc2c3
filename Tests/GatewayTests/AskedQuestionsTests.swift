import Gateway
import SpeechAudio
import Testing
import VoiceShortcuts

/// The questions asked back, each asker's own: answered once, asked again once, and the audio kept with them.
@Suite("Questions asked back")
struct AskedQuestionsTests {
    @Test("a question keeps its command's audio to learn from, up to 10 s of it; each asker's is answered once")
    func keepsAudio() {
        let questions = AskedQuestions()
        let command = RecognizerAudio(samples: [Int16](repeating: 100, count: 2 * RecognizerAudio.sampleRate))
        let long = RecognizerAudio(samples: [Int16](repeating: 100, count: 10 * RecognizerAudio.sampleRate + 1))
        questions.ask("turn on the kitchen lamp", of: "a", audio: command)
        questions.ask("turn off the desk fan", of: "b", audio: long)
        questions.ask("turn on the kettle", of: "c")
        let a = questions.take(of: "a"), b = questions.take(of: "b"), c = questions.take(of: "c")
        #expect(a?.phrase == "turn on the kitchen lamp" && a?.audio == command)
        #expect(b?.phrase == "turn off the desk fan" && b?.audio == nil, "longer than 10 s: not kept")
        #expect(c?.phrase == "turn on the kettle" && c?.audio == nil)
        #expect(questions.take(of: "a") == nil, "answered once")
        // Asked again (a reply heard as neither yes nor no): the audio stays with it.
        #expect(questions.reopen(of: "a"))
        #expect(questions.take(of: "a")?.audio == command)
        #expect(!questions.reopen(of: "a"), "asked twice at most")
    }

    @Test("a group command is asked back with its plugs named, three at most, else as all or an area's, else counted; a question is not")
    func groupQuestions() {
        let devices = [
            Device(id: "lamp", name: "kitchen lamp", area: "kitchen"), Device(id: "kettle", name: "kettle", area: "kitchen"),
            Device(id: "fan", name: "desk fan", area: "office"), Device(id: "tree", name: "christmas tree"),
            Device(id: "heater", name: "garage heater", area: "garage"), Device(id: "toaster", name: "toaster", area: "kitchen"),
            Device(id: "radio", name: "radio", area: "kitchen"),
        ]
        let names = Dictionary(uniqueKeysWithValues: devices.map { ($0.id, $0.name) })
        func asked(_ candidate: String) -> String? {
            Gateway.question(for: candidate, matcher: PhraseMatcher(devices: devices), shortcuts: ShortcutIndex([]), names: names)
        }
        #expect(asked("turn on the kitchen lamp") == "the kitchen lamp, on?")
        #expect(asked("turn off everything in the kitchen") == "every plug in the kitchen, off?")
        #expect(asked("turn off the kitchen lamp and the kettle") == "the kitchen lamp and the kettle, off?")
        #expect(
            asked("switch on the kettle, the desk fan and the christmas tree") == "the kettle, the desk fan and the christmas tree, on?")
        #expect(asked("turn off the kettle, the desk fan, the christmas tree and the garage heater") == "4 plugs, off?")
        #expect(asked("turn off the kettle, the toaster, the radio and the kitchen lamp") == "every plug in the kitchen, off?")
        #expect(asked("turn everything off") == "every plug, off?")
        #expect(asked("is the kettle on") == nil && asked("are any plugs on") == nil && asked("toggle the kettle") == nil)
        #expect(asked("turn on the blender") == nil)
    }
}
