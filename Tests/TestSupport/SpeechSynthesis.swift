import Foundation

/// Speech synthesized at test time: flite (a voice name) or espeak-ng
/// ("espeak" for en-us, "espeak:en-gb" for another of its voices,
/// "espeak:en-us:140" at 140 words a minute), as 16 kHz mono 16-bit WAV
/// with a -40 dB pink-noise floor, or with pink noise `snr` dB below the
/// speech (sox in repeatable mode, so runs agree). `effects`
/// are sox effects applied to the speech before the noise (["echo", "0.6",
/// "0.9", "100", "0.5"]: a room's echo); `volume` scales the whole recording
/// (0.01: a microphone turned down 40 dB).
public func synthesizeWAV(_ text: String, voice: String, snr: Double? = nil, effects: [String] = [], volume: Double = 1) throws -> Data {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("voiceplug-tts-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let raw = folder.appendingPathComponent("raw.wav").path, clean = folder.appendingPathComponent("clean.wav").path
    let noise = folder.appendingPathComponent("noise.wav").path, mixed = folder.appendingPathComponent("mixed.wav").path
    if voice.hasPrefix("espeak") {
        let fields = voice.split(separator: ":").map(String.init)  // "espeak", "espeak:en-gb" or "espeak:en-gb:140" (words a minute)
        let variant = fields.count > 1 ? fields[1] : "en-us"
        try checkVariant(variant)
        _ = try runSynthesisTool("espeak-ng", ["-v", variant, "-w", raw] + (fields.count > 2 ? ["-s", fields[2]] : []) + [text])
    } else {
        try writeFlite(text, voice: voice, to: raw)
    }
    _ = try runSynthesisTool("sox", ["-R", raw, "-r", "16000", "-c", "1", "-b", "16", clean, "pad", "0.3", "0.3"] + effects)
    let seconds = try runSynthesisTool("soxi", ["-D", clean]).trimmingCharacters(in: .whitespacesAndNewlines)
    var level = 0.01
    if let snr {
        let stat = try runSynthesisTool("sox", [clean, "-n", "stat"])  // sox writes its statistics where runCommand reads
        guard let line = stat.split(separator: "\n").first(where: { $0.hasPrefix("RMS") && $0.contains("amplitude") }),
            let rms = line.split(separator: " ").last.flatMap({ Double($0) })
        else { throw SynthesisFailed(tool: "sox", output: stat) }
        level = rms / pow(10, snr / 20)
    }
    _ = try runSynthesisTool(
        "sox", ["-R", "-n", "-r", "16000", "-c", "1", "-b", "16", noise, "synth", seconds, "pinknoise", "vol", String(level)])
    _ = try runSynthesisTool("sox", ["-R", "-m", clean, noise, mixed, "vol", String(volume)])
    return try Data(contentsOf: URL(fileURLWithPath: mixed))
}

/// Throws when espeak-ng has no file for the variant after "+" ("en-us+boris"): it would speak the plain accent
/// without a word. Its variant files are named in their own case ("Annie", but "boris").
private func checkVariant(_ voice: String) throws {
    guard let plus = voice.firstIndex(of: "+") else { return }
    let file = espeakData + "/voices/!v/" + voice[voice.index(after: plus)...]
    guard FileManager.default.fileExists(atPath: file) else {
        throw SynthesisFailed(tool: "espeak-ng", output: "no variant file \(file): \(voice) would speak as its plain accent")
    }
}

/// espeak-ng's data folder, as `espeak-ng --version` names it (asked once).
private let espeakData: String = {
    let version = (try? runSynthesisTool("espeak-ng", ["--version"])) ?? ""
    return version.range(of: "Data at: ").map { String(version[$0.upperBound...].prefix { !$0.isWhitespace }) }
        ?? "/usr/lib/x86_64-linux-gnu/espeak-ng-data"
}()

/// `text` as flite's `voice` writes it: its own sample rate, no padding, no noise floor.
public func fliteWAV(_ text: String, voice: String) throws -> Data {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("flite-\(UUID().uuidString.prefix(8)).wav").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try writeFlite(text, voice: voice, to: path)
    return try Data(contentsOf: URL(fileURLWithPath: path))
}

/// flite's `voice` saying `text` into the WAV file at `path`: "slt", or "slt:160:1.12" (its pitch in Hz and how
/// much slower than its own pace).
private func writeFlite(_ text: String, voice: String, to path: String) throws {
    let fields = voice.split(separator: ":").map(String.init)
    let pitch = fields.count > 2 ? ["--setf", "int_f0_target_mean=\(fields[1])", "--setf", "duration_stretch=\(fields[2])"] : []
    _ = try runSynthesisTool("flite", ["-voice", fields[0]] + pitch + ["-t", text, "-o", path])
}

/// A synthesis tool's output; its failure is `SynthesisFailed`.
private func runSynthesisTool(_ tool: String, _ arguments: [String]) throws -> String {
    let (status, output) = try runCommand(tool, arguments)
    guard status == 0 else { throw SynthesisFailed(tool: tool, output: output) }
    return output
}

public struct SynthesisFailed: Error {
    public let tool: String
    public let output: String
}
