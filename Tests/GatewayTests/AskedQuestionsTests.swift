import Gateway
import SpeechAudio
import Testing

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
}
