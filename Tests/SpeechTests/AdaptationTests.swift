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

@Suite("Speaker adaptation", .serialized)
struct AdaptationTests {
    /// A folder for one test's files, removed afterwards.
    final class Folder {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("voiceplug-adaptation-\(UUID().uuidString.prefix(8))")
        init() throws { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(at: url) }
        func file(_ name: String, _ text: String) throws -> String {
            let path = url.appendingPathComponent(name).path
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
    }

    /// A transform in the model's shape (3 streams of 13): the identity, or with `value` in its first offset.
    static func transform(streams: Int = 3, width: Int = 13, value: String = "0") -> String {
        var lines = ["1", "\(streams)"]
        for _ in 0..<streams {
            lines.append("\(width)")
            for row in 0..<width { lines.append((0..<width).map { $0 == row ? "1.0" : "0.0" }.joined(separator: " ")) }
            lines.append(([value] + [String](repeating: "0.0", count: width - 1)).joined(separator: " "))
            lines.append([String](repeating: "1.0", count: width).joined(separator: " "))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test("a transform is checked before PocketSphinx reads it: what is wrong is named")
    func malformedTransforms() throws {
        let folder = try Folder()
        #expect(try SpeakerAdaptation(contentsOf: folder.file("good", Self.transform())).path.hasSuffix("good"))
        let cases: [(String, String)] = [
            ("hello", "no class count"),
            (Self.transform(streams: 1, width: 39), "3 feature streams"),
            (Self.transform(width: 12), "not 13 wide"),
            (Self.transform(value: "nan"), "not numbers"),
            (String(Self.transform().dropLast(40)), "too few numbers"),
            (Self.transform() + "1.0\n", "more numbers"),
        ]
        for (index, (text, problem)) in cases.enumerated() {
            let path = try folder.file("bad\(index)", text)
            #expect {
                try SpeakerAdaptation(contentsOf: path)
            } throws: { error in
                "\(error)".contains(problem) && "\(error)".contains(path)
            }
        }
        #expect(throws: SpeechError.self) { try SpeakerAdaptation(contentsOf: folder.url.appendingPathComponent("missing").path) }
    }

    @Test("decoders read the transform as it was checked: its file broken or removed afterwards does not reach them")
    func fileChangedAfterwards() async throws {
        let folder = try Folder()
        let path = try folder.file("speaker.adaptation", Self.transform())
        let adaptation = try SpeakerAdaptation(contentsOf: path)
        try Self.transform(width: 12).write(toFile: path, atomically: true, encoding: .utf8)  // PocketSphinx reading this crashes
        let devices = [Device(id: "lamp", name: "kitchen lamp")]
        let recognizer = try await blocking { try SpeechRecognizer(devices: devices, shortcuts: [], adaptation: adaptation) }
        try FileManager.default.removeItem(atPath: path)
        try await blocking { try recognizer.rebuild(devices: devices + [Device(id: "fan", name: "desk fan")], shortcuts: []) }
        let heard = try await recognizer.hear(try await Synthesizer.speak("turn off the desk fan", voice: "slt"))
        #expect(heard.text == "turn off the desk fan", "\(heard.hypothesis)")  // the identity transform changes nothing
    }

    @Test("the model's quantized mixture weights expand to SphinxTrain's shape, each senone's summing to about one")
    func mixtureWeights() throws {
        let hmm = SpeechRecognizer.hmmPath(SpeechRecognizer.defaultModel)
        let file = try SpeechRecognizer.mixtureWeights(fromSendump: hmm + "/sendump")
        let header = try #require(file.range(of: Data("endhdr\n".utf8)))
        #expect(header.upperBound % 4 == 0)
        let numbers = file[header.upperBound...].withUnsafeBytes { Array($0.bindMemory(to: UInt32.self)) }
        #expect(numbers[0] == 0x1122_3344)
        #expect(Array(numbers[1...4]) == [5126, 3, 128, 5126 * 3 * 128])
        let weights = file[(header.upperBound + 20)...].withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
        #expect(weights.count == 5126 * 3 * 128)
        for senone in [0, 1000, 5125] {
            for stream in 0..<3 {
                let start = (senone * 3 + stream) * 128
                let sum = weights[start..<start + 128].reduce(0, +)
                #expect(abs(sum - 1) < 0.1, "senone \(senone), stream \(stream): \(sum)")
            }
        }
    }

    static let devices = [
        Device(id: "smoker", name: "pellet smoker", area: "patio"),
        Device(id: "espresso", name: "espresso grinder", area: "kitchen"),
        Device(id: "lantern", name: "paper lantern", area: "hallway"),
        Device(id: "dehydrator", name: "food dehydrator", area: "pantry"),
        Device(id: "sauna", name: "infrared sauna", area: "basement"),
    ]

    @Test("twenty sentences read by a voice the model fits badly: more of its commands heard, still none of its chatter")
    func adaptsToAVoice() async throws {
        let voice = "espeak:en-gb-scotland:160"
        var recordings: [SpeechRecognizer.AdaptationRecording] = []
        for prompt in SpeakerAdaptation.prompts {
            recordings.append(.init(audio: try await Synthesizer.speak(prompt, voice: voice), text: prompt))
        }
        let folder = try Folder()
        let path = folder.url.appendingPathComponent("speaker.adaptation").path
        let plain = try await blocking { try SpeechRecognizer(devices: Self.devices, shortcuts: []) }
        let read = recordings
        let report = try await blocking { try plain.estimateAdaptation(from: read, writingTo: path) }
        #expect(report.leftOut.isEmpty)
        let adapted = try await blocking { try SpeechRecognizer(devices: Self.devices, shortcuts: [], adaptation: report.adaptation) }

        let commands: [(String, String, PowerState)] = [
            ("turn on the pellet smoker", "smoker", .on), ("activate the espresso grinder", "espresso", .on),
            ("turn the paper lantern on", "lantern", .on), ("enable my food dehydrator", "dehydrator", .on),
            ("deactivate the patio pellet smoker", "smoker", .off), ("turn off our food dehydrator", "dehydrator", .off),
            ("switch off the infrared sauna", "sauna", .off), ("set the paper lantern to off", "lantern", .off),
        ]
        let matcher = PhraseMatcher(devices: Self.devices)
        var right = (plain: 0, adapted: 0)
        for (text, device, state) in commands {
            let audio = try await Synthesizer.speak(text, voice: voice)
            let expected = ToggleStateIntent(deviceID: device, state: state)
            if let heard = try await plain.hear(audio).text, matcher.match(heard, shortcuts: ShortcutIndex([])).intent == expected {
                right.plain += 1
            }
            if let heard = try await adapted.hear(audio).text, matcher.match(heard, shortcuts: ShortcutIndex([])).intent == expected {
                right.adapted += 1
            }
        }
        print("adaptation: \(right.plain) → \(right.adapted) of \(commands.count) commands by \(voice)")
        #expect(right.adapted >= right.plain + 3, "\(right)")
        // Not only better than before: nearly every command heard (8 of 8 today, 1 of 8 unadapted).
        #expect(right.adapted >= commands.count - 1, "\(right)")
        for text in ["what time is it", "turn on the radio", "is the paper lantern on", "switch off the pellet grill"] {
            let heard = try await adapted.hear(try await Synthesizer.speak(text, voice: voice))
            #expect(heard.text.flatMap { matcher.match($0, shortcuts: ShortcutIndex([])).intent } == nil, "\(text): \(heard.hypothesis)")
        }
    }
}
