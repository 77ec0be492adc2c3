import CommandLineSupport
import Foundation
import Speech

/// A path as given on the command line, made absolute against the current folder.
func absolutePath(_ given: String, console: Console) -> String {
    given.hasPrefix("/") ? given : URL(fileURLWithPath: console.currentDirectory).appendingPathComponent(given).path
}

/// A file named on the command line: its absolute path and its contents. One
/// that cannot be read is a usage error naming it and saying why.
func readCommandLineFile(_ source: String, console: Console, command: String) throws -> (path: String, data: Data) {
    let path = absolutePath(source, console: console)
    guard let data = FileManager.default.contents(atPath: path) else {
        var isFolder: ObjCBool = false
        let why =
            !FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
            ? "there is no such file" : isFolder.boolValue ? "it is a folder" : "it cannot be read (permissions?)"
        throw UsageError(message: "cannot read '\(source)': \(why)", command: command)
    }
    return (path, data)
}

/// A WAV file named on the command line (`hear`, `adapt`): its absolute path
/// and its audio. A file that cannot be read is a usage error naming it; one
/// that is not usable WAV throws `WAVError` for the command to word.
func readWAVFile(_ source: String, console: Console, command: String) throws -> (path: String, audio: RecognizerAudio) {
    let (path, data) = try readCommandLineFile(source, console: console, command: command)
    return (path, try WAVReader.read(Array(data)))
}
