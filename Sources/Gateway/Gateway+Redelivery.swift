import Foundation
import Storage

/// Requesters' phrase ids, kept with their answers: a phrase delivered again is executed and answered once.
extension Gateway {
    /// How long a requester's phrase id is remembered: longer than any redelivery after a restart.
    static let phraseIDWindow: TimeInterval = 600

    /// Whether `request` is to be executed: not when its requester's id was seen within `phraseIDWindow`. A
    /// phrase delivered again (QoS 1 resends what was in flight when the broker or the gateway restarted) is then
    /// neither executed nor answered again: its answer went out once. Only when its first delivery was never
    /// answered (the gateway crashed meanwhile) is it answered, with its outcome unknown.
    func isFirstDelivery(of request: PhraseRequest) async -> Bool {
        guard request.hasRequesterID, let ledger = recentPhrases else { return true }
        let claim: SQLiteShortcutStore.PhraseClaim
        do {
            claim = try ledger.claimPhrase(id: request.id, window: Self.phraseIDWindow)
        } catch {
            log.log(.warning, "cannot check phrase ids in the store: \(error)")
            return true
        }
        switch claim {
        case .new:
            handling.withLock { $0[request.id] = Completion() }
            return true
        case .unanswered:
            // Still being handled here (the same message delivered twice at once): the first delivery answers.
            if let first = handling.withLock({ $0[request.id] }) {
                _ = await first.wait(within: settings.confirmTimeout + .seconds(2))
                log.log(.info, cause: "delivered again", "\(request.id) delivered twice at once: executed and answered once")
                return false
            }
            log.log(.warning, "\(request.id) delivered again, its first delivery unanswered: not executed again")
            let result = PhraseResult(
                id: request.id, text: request.text,
                outcome: .failed(
                    .timeout,
                    message: "a phrase with this id came before and its outcome is unknown (the gateway restarted); "
                        + "check the plug, then send it with a new id", intent: nil))
            await answer(request, with: result, intent: nil)
        case .answered:
            log.log(.info, cause: "delivered again", "\(request.id) delivered again: answered before, not executed or answered again")
        }
        return false
    }

    /// Records the answer to a requester's phrase id, and wakes a second delivery of it waiting for that.
    func recordAnswer(_ result: PhraseResult, to request: PhraseRequest) {
        guard request.hasRequesterID, let ledger = recentPhrases else { return }
        try? ledger.recordAnswer(result.json, toPhrase: request.id)
        handling.withLock { $0.removeValue(forKey: request.id) }?.finish()
    }
}
