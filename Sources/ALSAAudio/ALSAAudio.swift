import CALSA

/// What went wrong with a sound device, in ALSA's words.
public struct ALSAError: Error, CustomStringConvertible, Sendable {
    public let device: String
    public let message: String
    public var description: String { "sound device '\(device)': \(message)" }
}

/// One open PCM of ALSA's, 16-bit signed little-endian, interleaved, mono unless asked otherwise; ALSA converts the
/// rate where the device needs another. The only type that calls ALSA.
///
/// `@unchecked Sendable`: one thread reads (capture) or writes (playback) at a time, as ALSA requires.
public final class ALSADevice: @unchecked Sendable {
    public enum Direction: Sendable { case capture, playback }

    public let name: String
    public let rate: Int
    private var handle: OpaquePointer?

    /// Opens `name` ("default", "hw:1,0", a name from an `.asoundrc`) for `direction` at `rate` samples a second.
    public init(_ name: String, _ direction: Direction, rate: Int = 16_000, latencyMicroseconds: UInt32 = 100_000) throws {
        self.name = name
        self.rate = rate
        var pcm: OpaquePointer?
        let stream = direction == .capture ? SND_PCM_STREAM_CAPTURE : SND_PCM_STREAM_PLAYBACK
        try Self.check(snd_pcm_open(&pcm, name, stream, 0), name, "cannot be opened")
        handle = pcm
        try Self.check(
            snd_pcm_set_params(pcm, SND_PCM_FORMAT_S16_LE, SND_PCM_ACCESS_RW_INTERLEAVED, 1, UInt32(rate), 1, latencyMicroseconds),
            name, "does not take 16-bit mono at \(rate) Hz")
    }

    deinit { close() }

    /// Reads `count` samples, waiting for them; fewer only at the end of the stream (a file or pipe that ended):
    /// empty then. An overrun (samples lost while nobody read) is recovered from and reading goes on.
    public func read(_ count: Int) throws -> [Int16] {
        guard let handle else { return [] }
        var samples = [Int16](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let got = samples.withUnsafeMutableBufferPointer { buffer in
                snd_pcm_readi(handle, buffer.baseAddress! + filled, snd_pcm_uframes_t(count - filled))
            }
            if got > 0 {
                filled += Int(got)
            } else if got == 0 || got == -Int(EPIPE) || got == -Int(ESTRPIPE) || got == -Int(EINTR) {
                if snd_pcm_recover(handle, Int32(got), 1) < 0 || got == 0 { break }
            } else if got == -Int(EIO) || got == -Int(ENODEV) || got == -Int(EBADFD) {
                break  // the stream ended
            } else {
                throw ALSAError(device: name, message: String(cString: snd_strerror(Int32(got))))
            }
        }
        return Array(samples.prefix(filled))
    }

    /// Writes `samples`, waiting while the device plays; an underrun is recovered from.
    public func write(_ samples: [Int16]) throws {
        guard let handle else { return }
        var written = 0
        while written < samples.count {
            let done = samples.withUnsafeBufferPointer { buffer in
                snd_pcm_writei(handle, buffer.baseAddress! + written, snd_pcm_uframes_t(samples.count - written))
            }
            if done >= 0 {
                written += Int(done)
            } else if snd_pcm_recover(handle, Int32(done), 1) < 0 {
                throw ALSAError(device: name, message: String(cString: snd_strerror(Int32(done))))
            }
        }
    }

    /// Waits until what was written has been played.
    public func drain() {
        if let handle { snd_pcm_drain(handle) }
    }

    public func close() {
        if let handle { snd_pcm_close(handle) }
        handle = nil
    }

    private static func check(_ result: Int32, _ name: String, _ what: String) throws {
        guard result < 0 else { return }
        throw ALSAError(device: name, message: "\(what) (\(String(cString: snd_strerror(result))))")
    }
}
