/// One NIP-46 permission: a method, optionally narrowed to one event kind (`sign_event:1`).
public struct NIP46Permission: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The method allowed.
    public let method: NIP46Method
    /// For `sign_event`, the only kind allowed; `nil` allows every kind.
    public let kind: Int?

    /// A permission for `method`, narrowed to `kind` when given.
    public init(_ method: NIP46Method, kind: Int? = nil) {
        self.method = method
        self.kind = kind
    }

    /// Parses `method` or `method:param`. 46.md defines a parameter only for `sign_event` (the kind);
    /// a parameter on another method is kept out (it would otherwise widen to the bare method).
    public init(parsing item: some StringProtocol) throws(NIP46Error) {
        let text = item.trimmingSpacesNIP46
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let name = String(parts[0])
        guard !name.isEmpty, name.utf8.allSatisfy({ ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x5F }) else {
            throw .invalidPermission(text)
        }
        if parts.count == 2 {
            guard name == NIP46Method.signEvent.rawValue, let kind = Int(parts[1]), (0...65535).contains(kind) else {
                throw .invalidPermission(text)
            }
            self.init(NIP46Method(rawValue: name), kind: kind)
        } else {
            self.init(NIP46Method(rawValue: name))
        }
    }

    /// Whether this permission covers calling `method` (with `kind` for `sign_event`).
    public func covers(_ method: NIP46Method, kind: Int?) -> Bool {
        guard self.method == method else { return false }
        guard let own = self.kind else { return true }
        return own == kind
    }

    public var description: String { kind.map { "\(method.rawValue):\($0)" } ?? method.rawValue }

    public static func < (a: NIP46Permission, b: NIP46Permission) -> Bool { a.description < b.description }
}

/// A set of permissions as NIP-46 writes them: `nip44_encrypt,sign_event:4`.
public struct NIP46Permissions: Sendable, Hashable, CustomStringConvertible {
    /// The permissions, sorted and without duplicates.
    public let items: [NIP46Permission]

    /// A set from permissions.
    public init(_ items: some Sequence<NIP46Permission>) { self.items = Array(Set(items)).sorted() }

    /// No permission at all.
    public static let none = NIP46Permissions([])

    /// Parses a comma-separated list; empty items are skipped, a malformed one throws.
    public init(parsing text: some StringProtocol) throws(NIP46Error) {
        var out: [NIP46Permission] = []
        for item in text.split(separator: ",") where !item.trimmingSpacesNIP46.isEmpty {
            out.append(try NIP46Permission(parsing: item))
        }
        self.init(out)
    }

    /// Whether some permission covers `method` (with `kind` for `sign_event`).
    public func allows(_ method: NIP46Method, kind: Int? = nil) -> Bool { items.contains { $0.covers(method, kind: kind) } }

    /// Both sets together.
    public func union(_ other: NIP46Permissions) -> NIP46Permissions { NIP46Permissions(items + other.items) }

    /// Whether there are none.
    public var isEmpty: Bool { items.isEmpty }

    /// The comma-separated form.
    public var description: String { items.map(\.description).joined(separator: ",") }
}

extension StringProtocol {
    var trimmingSpacesNIP46: String {
        var s = Substring(self)
        while let c = s.first, c.isWhitespace { s.removeFirst() }
        while let c = s.last, c.isWhitespace { s.removeLast() }
        return String(s)
    }
}
