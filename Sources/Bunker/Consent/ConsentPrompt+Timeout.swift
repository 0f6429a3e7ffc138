import Synchronization

extension ConsentPrompt {
    /// `ask`, but `.deny` at `timeout` even when the prompt does not keep its promise to time out; a late
    /// answer is dropped.
    func answer(_ question: ConsentQuestion, timeout: Duration) async -> ConsentAnswer {
        let once = OnceAnswer()
        return await withCheckedContinuation { c in
            once.set(c)
            let asking = Task { once.finish(await self.ask(question, timeout: timeout)) }
            Task {
                try? await Task.sleep(for: timeout)
                once.finish(.deny)
                asking.cancel()
            }
        }
    }
}

/// Resumes a continuation with the first answer given.
private final class OnceAnswer: Sendable {
    private let continuation = Mutex<CheckedContinuation<ConsentAnswer, Never>?>(nil)

    func set(_ c: CheckedContinuation<ConsentAnswer, Never>) { continuation.withLock { $0 = c } }

    func finish(_ answer: ConsentAnswer) {
        let c = continuation.withLock { c in defer { c = nil }; return c }
        c?.resume(returning: answer)
    }
}
