import Foundation
import TestSupport
import Testing

/// The web console's JSON API over real HTTP, against `voiceplug run --http` with a real broker and plugsim.
@Suite("Web console API")
struct ConsoleAPITests {
    @Test("plugs listed and switched, phrases answered with the result object and a status that fits")
    func plugsAndPhrases() async throws {
        try await withGateway(runArguments: ["--http", "0"]) { fixture in
            let api = try await ConsoleClient(fixture)
            let plugs = try await api.call("GET", "/api/plugs")
            #expect(plugs.status == 200)
            let list = try #require(plugs.json as? [[String: Any]])
            #expect(list.map { $0["id"] as? String } == ["kitchen-lamp", "desk-fan", "tree", "porch", "deaf-heater"])
            #expect(list.first?["name"] as? String == "kitchen lamp" && list.first?["protocol"] as? String == "tasmota", "\(list)")
            try await eventually("the lamp to be known online") {
                (try? await api.call("GET", "/api/plugs").json as? [[String: Any]])??.first?["online"] as? Bool == true
            }

            let on = try await api.call("POST", "/api/plugs/kitchen-lamp", ["state": "on"])
            #expect(on.status == 200 && on.object["ok"] as? Bool == true && on.object["confirmed"] as? Bool == true, "\(on.text)")
            let after = try await api.call("GET", "/api/plugs").json as? [[String: Any]]
            #expect(after?.first?["state"] as? String == "on")

            let phrase = try await api.call("POST", "/api/phrase", ["text": "turn off the kitchen lamp"])
            #expect(
                phrase.status == 200 && phrase.object["device"] as? String == "kitchen-lamp" && phrase.object["state"] as? String == "off")
            #expect(phrase.object["text"] as? String == "turn off the kitchen lamp")
            let question = try await api.call("POST", "/api/phrase", ["text": "is the kitchen lamp on"])
            #expect(question.status == 200 && question.object["kind"] as? String == "query" && question.object["state"] as? String == "off")

            let unknown = try await api.call("POST", "/api/phrase", ["text": "make me a sandwich"])
            #expect(unknown.status == 422 && unknown.object["error"] as? String == "not_recognized", "\(unknown.text)")
            #expect((unknown.object["message"] as? String)?.isEmpty == false)
            let deaf = try await api.call("POST", "/api/plugs/deaf-heater", ["state": "on"])
            #expect(deaf.status == 504 && deaf.object["error"] as? String == "timeout", "\(deaf.text)")
            #expect((deaf.object["message"] as? String)?.contains("cmnd/deaf-heater/POWER") == true)

            let misspelt = try await api.call("POST", "/api/plugs/kichen-lamp", ["state": "on"])
            #expect(misspelt.status == 404 && misspelt.object["error"] as? String == "unknown_device")
            #expect((misspelt.object["message"] as? String)?.contains("did you mean 'kitchen-lamp'") == true, "\(misspelt.text)")
            let badState = try await api.call("POST", "/api/plugs/kitchen-lamp", ["state": "maybe"])
            #expect(badState.status == 400 && badState.object["error"] as? String == "invalid_input")
            let notJSON = try await api.raw("POST", "/api/phrase", body: Array("turn on the lamp".utf8))
            #expect(notJSON.status == 400 && notJSON.object["error"] as? String == "invalid_input")
            let invalidUTF8 = try await api.raw("POST", "/api/phrase", body: Array(#"{"text":""#.utf8) + [0xFF, 0xFE] + Array(#""}"#.utf8))
            #expect(invalidUTF8.status == 400)
            let huge = try await api.raw("POST", "/api/phrase", body: [UInt8](repeating: 0x7B, count: 3 << 20))
            #expect(huge.status == 413 && huge.object["error"] as? String == "payload_too_large")
            let nested = try await api.raw(
                "POST", "/api/phrase", body: Array((String(repeating: "[", count: 8000) + String(repeating: "]", count: 8000)).utf8))
            #expect(nested.status == 400)
            let wrongMethod = try await api.call("DELETE", "/api/plugs")
            #expect(wrongMethod.status == 405 && wrongMethod.headers["allow"] == "GET")
            #expect(try await api.call("GET", "/api/nothing").status == 404)
            #expect(fixture.gateway.isRunning)
        }
    }

    @Test("the shortcut button's answer: add, then edit with the phrase; refusals carry the registry's message")
    func shortcutsAddEditDelete() async throws {
        try await withGateway(runArguments: ["--http", "0"]) { fixture in
            let api = try await ConsoleClient(fixture)
            let status = "/api/shortcuts/status?device=kitchen-lamp&state=off"
            #expect(try await api.call("GET", status).object["action"] as? String == "add")

            let added = try await api.call("POST", "/api/shortcuts", ["device": "kitchen-lamp", "state": "off", "phrase": "lights out"])
            #expect(added.status == 201, "\(added.text)")
            let id = try #require(added.object["id"] as? String)
            let edit = try await api.call("GET", status).object
            #expect(edit["action"] as? String == "edit" && edit["id"] as? String == id && edit["phrase"] as? String == "lights out")
            // In use when the answer came: over MQTT, at once.
            #expect(try await fixture.say("lights out")["device"] as? String == "kitchen-lamp")
            let (_, listed, _) = try await fixture.voiceplug(["shortcuts", "list", "--json"])
            #expect(listed.contains("\"phrase\":\"lights out\""), "the CLI sees the same store: \(listed)")

            let command = try await api.call(
                "POST", "/api/shortcuts", ["device": "desk-fan", "state": "on", "phrase": "turn off the kitchen lamp"])
            #expect(command.status == 409 && command.object["error"] as? String == "phrase_is_command")
            #expect((command.object["message"] as? String)?.contains("already means kitchen-lamp → off") == true, "\(command.text)")
            let twice = try await api.call("POST", "/api/shortcuts", ["device": "kitchen-lamp", "state": "off", "phrase": "sleep now"])
            #expect(twice.status == 409 && twice.object["error"] as? String == "pair_has_shortcut")
            let taken = try await api.call("POST", "/api/shortcuts", ["device": "tree", "state": "on", "phrase": "Lights out!"])
            #expect(taken.status == 409 && taken.object["error"] as? String == "phrase_in_use")
            let empty = try await api.call("POST", "/api/shortcuts", ["device": "tree", "state": "on", "phrase": " ?! "])
            #expect(empty.status == 400 && empty.object["error"] as? String == "empty_phrase")
            let nobody = try await api.call("POST", "/api/shortcuts", ["device": "toaster", "state": "on", "phrase": "toast"])
            #expect(nobody.status == 404 && nobody.object["error"] as? String == "unknown_device")

            let edited = try await api.call("PUT", "/api/shortcuts/\(id)", ["phrase": "good night"])
            #expect(edited.status == 200 && edited.object["phrase"] as? String == "good night")
            #expect(try await fixture.say("good night")["device"] as? String == "kitchen-lamp")
            #expect(try await fixture.say("lights out")["error"] as? String == "not_recognized")
            let shortcuts = try await api.call("GET", "/api/shortcuts").json as? [[String: Any]]
            #expect(shortcuts?.count == 1 && shortcuts?.first?["phrase"] as? String == "good night")

            #expect(try await api.call("DELETE", "/api/shortcuts/\(id)").status == 200)
            #expect(try await api.call("GET", status).object["action"] as? String == "add")
            #expect(try await api.call("DELETE", "/api/shortcuts/\(id)").object["error"] as? String == "unknown_shortcut")
            #expect(try await api.call("PUT", "/api/shortcuts/not-an-id", ["phrase": "x"]).status == 404)
            #expect(try await api.call("GET", "/api/shortcuts/status?device=kitchen-lamp").status == 400)
        }
    }

    @Test("a shortcut that a device added later shadows is listed with what its phrase also means")
    func shadowedShortcut() async throws {
        try await withGateway(runArguments: ["--http", "0"]) { fixture in
            let api = try await ConsoleClient(fixture)
            let added = try await api.call("POST", "/api/shortcuts", ["device": "desk-fan", "state": "on", "phrase": "start the engine"])
            #expect(added.status == 201, "\(added.text)")
            #expect((try await api.call("GET", "/api/shortcuts").json as? [[String: Any]])?.first?["alsoMeans"] == nil)
            let config = fixture.folder.appendingPathComponent("voiceplug.json")
            let text = try String(contentsOf: config, encoding: .utf8)
            try text.replacingOccurrences(
                of: #"{"id":"porch","name":"porch light"}"#, with: #"{"id":"porch","name":"porch light"},{"id":"engine","name":"engine"}"#
            ).write(to: config, atomically: true, encoding: .utf8)
            try await eventually("the shortcut to be listed as shadowed", timeout: .seconds(10)) {
                (try? await api.call("GET", "/api/shortcuts").json as? [[String: Any]])??.first?["alsoMeans"] as? String == "engine → on"
            }
        }
    }

    @Test("the event stream carries plug changes, results and shortcut changes, whoever made them")
    func events() async throws {
        try await withGateway(runArguments: ["--http", "0"]) { fixture in
            let api = try await ConsoleClient(fixture)
            let stream = try HTTPTestConnection(port: api.port)
            let head = try await blocking {
                try stream.send(
                    Array("GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:\(api.port)\r\nAuthorization: Bearer \(api.token)\r\n\r\n".utf8))
                return try stream.readHead()
            }
            #expect(head.status == 200 && head.headers["content-type"] == "text/event-stream")
            #expect(try await blocking { try stream.readStream(until: "event: hello") }.contains("hello"))

            // A change made with the CLI.
            let (added, _, error) = try await fixture.voiceplug([
                "shortcuts", "add", "--device", "tree", "--state", "on", "--phrase", "festive",
            ])
            #expect(added == 0, "\(error)")
            #expect(try await blocking { try stream.readStream(until: "event: shortcuts") }.contains("shortcuts"))
            // A phrase over MQTT: its result, and the plug's new state.
            _ = try await fixture.say("festive")
            let seen = try await blocking { try stream.readStream(until: "event: result\ndata: {\"id\"") }
            #expect(seen.contains(#""text":"festive","ok":true,"device":"tree","state":"on""#), "\(seen)")
            let plug = try await blocking {
                try stream.readStream(until: #"data: {"id":"tree","name":"christmas tree","protocol":"zigbee2mqtt","state":"on""#)
            }
            #expect(plug.contains("event: plug"))
        }
    }

    @Test("no token, a wrong token, a foreign Host or another site's page: nothing is served")
    func access() async throws {
        try await withGateway(runArguments: ["--http", "0"]) { fixture in
            let api = try await ConsoleClient(fixture)
            let tokenFile = fixture.folder.appendingPathComponent("voiceplug.token").path
            let attributes = try FileManager.default.attributesOfItem(atPath: tokenFile)
            #expect((attributes[.posixPermissions] as? Int) == 0o600)
            #expect(try String(contentsOfFile: tokenFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines) == api.token)

            let none = try await api.raw("GET", "/api/plugs", token: .none)
            #expect(none.status == 401 && none.headers["www-authenticate"] == "Bearer" && !none.text.contains("kitchen"))
            let wrong = try await api.raw("GET", "/api/plugs", token: .this(String(api.token.reversed())))
            #expect(wrong.status == 401 && !wrong.text.contains("kitchen"))
            let rebinding = try await api.raw("GET", "/api/plugs", host: "evil.example:\(api.port)")
            #expect(rebinding.status == 421 && !rebinding.text.contains("kitchen"))
            #expect(try await api.raw("GET", "/", host: "evil.example:\(api.port)").status == 421)
            #expect(try await api.raw("GET", "/api/plugs", host: "127.0.0.1:1").status == 421)
            #expect(try await api.raw("GET", "/api/plugs", host: .none).status != 200)
            let crossOrigin = try await api.raw(
                "POST", "/api/plugs/kitchen-lamp", headers: ["Origin": "http://evil.example"], body: Array(#"{"state":"on"}"#.utf8))
            #expect(crossOrigin.status == 403)
            let fetchMetadata = try await api.raw("GET", "/api/plugs", headers: ["Sec-Fetch-Site": "cross-site"])
            #expect(fetchMetadata.status == 403)
            let preflight = try await api.raw(
                "OPTIONS", "/api/plugs", token: .none, headers: ["Origin": "http://evil.example", "Access-Control-Request-Method": "POST"])
            #expect(preflight.status >= 400 && preflight.headers["access-control-allow-origin"] == nil)
            // The plug was never switched by any of them.
            #expect((try await api.call("GET", "/api/plugs").json as? [[String: Any]])?.first?["state"] as? String == "off")
            // The address as localhost is this server too; the page loads without the token, under a strict policy.
            let page = try await api.raw("GET", "/", token: .none, host: "localhost:\(api.port)")
            #expect(page.status == 200 && page.text.contains("<title>VoicePlug</title>"))
            #expect(page.headers["content-security-policy"]?.contains("default-src 'none'") == true)
            #expect(try await api.raw("GET", "/console.js", token: .none).headers["content-type"]?.hasPrefix("text/javascript") == true)

            // A second gateway asked to serve on the same port: refused at once, exit 3, and the token file kept.
            let (status, out, error) = try await fixture.voiceplug(["run", "--no-speech", "--instance", "second", "--http", "\(api.port)"])
            #expect(status == 3 && error.contains("cannot listen on 127.0.0.1:\(api.port)"), "\(out) \(error)")
            #expect(try String(contentsOfFile: tokenFile, encoding: .utf8).contains(api.token))
        }
    }

    @Test("the OpenAPI document is valid JSON and every path it names is served")
    func openAPI() async throws {
        try await withGateway(runArguments: ["--http", "0"]) { fixture in
            let api = try await ConsoleClient(fixture)
            let document = try await api.call("GET", "/api/openapi.json").object
            #expect((document["openapi"] as? String)?.hasPrefix("3.") == true)
            let paths = try #require(document["paths"] as? [String: [String: Any]])
            #expect(paths.count == 10)
            for (path, operations) in paths {
                for method in operations.keys where method != "parameters" {
                    let concrete = path.replacingOccurrences(
                        of: "{id}", with: path.contains("shortcuts") ? UUID().uuidString : "kitchen-lamp")
                    if path == "/api/events" { continue }  // endless; tested above
                    let response = try await api.raw(
                        method.uppercased(), concrete, body: method == "get" || method == "delete" ? [] : Array("{}".utf8))
                    #expect(
                        response.status != 405 && !(response.status == 404 && response.object["error"] as? String == "not_found"),
                        "\(method) \(path): \(response.status)")
                }
            }
        }
    }

    @Test("a spoken phrase sent as WAV is heard and acted on; what is no WAV is refused")
    func audio() async throws {
        try await withGateway(speech: true, runArguments: ["--http", "0"]) { fixture in
            let api = try await ConsoleClient(fixture)
            try await eventually("speech recognition to be ready", timeout: .seconds(30)) {
                fixture.gateway.standardError.contains("speech recognition ready")
            }
            let spoken = try await blocking { try synthesizeWAV("turn on the desk fan", voice: "slt") }
            let heard = try await api.raw("POST", "/api/audio", headers: ["Content-Type": "audio/wav"], body: Array(spoken))
            #expect(
                heard.status == 200 && heard.object["device"] as? String == "desk-fan" && heard.object["source"] as? String == "speech",
                "\(heard.text)")
            let notAudio = try await api.raw("POST", "/api/audio", body: Array("RIFF, but no".utf8))
            #expect(notAudio.status == 400 && notAudio.object["error"] as? String == "invalid_input")
        }
    }
}

/// A header field's value in a test request: the usual one, none, or this one.
enum Given: ExpressibleByStringLiteral, ExpressibleByStringInterpolation {
    case usual, none, this(String)
    init(stringLiteral value: String) { self = .this(value) }
    init(_ value: String) { self = .this(value) }
    func value(usually: String) -> String? {
        switch self {
        case .usual: usually
        case .none: nil
        case .this(let value): value
        }
    }
}

/// The console's address and token as `run --http` printed them, and requests that carry them.
struct ConsoleClient {
    let port: UInt16
    let token: String

    init(_ fixture: GatewayFixture) async throws {
        try await eventually("the console's address", timeout: .seconds(10)) { fixture.gateway.standardOutput.contains("#token=") }
        let line = try #require(
            fixture.gateway.standardOutput.firstMatch(of: /web console: http:\/\/127\.0\.0\.1:(\d+)\/#token=([0-9a-f]{64})/))
        port = try #require(UInt16(line.output.1))
        token = String(line.output.2)
    }

    /// A request with the token and the right Host; `body` as JSON.
    func call(_ method: String, _ path: String, _ body: [String: String]? = nil) async throws -> HTTPTestConnection.Response {
        let bytes = try body.map { Array(try JSONSerialization.data(withJSONObject: $0)) } ?? []
        return try await raw(method, path, headers: body == nil ? [:] : ["Content-Type": "application/json"], body: bytes)
    }

    /// A request as given: the token unless `nil`, Host `127.0.0.1:port` unless another (or none).
    func raw(
        _ method: String, _ path: String, token: Given = .usual, host: Given = .usual, headers: [String: String] = [:],
        body: [UInt8] = []
    ) async throws -> HTTPTestConnection.Response {
        var fields = headers
        if let bearer = token.value(usually: self.token) { fields["Authorization"] = "Bearer \(bearer)" }
        let host = host.value(usually: "127.0.0.1:\(port)")
        let (port, sent) = (port, fields)
        return try await blocking { try HTTPTestConnection(port: port).request(method, path, host: host, headers: sent, body: body) }
    }
}
