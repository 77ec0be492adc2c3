import ChildProcesses
import EspeakNG
import Foundation
import PocketSphinx
import VoiceShortcuts

/// Files PocketSphinx reads while a decoder or search starts (an adaptation's
/// transform, a grammar, a dictionary), written for it in the temporary folder.
package enum TemporaryFile {
    /// Runs `use` with the path of a new file holding `text`
    /// (`voiceplug-NAME-XXXXXXXX`, with `fileExtension` when given), removed
    /// when `use` returns; `unwritten` with that path and the error instead
    /// when the file cannot be written.
    package static func with<Result, Failure: Error>(
        _ text: String, named name: String, fileExtension: String? = nil,
        _ use: (String) throws(Failure) -> Result, unwritten: (String, any Error) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let path =
            FileManager.default.temporaryDirectory
            .appendingPathComponent("voiceplug-\(name)-\(UUID().uuidString.prefix(8))" + (fileExtension.map { "." + $0 } ?? "")).path
        do { try text.write(toFile: path, atomically: true, encoding: .utf8) } catch { return try unwritten(path, error) }
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try use(path)
    }
}
