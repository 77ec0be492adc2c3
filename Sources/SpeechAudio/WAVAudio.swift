/// Audio as the recognizer wants it: 16 kHz, mono, 16-bit samples.
public struct RecognizerAudio: Sendable, Equatable {
    public static let sampleRate = 16_000
    public var samples: [Int16]

    public init(samples: [Int16]) { self.samples = samples }

    /// Raw 16-bit little-endian samples (`arecord -f S16_LE`); an odd last byte is left out.
    public init(littleEndian bytes: some RandomAccessCollection<UInt8>) {
        let start = bytes.startIndex
        samples = (0..<bytes.count / 2).map { index in
            let low = bytes[bytes.index(start, offsetBy: 2 * index)], high = bytes[bytes.index(start, offsetBy: 2 * index + 1)]
            return Int16(bitPattern: UInt16(low) | UInt16(high) << 8)
        }
    }

    /// The length in seconds.
    public var duration: Double { Double(samples.count) / Double(Self.sampleRate) }

    /// The audio as a WAV file (16 kHz, mono, 16-bit PCM), as `WAVReader` reads it back.
    public var wavFile: [UInt8] {
        func le(_ value: Int, _ bytes: Int) -> [UInt8] { (0..<bytes).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        var data = [UInt8]()
        data.reserveCapacity(samples.count * 2)
        for sample in samples { data += le(Int(UInt16(bitPattern: sample)), 2) }
        let format = le(1, 2) + le(1, 2) + le(Self.sampleRate, 4) + le(Self.sampleRate * 2, 4) + le(2, 2) + le(16, 2)
        let body = Array("WAVE".utf8) + Array("fmt ".utf8) + le(format.count, 4) + format + Array("data".utf8) + le(data.count, 4) + data
        return Array("RIFF".utf8) + le(body.count, 4) + body
    }
}

/// A WAV file that cannot be used, and why.
public enum WAVError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Not a RIFF/WAVE file.
    case notWAV
    /// A chunk is cut short or its sizes do not add up.
    case truncated
    /// The encoding is not 8-, 16-, 24- or 32-bit PCM, 32- or 64-bit float, or 8-bit µ-law or A-law.
    case unsupportedFormat(String)
    /// Neither mono nor stereo.
    case unsupportedChannels(Int)
    /// Outside 8–48 kHz.
    case unsupportedSampleRate(Int)

    public var description: String {
        switch self {
        case .notWAV: "not a WAV file (no RIFF/WAVE header)"
        case .truncated: "the WAV file is cut short"
        case .unsupportedFormat(let format):
            "the WAV file holds \(format); 8-, 16-, 24- or 32-bit PCM, 32- or 64-bit float and 8-bit µ-law or A-law are supported"
        case .unsupportedChannels(let count): "the WAV file has \(count) channels; mono or stereo are supported"
        case .unsupportedSampleRate(let rate): "the WAV file's sample rate is \(rate) Hz; 8,000 to 48,000 Hz are supported"
        }
    }
}

/// Reads WAV files: 8-, 16-, 24- or 32-bit PCM, 32- or 64-bit IEEE float, or
/// telephony's 8-bit G.711 µ-law or A-law (also inside WAVE_FORMAT_EXTENSIBLE),
/// mono or stereo, 8–48 kHz; the result is 16 kHz
/// mono (channels averaged, resampled with linear interpolation after a
/// moving-average low-pass when downsampling).
public enum WAVReader {
    public static func read(_ file: [UInt8]) throws(WAVError) -> RecognizerAudio {
        let bytes = file[...]
        guard bytes.count >= 12, bytes[0..<4] == Array("RIFF".utf8)[...], bytes[8..<12] == Array("WAVE".utf8)[...] else {
            throw .notWAV
        }
        var offset = 12
        var format: (code: Int, channels: Int, rate: Int, bits: Int)?
        while offset + 8 <= bytes.count {
            let id = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
            let size = Int(le32(bytes, offset + 4))
            let body = offset + 8
            guard size >= 0, body + size <= bytes.count || id == "data" else { throw .truncated }
            if id == "fmt " {
                guard size >= 16 else { throw .truncated }
                var code = Int(le16(bytes, body))
                if code == 0xFFFE, size >= 26 { code = Int(le16(bytes, body + 24)) }  // the sub-format's first two bytes
                format = (code, Int(le16(bytes, body + 2)), Int(le32(bytes, body + 4)), Int(le16(bytes, body + 14)))
            } else if id == "data" {
                guard let format else { throw .truncated }
                let end = min(bytes.count, body + size)  // streamed files may claim more than they hold
                return try decode(bytes[body..<end], format: format)
            }
            offset = body + size + (size & 1)
        }
        throw .truncated
    }

