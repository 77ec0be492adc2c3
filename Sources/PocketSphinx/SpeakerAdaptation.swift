import Foundation

/// One speaker's adaptation of the acoustic model: an MLLR transform of its means (a matrix and an offset for each
/// feature stream), estimated from a few sentences the speaker read (see `SpeechRecognizer.estimateAdaptation`) and
/// applied by every decoder (`-mllr`).
/// (Measurements and history: docs/speech.md, "SpeakerAdaptation: SpeakerAdaptation".)
public struct SpeakerAdaptation: Sendable, Equatable {
    /// The file it was read from.
    public let path: String
    /// The transform, as checked: decoders read their own copy of it (see
    /// `SpeechRecognizer.withAdaptation`), so the file may change or go meanwhile.
    package let transform: String

    /// Reads and checks the transform at `path` against the model's feature
    /// streams. PocketSphinx does not check it: a transform of another shape
    /// (12 or 39 wide, 2 streams) crashed the process (a null pointer), one
    /// with "nan" in it let nothing be heard; so nothing reaches it unchecked.
    /// - Throws: `SpeechError.adaptation` naming the file and what is wrong with it.
    public init(contentsOf path: String, model: String = AcousticModel.defaultPath) throws(SpeechError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .adaptation("cannot read '\(path)'")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw .adaptation("'\(path)' is not a speaker adaptation (not text)")
        }
        let streams = Self.streamWidths(model: model)
        if let problem = Self.problem(in: text, streams: streams) {
            throw .adaptation("'\(path)' is not a speaker adaptation for this model: \(problem)")
        }
        self.init(path: path, transform: text)
    }

    /// A transform already checked, read from `path`.
    package init(path: String, transform: String) {
        self.path = path
        self.transform = transform
    }

    /// What is wrong with a transform's text, or nil: the number of classes,
    /// the number of streams, then for each class and stream its width `n`,
    /// an `n`×`n` matrix, an offset and a variance scale of `n` each — all
    /// finite numbers, the streams as wide as the model's.
    package static func problem(in text: String, streams: [Int]) -> String? {
        let fields = text.split(whereSeparator: \.isWhitespace)
        var next = fields.makeIterator()
        guard let classes = next.next().flatMap({ Int($0) }), classes >= 1, classes <= 64 else { return "no class count" }
        guard let count = next.next().flatMap({ Int($0) }), count == streams.count else {
            return "the model has \(streams.count) feature streams"
        }
        for _ in 0..<classes {
            for width in streams {
                guard let given = next.next().flatMap({ Int($0) }), given == width else { return "a stream is not \(width) wide" }
                for _ in 0..<(width * width + 2 * width) {
                    guard let value = next.next().flatMap({ Double($0) }), value.isFinite else { return "too few numbers, or not numbers" }
                }
            }
        }
        return next.next() == nil ? nil : "more numbers than the transform holds"
    }

    /// The widths of the model's feature streams (`-svspec` in its
    /// `feat.params`, "0-12/13-25/26-38" for the en-us model), or one stream
    /// of 39 (13 cepstra, their deltas and double deltas) without one.
    package static func streamWidths(model: String) -> [Int] {
        guard let spec = featureParameters(model: model)["-svspec"] else { return [39] }
        return spec.split(separator: "/").map { range in
            range.split(separator: ",").reduce(0) { total, part in
                let bounds = part.split(separator: "-").compactMap { Int($0) }
                return total + (bounds.count == 2 ? bounds[1] - bounds[0] + 1 : 1)
            }
        }
    }

    /// The model's `feat.params`: option → value.
    package static func featureParameters(model: String) -> [String: String] {
        let file = AcousticModel.hmmPath(model) + "/feat.params"
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { return [:] }
        var parameters: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if fields.count == 2 { parameters[fields[0]] = fields[1] }
        }
        return parameters
    }
}

extension SpeakerAdaptation {
    /// Sentences to read for an adaptation: the commands' verbs and states, a
    /// few device names and everyday English, about three seconds each.
    public static let prompts = [
        "turn on the kitchen lamp",
        "switch off the bedroom fan",
        "please turn the heater off",
        "activate the coffee maker",
        "deactivate the porch light",
        "set the television to on",
        "the quick brown fox jumps over the lazy dog",
        "she sells sea shells by the sea shore",
        "open the garage door please",
        "what is the weather like today",
        "could you play some music in the living room",
        "remind me to water the plants on thursday",
        "the book is on the table near the window",
        "we need more milk bread and eggs",
        "it is cold outside so wear a warm jacket",
        "the children walked to school together",
        "switch the desk lamp off",
        "enable the air purifier in the office",
        "disable the humidifier",
        "bring the reading light to off",
    ]
}
