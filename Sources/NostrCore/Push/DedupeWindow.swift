/// The last `capacity` ids seen, oldest forgotten first: a push delivered twice (two relays, a retry)
/// is shown once.
public struct DedupeWindow: Sendable {
    /// How many ids are remembered.
    public let capacity: Int
    private var ring: [EventID] = []
    private var next = 0
    private var members: Set<EventID> = []

    /// A window remembering `capacity` ids (at least 1).
    public init(capacity: Int = 1000) {
        self.capacity = max(1, capacity)
        ring.reserveCapacity(self.capacity)
        members.reserveCapacity(self.capacity)
    }

    /// Whether `id` is in the window.
    public func contains(_ id: EventID) -> Bool { members.contains(id) }

    /// Remembers `id`; false when it was already there (a duplicate).
    @discardableResult
    public mutating func insert(_ id: EventID) -> Bool {
        guard !members.contains(id) else { return false }
        if ring.count < capacity {
            ring.append(id)
        } else {
            members.remove(ring[next])
            ring[next] = id
            next = (next + 1) % capacity
        }
        members.insert(id)
        return true
    }

    /// How many ids are remembered now.
    public var count: Int { members.count }
}
