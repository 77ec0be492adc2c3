// plugsim: the smart-plug simulator. Not built yet: see its issue.
import Foundation

FileHandle.standardError.write(Data("plugsim: the simulator is not built yet\n".utf8))
exit(2)
