/// How long to wait before reconnect attempt `n`: exponential growth from `initial`, capped at `maximum`, with
/// random jitter so that many clients dropped at once by a relay restart do not return in lockstep.
public struct Backoff: Sendable, Hashable {
    /// The delay before the first retry.
    public var initial: Duration
    /// The growth factor per attempt.
    public var multiplier: Double
    /// The longest delay.
    public var maximum: Duration
    /// The fraction of each delay that is random (0: none, 1: anywhere from 0 to the delay).
    public var jitter: Double
    /// Attempts before giving up (nil: never give up).
    public var maxAttempts: Int?

    /// A backoff policy; the defaults go 0.5 s, 1 s, 2 s … up to 30 s, for at most 8 attempts.
    public init(initial: Duration = .milliseconds(500), multiplier: Double = 2, maximum: Duration = .seconds(30),
                jitter: Double = 0.5, maxAttempts: Int? = 8) {
        self.initial = initial
        self.multiplier = max(1, multiplier)
        self.maximum = maximum
        self.jitter = min(max(jitter, 0), 1)
        self.maxAttempts = maxAttempts
    }

    /// The delay before attempt `attempt` (0-based), jitter drawn from `random`.
    public func delay(attempt: Int, using random: inout some RandomNumberGenerator) -> Duration {
        let base = initial.seconds * pow(multiplier, Double(min(attempt, 62)))
        let capped = min(base, maximum.seconds)
        let spread = capped * jitter
        let value = capped - spread + (spread > 0 ? Double.random(in: 0...spread, using: &random) : 0)
        return .nanoseconds(Int64(value * 1e9))
    }

    /// The delay before attempt `attempt`, with the system's random generator.
    public func delay(attempt: Int) -> Duration {
        var g = SystemRandomNumberGenerator()
        return delay(attempt: attempt, using: &g)
    }

    private func pow(_ base: Double, _ exponent: Double) -> Double {
        var r = 1.0
        for _ in 0 ..< Int(exponent) { r *= base; if r > 1e12 { break } }
        return r
    }
}
