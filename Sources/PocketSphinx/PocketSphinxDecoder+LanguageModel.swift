import CPocketSphinx
import Foundation

/// What the language model says of words: how common each is.
extension PocketSphinxDecoder {
    /// How common each of `words` is in English: its unigram log probability
    /// in the language model at `path` (`ngram_model_read`, `ngram_ng_score`
    /// without history), nil for a word the model lacks.
    package static func unigramScores(languageModel path: String, words: [String]) throws(SpeechError) -> [Int32?] {
        quietLog
        guard let logmath = logmath_init(1.0001, 0, 0) else { throw .model("cannot start logmath") }
        defer { logmath_free(logmath) }
        guard let model = ngram_model_read(nil, path, NGRAM_AUTO, logmath) else {
            throw .model("cannot read the language model \(path)")
        }
        defer { ngram_model_free(model) }
        let unknown = ngram_unknown_wid(model)
        return words.map { word in
            let id = ngram_wid(model, word)
            guard id != unknown else { return nil }
            var used: Int32 = 0
            return ngram_ng_score(model, id, nil, 0, &used)
        }
    }

    /// The `count` of `words` the language model at `path` scores highest
    /// as unigrams (`unigramScores`), the highest first, and in alphabetical
    /// order among equals; none the model lacks.
    package static func mostFrequent(_ words: [String], languageModel path: String, count: Int) throws(SpeechError) -> [String] {
        zip(words, try unigramScores(languageModel: path, words: words)).compactMap { word, score in score.map { (word, $0) } }
            .sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 < $1.0 }.prefix(count).map(\.0)
    }
}
