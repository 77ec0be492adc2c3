// plugsim: simulated smart plugs for VoicePlug's tests and demo.
import CommandLineSupport
import Foundation

exit(await PlugsimCommand.run(Array(CommandLine.arguments.dropFirst()), console: Console()).rawValue)
