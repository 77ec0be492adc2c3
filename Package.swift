// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "VoicePlug",
    products: [
        .executable(name: "voiceplug", targets: ["voiceplug"]),
        .executable(name: "plugsim", targets: ["plugsim"]),
        .executable(name: "mqtt-probe", targets: ["mqtt-probe"]),
        .library(name: "MQTT", targets: ["MQTT"]),
    ],
    targets: [
        // C libraries from Debian, one system-library target each.
        .systemLibrary(
            name: "CMosquitto",
            pkgConfig: "libmosquitto",
            providers: [.apt(["libmosquitto-dev"])]
        ),
        .systemLibrary(
            name: "CPocketSphinx",
            pkgConfig: "pocketsphinx",
            providers: [.apt(["libpocketsphinx-dev", "libsphinxbase-dev"])]
        ),
        .systemLibrary(
            name: "CALSA",
            pkgConfig: "alsa",
            providers: [.apt(["libasound2-dev"])]
        ),
        .systemLibrary(
            name: "CEspeakNG",
            pkgConfig: "espeak-ng",
            providers: [.apt(["libespeak-ng-dev"])]
        ),
        .systemLibrary(
            name: "CMicroHTTPD",
            pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"])]
        ),
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),

        // The only module that imports CMosquitto.
        .target(name: "MQTT", dependencies: ["CMosquitto"]),

        // An HTTP server as a service; the only module that imports CMicroHTTPD.
        .target(name: "HTTPServer", dependencies: ["CMicroHTTPD"]),

        // The domain core: model, registry rules, index, phrase matcher. No I/O to MQTT or SQLite.
        .target(name: "VoiceShortcuts"),
        // The shortcut store in SQLite: the only module that imports CSQLite.
        .target(name: "Storage", dependencies: ["CSQLite", "VoiceShortcuts"]),

        // The web console: the page and the JSON API over HTTP, served by the gateway's process.
        .target(
            name: "WebConsole", dependencies: ["Gateway", "HTTPServer", "VoiceShortcuts", "JSONText"],
            resources: [.embedInCode("Page")]),

        // The gateway service: phrases in, plugs switched, results out.
        .target(
            name: "Gateway",
            dependencies: [
                "MQTT", "VoiceShortcuts", "Storage", "PlugProtocols", "JSONText", "Speech", "SpeechAudio", "PocketSphinx",
                "VoiceAdaptation",
            ]),

        // Speech, from the bottom up. The PocketSphinx boundary: decoders, front ends, the acoustic model's
        // files and speaker adaptations; the only module that imports CPocketSphinx.
        .target(name: "PocketSphinx", dependencies: ["CPocketSphinx"]),
        // espeak-ng's library, for pronunciations and spoken answers; the only module that imports CEspeakNG.
        .target(name: "EspeakNG", dependencies: ["CEspeakNG"]),
        // ALSA's PCM devices, capture and playback; the only module that imports CALSA.
        .target(name: "ALSAAudio", dependencies: ["CALSA"]),
        // Audio: WAV reading, loudness, pitch, echo, reverberation and bandwidth, utterance detection.
        .target(name: "SpeechAudio"),
        // The grammar of commands, its garbage paths, pronunciations and letter-to-sound, common words.
        .target(name: "SpeechGrammar", dependencies: ["PocketSphinx", "EspeakNG", "ChildProcesses", "VoiceShortcuts"]),
        // The recognizer: its passes and the decision what was said, or that nothing was.
        .target(name: "Speech", dependencies: ["PocketSphinx", "SpeechAudio", "SpeechGrammar", "VoiceShortcuts"]),
        // Speaker adaptation estimated from recordings, and the gateway's learning of its household's voices.
        .target(
            name: "VoiceAdaptation",
            dependencies: ["Speech", "PocketSphinx", "SpeechAudio", "SpeechGrammar", "VoiceShortcuts", "ChildProcesses"]),

        // Tasmota, Shelly and Zigbee2MQTT topics and payloads: both the plug's and the controller's side.
        .target(name: "PlugProtocols", dependencies: ["VoiceShortcuts", "JSONText"]),

        // Child processes started one way: argv through posix_spawn, never a shell.
        .target(name: "ChildProcesses"),
        // Starts and stops a private mosquitto broker (tests and `voiceplug demo`).
        .target(name: "LocalBroker", dependencies: ["MQTT", "ChildProcesses"]),

        // Fast JSON text writing (command-line output, gateway results).
        .target(name: "JSONText"),
        // What both command-line programs share: argument parsing, console, signals.
        .target(name: "CommandLineSupport", dependencies: ["VoiceShortcuts"]),

        // Command-line programs.
        .executableTarget(
            name: "voiceplug",
            dependencies: [
                "MQTT", "LocalBroker", "VoiceShortcuts", "Storage", "CommandLineSupport", "JSONText", "Gateway", "PlugProtocols", "Speech",
                "ChildProcesses", "SpeechAudio", "PocketSphinx", "VoiceAdaptation", "EspeakNG", "WebConsole", "HTTPServer", "ALSAAudio",
            ]),
        .executableTarget(
            name: "plugsim", dependencies: ["MQTT", "PlugProtocols", "VoiceShortcuts", "CommandLineSupport", "JSONText"], path: "Simulator"),
        .executableTarget(name: "mqtt-probe", dependencies: ["MQTT"]),

        // Tests: a support library shared by the suites, then one target per module.
        .target(name: "TestSupport", dependencies: ["MQTT", "LocalBroker", "ChildProcesses"], path: "Tests/TestSupport"),
        .testTarget(name: "MQTTTests", dependencies: ["MQTT", "LocalBroker", "TestSupport"]),
        .testTarget(name: "ChildProcessesTests", dependencies: ["ChildProcesses"]),
        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer", "TestSupport"]),
        .testTarget(
            name: "VoiceAdaptationTests",
            dependencies: ["VoiceAdaptation", "Speech", "SpeechAudio", "PocketSphinx", "VoiceShortcuts", "TestSupport"]),
        .testTarget(name: "VoiceShortcutsTests", dependencies: ["VoiceShortcuts"]),
        .testTarget(name: "PlugProtocolsTests", dependencies: ["PlugProtocols", "VoiceShortcuts"], exclude: ["Fixtures"]),
        .testTarget(
            name: "SpeechTests",
            dependencies: [
                "Speech", "SpeechAudio", "SpeechGrammar", "PocketSphinx", "EspeakNG", "VoiceAdaptation", "VoiceShortcuts", "TestSupport",
            ], exclude: ["Fixtures"]),
        .testTarget(name: "SimulatorTests", dependencies: ["MQTT", "LocalBroker", "TestSupport"]),
        .testTarget(
            name: "GatewayTests",
            dependencies: [
                "Gateway", "MQTT", "LocalBroker", "Speech", "SpeechAudio", "PocketSphinx", "TestSupport", "VoiceShortcuts", "PlugProtocols",
            ]),
        .testTarget(name: "StorageTests", dependencies: ["Storage", "VoiceShortcuts", "TestSupport"]),
        .testTarget(
            name: "CommandLineTests", dependencies: ["voiceplug", "VoiceShortcuts", "TestSupport", "CommandLineSupport", "JSONText"]),
    ],
    swiftLanguageModes: [.v6]
)
