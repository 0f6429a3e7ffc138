/// A dictionary that forgets its oldest keys beyond `capacity`: the memory of a long-running client stays flat
/// however many events pass through it.
struct BoundedMap<Key: Hashable, Value> {
    let capacity: Int
    private var values: [Key: Value] = [:]
    /// Insertion order; grows up to `capacity`, then is overwritten as a ring from `next`.
    private var order: [Key] = []
    private var next = 0

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    var count: Int { values.count }

    subscript(key: Key) -> Value? { values[key] }

    func contains(_ key: Key) -> Bool { values[key] != nil }

    /// Adds `key`; returns false (and changes nothing) when it is already present.
    @discardableResult
    mutating func insert(_ key: Key, _ value: Value) -> Bool {
        guard values[key] == nil else { return false }
        if order.count < capacity {
            order.append(key)
        } else {
            values[order[next]] = nil
            order[next] = key
            next = (next + 1) % capacity
        }
        values[key] = value
        return true
    }
}

extension BoundedMap where Value == Void {
    /// Adds `key` to a set-like map; false when it was there already.
    @discardableResult
    mutating func insert(_ key: Key) -> Bool { insert(key, ()) }
}
