import Foundation

/// Where the acoustic model's files are.
public enum AcousticModel {
    /// Debian's US English model (`pocketsphinx-en-us`).
    public static let defaultPath = "/usr/share/pocketsphinx/model/en-us"

    /// The folder of the acoustic model inside `model` (or `model` itself).
    package static func hmmPath(_ model: String) -> String {
        FileManager.default.fileExists(atPath: model + "/en-us/mdef") ? model + "/en-us" : model
    }
}
