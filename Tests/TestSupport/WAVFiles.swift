/// Builds a WAV file from interleaved frames: `format` 1 (PCM, 16-bit) or 3
/// (float, 32-bit), optionally as WAVE_FORMAT_EXTENSIBLE.
public func wav(rate: Int, channels: Int, format: Int, extensible: Bool = false, frames: [[Float]]) -> [UInt8] {
    let data = frames.flatMap { frame in
        frame.flatMap { value in
            format == 1 ? le16(Int(Int16(max(-1, min(1, value)) * 32767)) & 0xFFFF) : le32(Int(value.bitPattern))
        }
    }
    return wav(rate: rate, channels: channels, format: format, bits: format == 1 ? 16 : 32, extensible: extensible, data: data)
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
