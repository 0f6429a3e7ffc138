import NostrCore
import Synchronization

/// Checks events from relays: the id always (one hash), the signature once per id. A pool shares one verifier
/// among its connections so an event seen on ten relays costs one Schnorr verification.
public final class EventVerifier: Sendable {
    private let verified: Mutex<BoundedMap<EventID, [UInt8]>>
    private let schnorrCount = Atomic<Int>(0)
    /// Copies of one new event arriving on several connections at once take the same stripe, so its
    /// signature is verified once; different ids mostly take different stripes and verify in parallel.
    private let stripes: [Stripe] = (0 ..< 64).map { _ in Stripe() }

    private final class Stripe: Sendable { let lock = Mutex<Void>(()) }

    /// A verifier remembering up to `capacity` verified ids (and their signatures).
    public init(capacity: Int = 200_000) {
        verified = Mutex(BoundedMap(capacity: capacity))
    }

    /// Checks `event`; throws `EventError` naming what is wrong.
    public func check(_ event: Event) throws(EventError) {
        try event.verifyID()
        if isKnown(event) { return }
        let stripe = stripes[event.id.withUnsafeBytes { Int($0[0]) } & 63]
        try stripe.lock.withLock { _ throws(EventError) in
            if isKnown(event) { return }
            schnorrCount.add(1, ordering: .relaxed)
            try event.verify()
            verified.withLock { _ = $0.insert(event.id, event.sig) }
        }
    }

    /// A copy of a verified event is valid only with the very signature that was verified.
    private func isKnown(_ event: Event) -> Bool {
        if let sig = verified.withLock({ $0[event.id] }), sig == event.sig { return true }
        return false
    }

    /// Whether `event` is valid (see `check`).
    public func isValid(_ event: Event) -> Bool {
        do { try check(event); return true } catch { return false }
    }

    /// How many signatures were verified so far (each distinct id counts once while remembered).
    public var signatureVerifications: Int { schnorrCount.load(ordering: .relaxed) }
}
