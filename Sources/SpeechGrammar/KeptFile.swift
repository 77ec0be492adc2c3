import ChildProcesses
import EspeakNG
import Foundation
import PocketSphinx
import VoiceShortcuts

/// A file of what is found in the model once and kept between processes, in
/// `defaultFolder`: its first line says what it was made from (`key`), its
/// last that it is whole. It is written whole or not at all, and taken only
/// when whole, valid UTF-8 and made from the model as it is now. Both lines
/// are comments of PocketSphinx's dictionary format ("## "), so that a kept
/// dictionary is read by PocketSphinx as it is.
package struct KeptFile {
    /// Where the file is: in its folder, named after what it keeps and the model's folder.
    package let url: URL
    /// Its first line: what it keeps, in which format, and the model's
    /// dictionary and language model as they are now (size and time of change).
    package let key: String

    private static let end = "## end"

    /// The file of `name` for `model` in `folder`; nil when the model's files
    /// cannot be read. `format` changes whenever what is kept, or how, does.
    package init?(_ name: String, format: String, model: String, in folder: URL, fileExtension: String) {
        var key = "## voiceplug \(name) \(format) of"
        for file in [model + "/cmudict-en-us.dict", model + "/en-us.lm.bin"] {
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: file),
                let size = attributes[.size] as? NSNumber, let changed = attributes[.modificationDate] as? Date
            else { return nil }
            key += " \(file) \(size) \(changed.timeIntervalSince1970)"
        }
        self.key = key
        let modelName = model.unicodeScalars.map { ("a"..."z").contains($0) || ("0"..."9").contains($0) ? String($0) : "-" }.joined()
        url = folder.appendingPathComponent("\(name)\(modelName).\(fileExtension)")
    }

    /// Where files are kept: `$XDG_CACHE_HOME/voiceplug`, else `~/.cache/voiceplug`.
    package static var defaultFolder: URL? {
        let environment = ProcessInfo.processInfo.environment
        if let folder = environment["XDG_CACHE_HOME"], folder.hasPrefix("/") {
            return URL(fileURLWithPath: folder).appendingPathComponent("voiceplug")
        }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return URL(fileURLWithPath: home).appendingPathComponent(".cache/voiceplug")
    }

    /// The lines between the key and the end (each ending in a newline),
    /// when the file is there, whole, valid UTF-8 and made with `key`; else nil.
    package func body() -> Substring.UTF8View? {
        guard let data = FileManager.default.contents(atPath: url.path), let text = String(data: data, encoding: .utf8) else {
            return nil
        }
        let (head, tail) = ((key + "\n").utf8, (Self.end + "\n").utf8)
        let bytes = text.utf8
        guard bytes.count >= head.count + tail.count, bytes.starts(with: head), bytes.suffix(tail.count).elementsEqual(tail) else {
            return nil
        }
        return bytes.dropFirst(head.count).dropLast(tail.count)
    }

    /// Keeps `body` (whole lines, each ending in a newline) between the key and the end, written whole or not at
    /// all; a folder that cannot be written is no error (nothing is kept).
    package func store(_ body: String) {
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? Data((key + "\n" + body + Self.end + "\n").utf8).write(to: url, options: .atomic)
    }
}
