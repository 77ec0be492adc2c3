/// Builds a WAV file from interleaved frames: `format` 1 (PCM; 8-, 16-, 24-
/// or 32-bit, 16 unless told) or 3 (float; 32- or 64-bit, 32 unless told),
/// optionally as WAVE_FORMAT_EXTENSIBLE.
public func wav(rate: Int, channels: Int, format: Int, bits: Int? = nil, extensible: Bool = false, frames: [[Float]]) -> [UInt8] {
    let bits = bits ?? (format == 1 ? 16 : 32)
    let data = frames.flatMap { frame in
        frame.flatMap { value -> [UInt8] in
            switch (format, bits) {
            case (1, 8): return [UInt8(128 + Int((max(-1, min(1, value)) * 127).rounded()))]  // unsigned
            case (1, _):
                let integer = Int((Double(max(-1, min(1, value))) * Double((1 << (bits - 1)) - 1)).rounded())
                return (0..<bits / 8).map { UInt8(truncatingIfNeeded: integer >> (8 * $0)) }
            case (_, 64): return (0..<8).map { UInt8(truncatingIfNeeded: Double(value).bitPattern >> (8 * $0)) }
            default: return le32(Int(value.bitPattern))
            }
        }
    }
    return wav(rate: rate, channels: channels, format: format, bits: bits, extensible: extensible, data: data)
}

/// A mono 16-bit WAV file holding `samples` (16 kHz unless told).
public func wav(rate: Int = 16_000, samples: [Int16]) -> [UInt8] {
    wav(rate: rate, channels: 1, format: 1, bits: 16, extensible: false, data: samples.flatMap { le16(Int(UInt16(bitPattern: $0))) })
}

/// The RIFF container; a LIST chunk before the data, as many tools write one.
private func wav(rate: Int, channels: Int, format: Int, bits: Int, extensible: Bool, data: [UInt8]) -> [UInt8] {
    var fmt =
        le16(extensible ? 0xFFFE : format) + le16(channels) + le32(rate) + le32(rate * channels * bits / 8)
        + le16(channels * bits / 8) + le16(bits)
    if extensible { fmt += le16(22) + le16(bits) + le32(channels == 2 ? 3 : 4) + le16(format) + Array(repeating: 0, count: 14) }
    let body =
        Array("WAVE".utf8) + Array("fmt ".utf8) + le32(fmt.count) + fmt + Array("LIST".utf8) + le32(4) + Array("INFO".utf8)
        + Array("data".utf8) + le32(data.count) + data
    return Array("RIFF".utf8) + le32(body.count) + body
}

private func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF)] }
private func le32(_ value: Int) -> [UInt8] { le16(value & 0xFFFF) + le16((value >> 16) & 0xFFFF) }
