import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

/// Holds a URLSession task so a cancellation from another thread reaches it, even one that comes
/// before the task exists (then the task is cancelled as soon as it is set).
final class URLSessionTaskBox: Sendable {
    private let state = Mutex<(task: URLSessionTask?, cancelled: Bool)>((nil, false))

    func set(_ task: URLSessionTask) {
        let cancelNow = state.withLock { s in
            s.task = task
            return s.cancelled
        }
        if cancelNow { task.cancel() }
    }

    func cancel() {
        let task = state.withLock { s in
            s.cancelled = true
            return s.task
        }
        task?.cancel()
    }
}
