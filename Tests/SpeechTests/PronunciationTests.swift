import EspeakNG
import Foundation
import PocketSphinx
import Speech
import SpeechAudio
import SpeechGrammar
import Synchronization
import TestSupport
import Testing
import VoiceAdaptation

@Suite("Pronunciations for the grammar's words")
struct PronunciationTests {
    static let dictionary = SpeechRecognizer.defaultModel + "/cmudict-en-us.dict"

    @Test("a word the dictionary lacks gets espeak-ng's; a name gets espeak-ng's American and British ways when they differ")
    func lettersToSound() throws {
        let found = try Pronunciations(
            words: ["vornado", "fountain", "lamp", "is"], dictionary: Self.dictionary, variants: ["vornado", "fountain", "lamp"])
        #expect(found.unpronounceable.isEmpty)
        #expect(found.fileText.contains("\nvornado V "), "\(found.fileText)")
        #expect(found.fileText.contains("fountain F AW N T AH N\n"))
        #expect(found.fileText.contains("fountain(2) F AW N T IH N\n"))
        #expect(found.fileText.contains("g_fountain(2) F AW N T IH N\n"))
        #expect(found.fileText.contains("\nlamp(2) L AA M P\n"), "British English's")
        #expect(!found.fileText.contains("lamp(3)"), "American English's is the dictionary's: no entry of its own")
        #expect(found.fileText.contains("\ng_ph_aa AA\n") && found.fileText.contains("\ng_ph_zh ZH\n"), "the phones, as garbage words")
        #expect(found.fileText.contains("\ng_un_aa AA\n") && found.fileText.contains("\ng_un_zh ZH\n"), "and as the unknown name's")
    }

    @Test("a word with digits is said as its numbers, the letters beside them as letters")
    func digits() throws {
        let found = try Pronunciations(words: ["2", "r2", "ps5", "lamp"], dictionary: Self.dictionary)
        #expect(found.unpronounceable.isEmpty, "\(found.unpronounceable)")
        let text = "\n" + found.fileText
        #expect(text.contains("\n2 T UW\n"), "\(text)")
        #expect(text.contains("\nr2 AA R T UW\n"), "\(text)")
        #expect(text.contains("\nps5 P IY EH S F AY V\n"), "\(text)")
    }

    @Test("a number of three or four digits is said in pairs too, as model numbers and years are; a round hundred is not")
    func numbersInPairs() throws {
        let found = try Pronunciations(words: ["360", "101", "2000"], dictionary: Self.dictionary)
        let text = "\n" + found.fileText
        #expect(text.contains(" TH R IY S IH K S T IY\n"), "three sixty: \(text)")
        #expect(text.contains(" W AH N OW W AH N\n"), "one oh one: \(text)")
        #expect(found.entries["2000"]?.contains { $0.starts(with: ["T", "W", "EH", "N"]) } == false, "not twenty hundred")
    }

    @Test("a word written in capitals is said letter by letter too")
    func capitals() throws {
        let found = try Pronunciations(words: ["led", "strip"], dictionary: Self.dictionary, spelled: ["led"])
        let text = "\n" + found.fileText
        #expect(text.contains("\nled L EH D\n"), "the dictionary's word")
        #expect(text.contains("\nled(2) EH L IY D IY\n"), "\(text)")
        #expect(!text.contains("strip(2)"), "only the capitals' words")
        #expect(Pronunciations.spelled("ac") == ["EY", "S", "IY"])
        #expect(Pronunciations.spelled("r2") == nil)
    }

    @Test("the common words are the language model's most frequent, with the dictionary's pronunciations; the nearest are said unlike")
    func commonWords() throws {
        let common = try CommonWords.of(model: SpeechRecognizer.defaultModel)
        #expect(common.entries.count == CommonWords.count)
        #expect(common.entries.prefix(3).map(\.word) == ["the", "to", "i"], "\(common.entries.prefix(3).map(\.word))")
        #expect(common.entries.allSatisfy { !$0.pronunciations.isEmpty })
        #expect(common.dictionaryText.contains("\no_go G OW\n"))
        let nearSnow = common.nearest(to: [["S", "N", "OW"]], count: 50)
        #expect(nearSnow.count == 50)
        #expect(nearSnow.contains("go") && nearSnow.contains("so") && nearSnow.contains("know"), "\(nearSnow)")
        #expect(!nearSnow.contains("snow"), "said alike: it would only tie")
        #expect(CommonWords.distance(["L", "IH", "F", "T"], ["L", "AY", "T", "S"]) == 3)
        let upstairs = [["AH", "P", "S", "T", "EH", "R", "Z"]]
        let frequent = common.nearest(to: upstairs, count: 50)
        let withRare = common.nearest(to: upstairs, count: 50, rareCount: 25)
        #expect(Array(withRare.prefix(50)) == frequent && Set(withRare).count == 75, "the frequent first, then 25 others")
        #expect(!frequent.contains("downstairs") && withRare.contains("downstairs"), "\(withRare)")
    }

