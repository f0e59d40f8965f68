import Foundation

extension Session {
    /// The engine's move, cancelled with the awaiting task. Swift's task cancellation
    /// does not reach the Rust future by itself, so the handler tells the session to
    /// stop and forget the search: the session is idle at once, the pending move
    /// answers `SessionError.Cancelled`, and the next `engineMove()` starts afresh.
    func engineMoveCancellable() async throws -> EngineReply {
        try await withTaskCancellationHandler {
            try await engineMove()
        } onCancel: {
            cancelThinking()
        }
    }
}
