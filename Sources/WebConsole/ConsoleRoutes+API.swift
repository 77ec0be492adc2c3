import Foundation
import Gateway
import HTTPServer
import JSONText
import VoiceShortcuts

/// `/api/…`: the same operations as the command line, with the same messages.
extension ConsoleRoutes {
    func api(_ request: HTTPRequest) async -> HTTPResponse {
        let parts = request.path.split(separator: "/", omittingEmptySubsequences: false).dropFirst(2).map(String.init)
        let method = request.method
        switch parts.first ?? "" {
        case "plugs" where parts.count == 1:
            guard method == "GET" else { return APIReply.methodNotAllowed(method, request.path, allowed: ["GET"]) }
            return APIReply.json(200, "[" + gateway.plugStatusesJSON().joined(separator: ",") + "]")
        case "plugs" where parts.count == 2:
            guard method == "POST" else { return APIReply.methodNotAllowed(method, request.path, allowed: ["POST"]) }
            return await switchPlug(parts[1], request)
        case "phrase" where parts.count == 1:
            guard method == "POST" else { return APIReply.methodNotAllowed(method, request.path, allowed: ["POST"]) }
            return await phrase(request)
        case "audio" where parts.count == 1:
            guard method == "POST" else { return APIReply.methodNotAllowed(method, request.path, allowed: ["POST"]) }
            return Self.reply(await gateway.handle(wav: request.body))
        case "shortcuts":
            return await shortcuts(parts.dropFirst().map { $0 }, request)
        case "suggestions" where parts.count == 1:
            guard method == "GET" else { return APIReply.methodNotAllowed(method, request.path, allowed: ["GET"]) }
            return suggestions()
        case "events" where parts.count == 1:
            guard method == "GET" else { return APIReply.methodNotAllowed(method, request.path, allowed: ["GET"]) }
            return events()
        case "openapi.json" where parts.count == 1:
            guard method == "GET" else { return APIReply.methodNotAllowed(method, request.path, allowed: ["GET"]) }
            return APIReply.json(200, String(decoding: PackageResources.openapi_json, as: UTF8.self))
        default:
            return APIReply.notFound(request.path)
        }
    }

    /// A phrase's result with the status that fits it; the body is the `voiceplug/result` object either way.
    static func reply(_ result: PhraseResult) -> HTTPResponse {
        guard case .failed(let code, _, _) = result.outcome else { return APIReply.json(200, result.json) }
        let status =
            switch code {
            case .notRecognized: 422
            case .invalidInput: 400
            case .deviceOffline, .stateUnknown: 409
            case .timeout: 504
            case .overloaded: 503
            }
        return APIReply.json(status, result.json)
    }

    /// A request's body: a JSON object, or the reply that refuses it.
    enum JSONBody {
        case object([String: Any])
        case refused(HTTPResponse)
    }

    func jsonBody(of request: HTTPRequest) -> JSONBody {
        guard request.body.count <= Self.jsonLimit else {
            return .refused(APIReply.error(413, "payload_too_large", "a JSON body may have at most \(Self.jsonLimit) bytes"))
        }
        guard let object = (try? JSONSerialization.jsonObject(with: Data(request.body))) as? [String: Any] else {
            return .refused(APIReply.error(400, "invalid_input", "the body must be a JSON object"))
        }
        return .object(object)
    }

    private func state(in object: [String: Any]) -> PowerState? {
        (object["state"] as? String).flatMap { PowerState(rawValue: $0.lowercased()) }
    }

    func switchPlug(_ id: String, _ request: HTTPRequest) async -> HTTPResponse {
        let object: [String: Any]
        switch jsonBody(of: request) {
        case .object(let found): object = found
        case .refused(let reply): return reply
        }
        guard let state = state(in: object) else {
            return APIReply.error(400, "invalid_input", "give {\"state\":\"on\"} or {\"state\":\"off\"}")
        }
        guard let result = await gateway.switchPlug(id, to: state) else { return unknownDevice(id) }
        return Self.reply(result)
    }

    func unknownDevice(_ id: String) -> HTTPResponse {
        let ids = gateway.deviceList.map(\.id)
        return APIReply.error(404, "unknown_device", "\(RegistryError.unknownDevice(id, suggestion: nearestName(to: id, among: ids)))")
    }

    func phrase(_ request: HTTPRequest) async -> HTTPResponse {
        let object: [String: Any]
        switch jsonBody(of: request) {
        case .object(let found): object = found
        case .refused(let reply): return reply
        }
        guard let text = object["text"] as? String, !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            return APIReply.error(400, "invalid_input", "give {\"text\":\"…\"}, a phrase that is not empty")
        }
        return Self.reply(await gateway.handle(text: text))
    }

    func suggestions() -> HTTPResponse {
        do {
            let items = try gateway.suggestions().map {
                "{\"device\":\(JSON.string($0.intent.deviceID)),\"state\":\(JSON.string($0.intent.state.rawValue)),"
                    + "\"count\":\($0.count),\"phrase\":\(JSON.string($0.commonPhrase))}"
            }
            return APIReply.json(200, "[" + items.joined(separator: ",") + "]")
        } catch {
            return APIReply.error(503, "store_unavailable", "cannot read the store: \(error)")
        }
    }
}