    @Test("the common words are kept in a file for the next process; a damaged file, or one of a changed model, is not taken")
    func commonWordsKept() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("voiceplug-cache-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: folder) }
        let model = SpeechRecognizer.defaultModel
        let found = try CommonWords.found(model: model)
        #expect(CommonWords.stored(in: folder, model: model) == nil, "nothing kept yet")
        found.store(in: folder, model: model)
        let kept = try #require(CommonWords.stored(in: folder, model: model))
        #expect(kept.entries.map(\.word) == found.entries.map(\.word))
        #expect(kept.entries.map(\.pronunciations) == found.entries.map(\.pronunciations))
        #expect(kept.dictionaryText == found.dictionaryText)

        let file = try #require(CommonWords.keptFile(in: folder, model: model)).url
        let whole = try Data(contentsOf: file)
        for damaged in [whole.prefix(whole.count / 2), whole.dropLast(4), Data([0xFF, 0xFE]) + whole, Data()] {
            try damaged.write(to: file)
            #expect(CommonWords.stored(in: folder, model: model) == nil, "\(damaged.count) bytes")
        }

        // A model whose dictionary changed after its words were kept: they are not taken.
        let other = folder.appendingPathComponent("model")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        for name in ["cmudict-en-us.dict", "en-us.lm.bin"] {
            try Data("lamp L AE M P\n".utf8).write(to: other.appendingPathComponent(name))
        }
        CommonWords(entries: [("lamp", [["L", "AE", "M", "P"]])]).store(in: folder, model: other.path)
        #expect(CommonWords.stored(in: folder, model: other.path)?.entries.map(\.word) == ["lamp"])
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: other.appendingPathComponent("cmudict-en-us.dict").path)
        #expect(CommonWords.stored(in: folder, model: other.path) == nil)

