import Foundation

struct DeadlineExceeded: Error, CustomStringConvertible {
    let what: String
    var description: String { "deadline exceeded: \(what)" }
}

/// Runs `body`, failing if it takes longer than `seconds`; a guard against hangs, not a wait.
func within<T: Sendable>(_ seconds: Double, _ what: String = #function, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
    try await withThrowingTaskGroup(of: T?.self) { group in
        group.addTask { try await body() }
        group.addTask {
            try await Task.sleep(for: .seconds(seconds))
            return nil
        }
        guard let first = try await group.next(), let value = first else {
            group.cancelAll()
            throw DeadlineExceeded(what: what)
        }
        group.cancelAll()
        return value
    }
}
