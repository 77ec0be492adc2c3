// voiceplug: the command line. Parsing and printing only; the work is done
// by the VoiceShortcuts, Storage, MQTT and Gateway modules.
import CommandLineSupport
import Foundation

exit(await VoicePlugCommand.run(Array(CommandLine.arguments.dropFirst()), console: Console()).rawValue)