        // A folder that cannot be written is no error: nothing is kept.
        let blocked = folder.appendingPathComponent("blocked")
        try Data().write(to: blocked)
        found.store(in: blocked, model: model)
        #expect(CommonWords.stored(in: blocked, model: model) == nil)
    }

    @Test(
        "the open decoder's dictionary is the dictionary's lines of the language model's most frequent words, kept; it hears its words alone, and common words about as the whole one"
    )
    func openDictionary() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("voiceplug-cache-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: folder) }
        let model = SpeechRecognizer.defaultModel
        // Made, read and decoded on threads of their own (`blocking`): seconds of work in a debug build, which on a
        // cooperative thread held up the other suites' tests.
        let (made, text, sample) = try await blocking {
            let path = OpenDictionary.kept(in: folder, model: model)
            let text = try path.map { try String(contentsOfFile: $0, encoding: .utf8) } ?? ""
            // Every 200th word of the dictionary: its unigram score, and its own lines.
            let words = try Pronunciations.words(Self.dictionary) { _ in true }
            let sample = stride(from: 0, to: words.count, by: 200).map { words[$0] }
            let scores = try PocketSphinxDecoder.unigramScores(languageModel: model + "/en-us.lm.bin", words: sample)
            let entries = try Pronunciations.read(Self.dictionary, keeping: Set(sample).contains)
            return (path, text, zip(sample, scores).map { ($0, $1, Pronunciations.lines($0, entries[$0] ?? [])) })
        }
        let path = try #require(made)
        let lines = Set(text.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") })
        #expect(lines.contains("lamp L AE M P") && lines.contains("the(2) DH IY"))
        #expect(!lines.contains { $0.hasPrefix("horseflesh ") }, "a word the language model lacks")
        #expect(!lines.contains { $0.hasPrefix("aaronson ") }, "a rare word")
        let words = Set(lines.map { $0.prefix { $0 != " " && $0 != "(" } })
        #expect(words.count == OpenDictionary.wordCount)
        // All of a word's lines or none; the words kept are the more frequent.
        let kept = sample.filter { own in own.2.contains(where: lines.contains) }
        #expect(!kept.isEmpty && kept.count < sample.count)
        for (word, _, own) in sample {
            #expect(own.allSatisfy(lines.contains) == own.contains(where: lines.contains), "all its lines or none: \(word)")
        }
        let leastKept = try #require(kept.compactMap { $0.1 }.min())
        let mostLeft = try #require(sample.filter { own in !kept.contains { $0.0 == own.0 } }.compactMap { $0.1 }.max())
        #expect(kept.allSatisfy { $0.1 != nil } && leastKept >= mostLeft, "\(leastKept) \(mostLeft)")

        // The open decoder hears with it only its words, and scores a sentence of common words about as with the
        // whole dictionary (its best path may take other words: "mccutcheon" is not among them).
        let audio = try await Synthesizer.speak("turn on the kitchen lamp and the radio", voice: "slt")
        let (heard, heardWithKept) = try await blocking {
            let whole = try SpeechRecognizer.makeOpenDecoder(model: model, adaptation: nil, dictionary: Self.dictionary)
            let kept = try SpeechRecognizer.makeOpenDecoder(model: model, adaptation: nil, dictionary: path)
            let features = try whole.frontEnd(warp: 1.0, removingNoise: false).features(audio.samples)
            return (try whole.decode(features), try kept.decode(features))
        }
        let heardWords = heardWithKept.words.map(\.baseWord)
        #expect(heardWords.contains("radio") && heardWords.allSatisfy { words.contains(Substring($0)) }, "\(heardWithKept.hypothesis)")
        let difference = Double(Int(heardWithKept.score) - Int(heard.score)) / Double(max(1, heard.frames))
        #expect(abs(difference) < 3, "\(difference) a frame: \(heard.hypothesis) / \(heardWithKept.hypothesis)")

        // A damaged file is made again; a folder that cannot be written keeps none.
        let (remade, textAgain, keptInBlocked) = try await blocking {
            try Data(text.utf8.prefix(text.utf8.count / 2)).write(to: URL(fileURLWithPath: path))
            let remade = OpenDictionary.kept(in: folder, model: model)
            let textAgain = try String(contentsOfFile: path, encoding: .utf8)
            let blocked = folder.appendingPathComponent("blocked")
            try Data().write(to: blocked)
            return (remade, textAgain, OpenDictionary.kept(in: blocked, model: model))
        }
        #expect(remade == path && textAgain == text)
        #expect(keptInBlocked == nil)
        // Where none can be kept, the decoder starts with the same words from a temporary file, gone afterwards.
        let (temporary, temporaryText) = try await blocking {
            try OpenDictionary.withPath(model: model, in: folder.appendingPathComponent("blocked")) { path in
                (path, try String(contentsOfFile: path, encoding: .utf8))
            }
        }
        #expect(temporary != path && !FileManager.default.fileExists(atPath: temporary))
        #expect(Set(temporaryText.split(separator: "\n").map(String.init)) == lines)
    }

    @Test("a name's word is open to the words the language model has after the word before it, but the most frequent and those said alike")
    func companions() throws {
        let common = try CommonWords.of(model: SpeechRecognizer.defaultModel)
        let open = try SpeechRecognizer.makeOpenDecoder(model: SpeechRecognizer.defaultModel, adaptation: nil)
        func after(_ previous: [String], _ pronunciation: [String], count: Int = 60) -> [String] {
            common.companions(of: [pronunciation], count: count, skipping: 300) { open.scores($0, after: previous) }
        }
        let lamp = ["L", "AE", "M", "P"]
        let afterHeat = after(["heat"], lamp)
        #expect(afterHeat.count == 60)
        #expect(afterHeat.contains("pump") && afterHeat.contains("gun"), "\(afterHeat)")
        #expect(!afterHeat.contains("lamp") && !afterHeat.contains("lamps"), "within one phone of lamp")
        #expect(!afterHeat.contains("and") && !afterHeat.contains("is"), "among the 300 most frequent")
        let afterLabel = after(["label"], ["P", "R", "IH", "N", "T", "ER"])
        #expect(afterLabel.contains("maker") && !afterLabel.contains("printer"), "\(afterLabel)")
        #expect(after(["heat"], lamp, count: 5) == Array(afterHeat.prefix(5)))
        #expect(after(["qwxzv"], lamp).isEmpty, "a word the model lacks")
        let grammar = try PocketSphinxDecoder(
            arguments: [
                "-hmm", SpeechRecognizer.hmmPath(SpeechRecognizer.defaultModel), "-dict",
                SpeechRecognizer.defaultModel + "/cmudict-en-us.dict",
            ])
        #expect(grammar.scores(["pump"], after: ["heat"]).isEmpty, "a decoder without a language model")
        #expect(open.scores(["pump", "qwxzv", "the"], after: ["heat"]).map { $0 != nil } == [true, false, true])
        let afterLetThe = after(["let", "the"], ["P", "L", "AE", "N", "T", "S"])
        #expect(afterLetThe.contains("dogs") && !after(["the"], ["P", "L", "AE", "N", "T", "S"]).contains("dogs"), "\(afterLetThe)")
        #expect(open.scores(["dogs"], after: ["let", "the"]) != [nil] && open.scores(["dogs"], after: ["qwxzv", "the"]).isEmpty)
    }

    @Test("the command's verbs also get Scottish, Caribbean and New York pronunciations; other words do not")
    func regionalVerbs() throws {
        let found = try Pronunciations(words: ["turn", "the", "lamp"], dictionary: Self.dictionary, variants: ["turn", "the", "lamp"])
        let lines = found.fileText.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("turn(") && $0.hasSuffix(" T AH R N") }, "Scottish: \(lines)")
        #expect(lines.contains { $0.hasPrefix("g_turn(") && $0.hasSuffix(" T AH R N") }, "and its garbage twin")
        #expect(!lines.contains { $0.hasPrefix("the") && $0.hasSuffix(" D AH") }, "Caribbean's \"the\" let non-commands through")
        #expect(!lines.contains { $0.hasPrefix("lamp(3)") })
    }

    @Test("a name's words also get Scottish and West Midlands pronunciations; other words do not")
    func accentedNames() throws {
        let found = try Pronunciations(
            words: ["heater", "cooler", "time"], dictionary: Self.dictionary, variants: ["heater", "cooler", "time"],
            names: ["heater", "cooler"])
        let lines = found.fileText.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("heater(") && $0.hasSuffix(" EY T AH") }, "West Midlands: \(lines)")
        #expect(lines.contains { $0.hasPrefix("g_heater(") && $0.hasSuffix(" EY T AH") }, "and its garbage twin")
        #expect(lines.contains { $0.hasPrefix("cooler(") && $0.hasSuffix(" K OW L AH") }, "West Midlands")
        #expect(!lines.contains { $0.hasPrefix("cooler(") && $0.hasSuffix(" K L ER") }, "Scottish ʉ is UW: the dictionary's own")
        #expect(!lines.contains { $0.hasPrefix("time") && $0.hasSuffix(" T OY M") }, "not a name's word here")
    }

    @Test("the letter-to-sound jobs are asked at once, and their answers kept in the jobs' order")
    func concurrentJobs() {
        // Each job waits (up to 5 s) until all five have started: run one after another, none would see the others.
        let started = StartedJobs()
        let jobs: [@Sendable () -> [String: [String]]] = (0..<5).map { index in
            {
                started.count.withLock { $0 += 1 }
                let deadline = ContinuousClock.now + .seconds(5)
                while started.count.withLock({ $0 }) < 5 && ContinuousClock.now < deadline { usleep(1_000) }
                usleep(UInt32((5 - index) * 5_000))  // the first asked answers last
                return ["word": [String(index)], "together": [String(started.count.withLock { $0 } == 5)]]
            }
        }
        let answers = Pronunciations.concurrently(jobs)
        #expect(answers.map { $0["word"]?.first } == ["0", "1", "2", "3", "4"])
        #expect(answers.allSatisfy { $0["together"] == ["true"] }, "jobs ran one after another")
    }

    @Test("a verb ending in JH also ends in Z, as it is said before a vowel (\"change on the …\"); other words do not")
    func linkedVerbs() throws {
        let found = try Pronunciations(
            words: ["change", "fridge", "the"], dictionary: Self.dictionary, variants: ["change", "fridge", "the"])
        let lines = found.fileText.split(separator: "\n").map(String.init)
        #expect(lines.contains("change CH EY N JH"), "the dictionary's first: \(lines)")
        #expect(lines.contains { $0.hasPrefix("change(") && $0.hasSuffix(" CH EY N Z") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("g_change(") && $0.hasSuffix(" CH EY N Z") }, "and its garbage twin")
        #expect(!lines.contains { $0.hasPrefix("fridge") && $0.hasSuffix(" Z") }, "a device's name keeps its own")
    }

    @Test("flite's way is one more: its \"deactivate\" has no AE")
    func fliteVariant() throws {
        let found = try Pronunciations(words: ["deactivate", "the"], dictionary: Self.dictionary, variants: ["deactivate", "the"])
        let lines = found.fileText.split(separator: "\n").map(String.init)
        #expect(lines.contains("deactivate D IY AE K T IH V EY T"), "the dictionary's first: \(lines)")
        #expect(lines.contains { $0.hasPrefix("deactivate(") && $0.hasSuffix(" D IY K T AH V EY T") }, "flite's: \(lines)")
        #expect(lines.contains { $0.hasPrefix("g_deactivate(") && $0.hasSuffix(" D IY K T AH V EY T") }, "and its garbage twin")
        let phones = LetterToSound.flitePhones(for: ["kettle", "vornado", "x1", "lamp"])
        #expect(phones["kettle"] == ["K", "EH", "T", "AH", "L"])
        #expect(phones["vornado"]?.first == "V")
        #expect(phones["lamp"] == ["L", "AE", "M", "P"])
        #expect(phones["x1"] == ["EH", "K", "S", "W", "AH", "N"], "a digit said as its number")
        #expect(LetterToSound.flitePhones(for: ["it's", "a;b"]).isEmpty, "only letters and digits reach t2p, through the shell")
    }

    @Test("a batch of words comes back one pronunciation each, in order, each word as it is said alone")
    func batch() {
        let linked = LetterToSound.phones(for: ["humidifier", "in"])
        #expect(linked["humidifier"]?.last == "ER", "no linking R from the next word: \(linked)")
        let york = LetterToSound.phones(for: ["charger", "humidifier", "do", "not"], accent: .newYork)
        #expect(york["do"] == ["D", "UW"] && york["not"] == ["N", "AA", "T"], "not one word: \(york)")
        let phones = LetterToSound.phones(for: ["kettle", "hue", "vornado", "x1"])
        #expect(phones["kettle"] == ["K", "EH", "T", "AH", "L"])
        #expect(phones["hue"] == ["HH", "Y", "UW"])
        #expect(phones["vornado"]?.first == "V")
        #expect(phones["x1"] == ["EH", "K", "S", "W", "AH", "N"], "a digit said as its number")
        #expect(LetterToSound.phones(for: ["a,b"]).isEmpty, "only letters and digits reach espeak-ng, whose clauses commas end")
    }

    @Test("espeak-ng's library answers clause by clause in the voice asked for, by its name or its language; no such voice, nothing")
    func espeakLibrary() {
        #expect(EspeakNG.ipa(ofClauses: "kettle, lamp", voice: "en-us")?.count == 2)
        let american = EspeakNG.ipa(ofClauses: "lamp", voice: "en-us"), british = EspeakNG.ipa(ofClauses: "lamp", voice: "en-gb")
        #expect(american?.first.flatMap(LetterToSound.map) == ["L", "AE", "M", "P"], "\(american ?? [])")
        #expect(
            british?.first.flatMap(LetterToSound.map) == ["L", "AA", "M", "P"], "en-gb is a language, not a voice's name: \(british ?? [])")
        #expect(EspeakNG.ipa(ofClauses: "lamp", voice: "xx-nowhere") == nil)
        #expect(EspeakNG.ipa(ofClauses: "lamp", voice: "en-us") == american, "a voice after one that failed")
    }
}

/// How many jobs have started, shared by the jobs of one test.
private final class StartedJobs: Sendable {
    let count = Mutex(0)
}
