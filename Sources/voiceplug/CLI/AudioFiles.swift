import CommandLineSupport
import Foundation
import PocketSphinx
import Speech
import SpeechAudio
import VoiceAdaptation

/// A path as given on the command line, made absolute against the current folder.
func absolutePath(_ given: String, console: Console) -> String {
    given.hasPrefix("/") ? given : URL(fileURLWithPath: console.currentDirectory).appendingPathComponent(given).path
}

/// A file named on the command line: its absolute path and its contents,
/// read to its end, which a pipe has too ("/dev/stdin", a shell's
/// "<(command)"). One that cannot be read, or holds more than
/// `Console.inputLimit`, is a usage error naming it and saying why.
func readCommandLineFile(_ source: String, console: Console, command: String) throws -> (path: String, data: Data) {
    let path = absolutePath(source, console: console)
    func unreadable(_ why: String) -> UsageError { UsageError(message: "cannot read '\(source)': \(why)", command: command) }
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { throw unreadable("there is no such file") }
    guard !isFolder.boolValue else { throw unreadable("it is a folder") }
    guard let file = FileHandle(forReadingAtPath: path) else { throw unreadable("it cannot be opened (permissions?)") }
    defer { try? file.close() }
    let data: Data
    do { data = try file.read(upToCount: Console.inputLimit + 1) ?? Data() } catch { throw unreadable(error.localizedDescription) }
    guard data.count <= Console.inputLimit else { throw unreadable("it holds more than \(Console.inputLimit >> 20) MiB") }
    return (path, data)
}

/// All of standard input, for `command`; more than `Console.inputLimit` is a usage error.
func readStandardInput(console: Console, command: String) throws -> [UInt8] {
    guard let bytes = console.readAll() else {
        throw UsageError(message: "standard input holds more than \(Console.inputLimit >> 20) MiB", command: command)
    }
    return bytes
}

/// A WAV file named on the command line (`hear`, `adapt`): its absolute path
/// and its audio. A file that cannot be read is a usage error naming it; one
/// that is not usable WAV throws `WAVError` for the command to word.
func readWAVFile(_ source: String, console: Console, command: String) throws -> (path: String, audio: RecognizerAudio) {
    let (path, data) = try readCommandLineFile(source, console: console, command: command)
    return (path, try WAVReader.read(Array(data)))
}
