import Foundation
import TestSupport
import Testing

/// The web console in headless Chromium, driven by Selenium (Tests/Browser/console_browser.py), against
/// `voiceplug run --http` with a real broker and plugsim: load, switch, add/edit/delete through the button, a
/// CLI change shown live, a phrase typed and one spoken into the fake microphone, and another site's page refused.
@Suite("Web console in a browser")
struct ConsoleBrowserTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Browser/console_browser.py").path

    @Test("a person's way through the page, step by step (screenshot on failure)")
    func walkThrough() async throws {
        try await withGateway(speech: true, runArguments: ["--http", "0"]) { fixture in
            let api = try await ConsoleClient(fixture)
            try await eventually("speech recognition to be ready", timeout: .seconds(30)) {
                fixture.gateway.standardError.contains("speech recognition ready")
            }
            // The fake microphone's sound: half a second of quiet, the phrase, then quiet past the button's release.
            let spoken = fixture.folder.appendingPathComponent("spoken.wav")
            try await blocking { try synthesizeWAV("turn off the desk fan", voice: "slt") }.write(to: spoken)
            let padded = fixture.folder.appendingPathComponent("microphone.wav").path
            let (padStatus, padOutput) = try runCommand("/usr/bin/sox", [spoken.path, padded, "pad", "0.5", "3"])
            #expect(padStatus == 0, "\(padOutput)")

            let shots = FileManager.default.temporaryDirectory.appendingPathComponent("voiceplug-browser-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: shots, withIntermediateDirectories: true)
            let browser = try ChildProcess(
                "/usr/bin/python3",
                [
                    Self.script, "check", "--url", "http://127.0.0.1:\(api.port)/#token=\(api.token)", "--folder", fixture.folder.path,
                    "--voiceplug", productsDirectory.appendingPathComponent("voiceplug").path, "--speech", padded, "--shots", shots.path,
                ])
            let status = try await browser.wait(timeout: .seconds(180))
            #expect(
                status == 0 && browser.standardOutput.contains("browser: all steps passed"),
                "\(browser.standardOutput)\n\(browser.standardError)\ngateway log:\n\(fixture.gateway.standardError.suffix(3000))")
            if status == 0 { try? FileManager.default.removeItem(at: shots) }
        }
    }
}
