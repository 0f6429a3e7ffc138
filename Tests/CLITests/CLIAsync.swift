import Dispatch
import Foundation

/// Runs the CLI on a Dispatch thread, so in-process test services keep the cooperative pool to themselves.
func runCLI(_ args: [String], env: [String: String] = [:]) async throws -> CLIResult {
    try await withCheckedThrowingContinuation { c in
        DispatchQueue.global().async { c.resume(with: Result { try CLIHarness.run(args, env: env) }) }
    }
}

struct DeadlineExceeded: Error {}

/// Runs `body`, failing after `seconds` instead of hanging the run; a guard, not a wait.
func withDeadline<T: Sendable>(_ seconds: Double, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
    try await withThrowingTaskGroup(of: T?.self) { group in
        group.addTask { try await body() }
        group.addTask {
            try await Task.sleep(for: .seconds(seconds))
            return nil
        }
        defer { group.cancelAll() }
        guard let first = try await group.next(), let value = first else { throw DeadlineExceeded() }
        return value
    }
}
