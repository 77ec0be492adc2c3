import Foundation
import PocketSphinx
import SpeechAudio
import SpeechGrammar
import VoiceShortcuts

/// The model's mixture weights as SphinxTrain reads them. PocketSphinx's
/// models ship them quantized (`sendump`: a byte per weight, the negated
/// logarithm base 1.0001 shifted right); SphinxTrain wants 32-bit values.
extension SpeechRecognizer {
    /// A SphinxTrain mixture-weights file (`s3` header, then senones ×
    /// streams × codewords floats) from a `sendump` file: length-prefixed
    /// header strings until an empty one, then, per stream and codeword, one
    /// byte per senone (as sphinxtrain's python/cmusphinx/sendump.py reads it).
    package static func mixtureWeights(fromSendump path: String) throws -> Data {
        guard let bytes = FileManager.default.contents(atPath: path).map(Array.init) else {
            throw SpeechError.model("cannot read \(path)")
        }
        var offset = 0
        var bigEndian: Bool?  // told by the first length: a little-endian reading over 65,536 is big-endian
        func integer() throws -> Int {
            guard offset + 4 <= bytes.count else { throw SpeechError.model("\(path) ends early") }
            let field = bytes[offset..<offset + 4]
            offset += 4
            let little = field.reversed().reduce(0) { $0 << 8 | Int($1) }
            if bigEndian == nil { bigEndian = little > 65_536 }
            return bigEndian == true ? field.reduce(0) { $0 << 8 | Int($1) } : little
        }
        func string() throws -> String? {
            let count = try integer()
            guard count > 0 else { return nil }
            guard offset + count <= bytes.count else { throw SpeechError.model("\(path) ends early") }
            defer { offset += count }
            return String(decoding: bytes[offset..<offset + count - 1], as: UTF8.self)
        }
        _ = try string()  // the title
        var header: [String: Int] = [:]
        while let line = try string() {
            let fields = line.split(separator: " ")
            if fields.count == 2, let value = Int(fields[1]) { header[String(fields[0])] = value }
        }
        guard (header["cluster_count"] ?? 0) == 0 else { throw SpeechError.model("\(path): clustered mixture weights are not supported") }
        let streams = header["feature_count"] ?? 0, shift = header["mixw_shift"] ?? 10
        let codewords = try integer(), senones = try integer()
        guard codewords > 0, senones > 0, streams > 0, offset + streams * codewords * senones <= bytes.count else {
            throw SpeechError.model("\(path) is not a mixture-weights dump")
        }
        var weights = [Float](repeating: 0, count: senones * streams * codewords)
        for stream in 0..<streams {
            for codeword in 0..<codewords {
                for senone in 0..<senones {
                    let logarithm = Int(bytes[offset]) << shift
                    offset += 1
                    weights[(senone * streams + stream) * codewords + codeword] = Float(pow(1.0001, -Double(logarithm)))
                }
            }
        }
        var file = Data("s3\nversion 1.0\n".utf8)
        let misalignment = (file.count + "endhdr\n".utf8.count) & 3
        file.append(Data((String(repeating: " ", count: misalignment == 0 ? 0 : 4 - misalignment) + "endhdr\n").utf8))
        for value in [Int32(0x1122_3344)] { withUnsafeBytes(of: value) { file.append(contentsOf: $0) } }
        for value in [senones, streams, codewords, weights.count] { withUnsafeBytes(of: UInt32(value)) { file.append(contentsOf: $0) } }
        weights.withUnsafeBytes { file.append(contentsOf: $0) }
        return file
    }
}