    private static func decode(_ data: ArraySlice<UInt8>, format: (code: Int, channels: Int, rate: Int, bits: Int)) throws(WAVError)
        -> RecognizerAudio
    {
        guard format.channels == 1 || format.channels == 2 else { throw .unsupportedChannels(format.channels) }
        guard (8000...48000).contains(format.rate) else { throw .unsupportedSampleRate(format.rate) }
        let base = data.startIndex
        let width = format.bits / 8
        let sample: (Int) -> Float
        switch (format.code, format.bits) {
        case (1, 8):
            sample = { (Float(data[base + $0]) - 128) / 128 }  // 8-bit PCM is unsigned
        case (1, 16), (1, 24), (1, 32):
            let scale = Float(1 << (format.bits - 1)), shift = Int64(64 - format.bits)
            sample = { offset in
                var value: Int64 = 0
                for byte in (0..<width).reversed() { value = value << 8 | Int64(data[base + offset + byte]) }
                return Float((value << shift) >> shift) / scale  // sign-extended
            }
        case (3, 32):
            sample = { Float(bitPattern: le32(data, base + $0)) }
        case (3, 64):
            sample = { Float(Double(bitPattern: UInt64(le32(data, base + $0)) | UInt64(le32(data, base + $0 + 4)) << 32)) }
        case (6, 8):
            sample = { Float(G711.aLaw(data[base + $0])) / 32768 }
        case (7, 8):
            sample = { Float(G711.muLaw(data[base + $0])) / 32768 }
        default:
            let name: String =
                switch format.code {
                case 1: "\(format.bits)-bit PCM"
                case 3: "\(format.bits)-bit float"
                case 6: "\(format.bits)-bit A-law"
                case 7: "\(format.bits)-bit µ-law"
                default: "encoding \(format.code)"
                }
            throw .unsupportedFormat(name)
        }
        let frameBytes = width * format.channels
        let frames = data.count / frameBytes
        var mono = [Float](repeating: 0, count: frames)
        for frame in 0..<frames {
            var sum: Float = 0
            for channel in 0..<format.channels { sum += sample(frame * frameBytes + channel * width) }
            mono[frame] = sum / Float(format.channels)
        }
        return RecognizerAudio(samples: resample(mono, from: format.rate).map(toInt16))
    }

    package static func resample(_ input: [Float], from rate: Int) -> [Float] {
        let target = RecognizerAudio.sampleRate
        guard rate != target, !input.isEmpty else { return input }
        var source = input
        if rate > target {
            // A moving average over the rate ratio keeps most aliasing out.
            let width = max(1, Int((Double(rate) / Double(target)).rounded()))
            var smoothed = [Float](repeating: 0, count: source.count)
            var running: Float = 0
            for index in source.indices {
                running += source[index]
                if index >= width { running -= source[index - width] }
                smoothed[index] = running / Float(min(index + 1, width))
            }
            source = smoothed
        }
        let count = Int((Double(source.count) * Double(target) / Double(rate)).rounded())
        let step = Double(rate) / Double(target)
        return (0..<count).map { index in
            let position = Double(index) * step
            let left = min(Int(position), source.count - 1)
            let right = min(left + 1, source.count - 1)
            let fraction = Float(position - Double(left))
            return source[left] * (1 - fraction) + source[right] * fraction
        }
    }

    private static func toInt16(_ value: Float) -> Int16 {
        value.isFinite ? Int16(rounding: Double(value * 32768)) : 0  // a float file's NaN or infinity is no sound
    }
}

extension Int16 {
    /// The nearest sample to `value`, held to Int16's range (a filter's or a gain's result).
    package init(rounding value: Double) {
        self.init(Swift.max(-32_768, Swift.min(32_767, value.rounded())))
    }
}

/// Little-endian integers at absolute indices (slices share their base's indices).
private func le16(_ bytes: ArraySlice<UInt8>, _ index: Int) -> UInt16 {
    UInt16(bytes[index]) | UInt16(bytes[index + 1]) << 8
}

private func le32(_ bytes: ArraySlice<UInt8>, _ index: Int) -> UInt32 {
    UInt32(le16(bytes, index)) | UInt32(le16(bytes, index + 2)) << 16
}

/// G.711's 8-bit codes as 16-bit linear samples (ITU-T G.711; what sox and
/// every telephony tool write as µ-law and A-law WAV).
package enum G711 {
    /// µ-law: the code's bits inverted, a sign, a 3-bit segment and 4 bits
    /// within it, with a bias of 132; ±32,124 at most.
    package static func muLaw(_ code: UInt8) -> Int16 {
        let bits = ~code
        let segment = Int((bits >> 4) & 0x07), step = Int(bits & 0x0F)
        let magnitude = (((step << 3) + 0x84) << segment) - 0x84
        return Int16(bits & 0x80 != 0 ? -magnitude : magnitude)
    }

    /// A-law: the even bits inverted, a sign (set for positive samples), a
    /// 3-bit segment and 4 bits within it; ±32,256 at most.
    package static func aLaw(_ code: UInt8) -> Int16 {
        let bits = code ^ 0x55
        let segment = Int((bits >> 4) & 0x07), step = Int(bits & 0x0F)
        let magnitude = segment == 0 ? (step << 4) + 8 : ((step << 4) + 0x108) << (segment - 1)
        return Int16(bits & 0x80 != 0 ? magnitude : -magnitude)
    }
}
