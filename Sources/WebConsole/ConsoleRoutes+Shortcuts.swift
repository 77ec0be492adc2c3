import Foundation
import Gateway
import HTTPServer
import JSONText
import VoiceShortcuts

/// `/api/shortcuts`: the registry, with the "Add to Siri" button's add-or-edit answer.
extension ConsoleRoutes {
    func shortcuts(_ rest: [String], _ request: HTTPRequest) async -> HTTPResponse {
        let method = request.method
        switch rest.count {
        case 0:
            switch method {
            case "GET":
                let shadows = gateway.shadowedShortcutMeanings()
                let items = gateway.voiceShortcuts.allVoiceShortcuts().map { Self.json($0, alsoMeans: shadows[$0.id]) }
                return APIReply.json(200, "[" + items.joined(separator: ",") + "]")
            case "POST": return await add(request)
            default: return APIReply.methodNotAllowed(method, request.path, allowed: ["GET", "POST"])
            }
        case 1 where rest[0] == "status":
            guard method == "GET" else { return APIReply.methodNotAllowed(method, request.path, allowed: ["GET"]) }
            return status(request)
        case 1:
            guard let id = UUID(uuidString: rest[0]) else {
                return APIReply.error(404, "unknown_shortcut", "\(RegistryError.unknownShortcut(rest[0]))")
            }
            switch method {
            case "PUT": return await edit(id, request)
            case "DELETE": return await change { try $0.delete(id: id) }
            default: return APIReply.methodNotAllowed(method, request.path, allowed: ["PUT", "DELETE"])
            }
        default:
            return APIReply.notFound(request.path)
        }
    }

    /// `{"id","phrase","device","state"}` and `"alsoMeans"` when another command shadows it, as
    /// `voiceplug shortcuts list --json` has it.
    static func json(_ shortcut: VoiceShortcut, alsoMeans: String? = nil) -> String {
        "{\"id\":\(JSON.string(shortcut.id.uuidString)),\"phrase\":\(JSON.string(shortcut.invocationPhrase)),"
            + "\"device\":\(JSON.string(shortcut.intent.deviceID)),\"state\":\(JSON.string(shortcut.intent.state.rawValue))"
            + (alsoMeans.map { ",\"alsoMeans\":\(JSON.string($0))" } ?? "") + "}"
    }

    private func status(_ request: HTTPRequest) -> HTTPResponse {
        guard let device = request.query["device"], let state = request.query["state"].flatMap({ PowerState(rawValue: $0.lowercased()) })
        else { return APIReply.error(400, "invalid_input", "give ?device=ID&state=on|off") }
        guard gateway.deviceList.contains(where: { $0.id == device }) else { return unknownDevice(device) }
        switch gateway.voiceShortcuts.buttonAction(for: DeviceStateKey(deviceID: device, state: state)) {
        case .add:
            return APIReply.json(200, "{\"action\":\"add\"}")
        case .edit(let shortcut):
            return APIReply.json(
                200,
                "{\"action\":\"edit\",\"id\":\(JSON.string(shortcut.id.uuidString)),\"phrase\":\(JSON.string(shortcut.invocationPhrase))}")
        }
    }

    private func add(_ request: HTTPRequest) async -> HTTPResponse {
        let object: [String: Any]
        switch jsonBody(of: request) {
        case .object(let found): object = found
        case .refused(let reply): return reply
        }
        guard let device = object["device"] as? String,
            let state = (object["state"] as? String).flatMap({ PowerState(rawValue: $0.lowercased()) }),
            let phrase = object["phrase"] as? String
        else { return APIReply.error(400, "invalid_input", "give {\"device\":ID,\"state\":\"on\"|\"off\",\"phrase\":TEXT}") }
        guard gateway.deviceList.contains(where: { $0.id == device }) else { return unknownDevice(device) }
        return await change(created: true) { try $0.add(ToggleStateIntent(deviceID: device, state: state), phrase: phrase) }
    }

    private func edit(_ id: UUID, _ request: HTTPRequest) async -> HTTPResponse {
        let object: [String: Any]
        switch jsonBody(of: request) {
        case .object(let found): object = found
        case .refused(let reply): return reply
        }
        guard let phrase = object["phrase"] as? String else { return APIReply.error(400, "invalid_input", "give {\"phrase\":TEXT}") }
        return await change { try $0.edit(id: id, phrase: phrase) }
    }

    /// Makes a registry change; once made, the gateway uses it and says so (`voiceplug/registry`, the event
    /// stream) before the reply goes.
    private func change(created: Bool = false, _ body: (VoiceShortcutCenter) throws -> VoiceShortcut) async -> HTTPResponse {
        do {
            let shortcut = try body(gateway.voiceShortcuts)
            await gateway.registryChanged()
            return APIReply.json(created ? 201 : 200, Self.json(shortcut))
        } catch let refusal as RegistryError {
            return Self.reply(refusal)
        } catch {
            return APIReply.error(503, "store_unavailable", "the shortcut store refused the change: \(error)")
        }
    }

    /// The registry's refusal, with its own message.
    static func reply(_ refusal: RegistryError) -> HTTPResponse {
        let (status, code): (Int, String) =
            switch refusal {
            case .phraseInUse: (409, "phrase_in_use")
            case .pairHasShortcut: (409, "pair_has_shortcut")
            case .phraseIsCommand, .phraseIsRequest: (409, "phrase_is_command")
            case .unknownShortcut: (404, "unknown_shortcut")
            case .unknownDevice: (404, "unknown_device")
            case .emptyPhrase: (400, "empty_phrase")
            case .phraseTooLong: (400, "phrase_too_long")
            }
        return APIReply.error(status, code, "\(refusal)")
    }
}
