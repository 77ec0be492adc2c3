import Foundation
import MQTT
import SpeechAudio

/// A phrase as it came in: a message on a phrase topic, or an utterance cut from a Hermes site's audio frames.
struct Arrival: Sendable {
    enum Content: Sendable {
        case message(MQTTMessage)
        case utterance(RecognizerAudio, site: String)
    }
    var content: Content
    var arrived: ContinuousClock.Instant
}

/// What arrives from the broker: plug reports are read at once, phrases are queued for `handle(_:)`.
extension Gateway {
    func receive(into incoming: AsyncStream<Arrival>.Continuation) async {
        var sites: [String: UtteranceDetector] = [:]  // one utterance detector per Hermes site
        for await message in client.messages {
            let arrival: Arrival
            switch message.topic {
            case PhraseTopics.phrase, PhraseTopics.hermesQuery, PhraseTopics.hermesTextCaptured, PhraseTopics.audio:
                arrival = Arrival(content: .message(message), arrived: .now)
            case let topic where topic.hasPrefix("hermes/audioServer/") && topic.hasSuffix("/audioFrame"):
                let site = String(topic.dropFirst("hermes/audioServer/".count).dropLast("/audioFrame".count))
                guard sites[site] != nil || sites.count < Self.siteLimit,
                    let frame = try? WAVReader.read(message.payload),
                    let utterance = sites[site, default: UtteranceDetector()].add(frame.samples)
                else { continue }
                arrival = Arrival(content: .utterance(utterance, site: site), arrived: .now)
            case let topic where topic == PhraseTopics.status || topic.hasPrefix(PhraseTopics.status + "/"):
                await handleStatus(message)
                continue
            case PhraseTopics.registryChanged:
                await refreshRegistry()
                deviceChanges.yield()  // a device renamed: installed, then its change number published
                continue
            default:
                for report in devices.tracker.handle(topic: message.topic, payload: message.payload) {
                    await apply(report)
                }
                await discover(message)  // a Shelly Gen2's availability is an announcement too
                continue
            }
            switch incoming.yield(arrival) {
            case .enqueued: break
            case .dropped(let refused):
                await refuse(refused, .overloaded, "the gateway has \(Self.queueLimit) phrases waiting; send it again later")
            case .terminated:
                log.log(.warning, cause: "stopping", "ignored a phrase that arrived while stopping")
            @unknown default: break
            }
        }
    }

    /// How many Hermes sites' audio is followed at once.
    static let siteLimit = 64
}
