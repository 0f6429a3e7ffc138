/// NIP-05 internet identifiers (`name@domain`). https://github.com/nostr-protocol/nips/blob/master/05.md
public struct NIP05Identifier: Sendable, Hashable, CustomStringConvertible {
    /// The local part, lower-cased; `_` for the domain's root identifier.
    public let name: String
    /// The domain, lower-cased, possibly with a `:port`.
    public let domain: String

    /// Parses `name@domain`, `_@domain` or a bare `domain` (meaning `_@domain`). Names are
    /// case-insensitive and stored lower-cased.
    public init(_ text: String) throws(NIP05Error) {
        let trimmed = Self.trimmed(text)
        let parts = trimmed.split(separator: "@", omittingEmptySubsequences: false)
        let rawName: Substring, rawDomain: Substring
        switch parts.count {
        case 1: (rawName, rawDomain) = ("_", parts[0])
        case 2: (rawName, rawDomain) = (parts[0], parts[1])
        default: throw .invalidIdentifier(text)
        }
        let name = rawName.lowercased()
        // NIP-05: "the <local-part> part MUST only use characters a-z0-9-_."
        guard !name.isEmpty, name.utf8.allSatisfy(Self.isNameByte) else { throw .invalidName(String(rawName)) }
        let domain = rawDomain.lowercased()
        guard Self.isDomain(domain) else { throw .invalidDomain(String(rawDomain)) }
        self.name = name
        self.domain = domain
    }

    /// The document to fetch: `https://<domain>/.well-known/nostr.json?name=<name>` (plain http for
    /// localhost and 127.0.0.1, so tests can serve it).
    public var wellKnownURL: String {
        "\(HostScheme.scheme(for: domain))://\(domain)/.well-known/nostr.json?name=\(PercentEncoding.encode(name))"
    }

    /// `name@domain`, or just the domain for the root identifier `_` (as NIP-05 suggests displaying it).
    public var description: String { name == "_" ? domain : "\(name)@\(domain)" }

    static func trimmed(_ text: String) -> Substring {
        let s = text.drop { $0.isWhitespace }
        return s.dropLast(s.reversed().prefix { $0.isWhitespace }.count)
    }

    static func isNameByte(_ b: UInt8) -> Bool {
        (0x61...0x7a).contains(b) || (0x30...0x39).contains(b) || b == 0x2d || b == 0x5f || b == 0x2e
    }

    /// A host name with at least one dot (or `localhost`), letters, digits and hyphens, and an optional port.
    static func isDomain(_ text: String) -> Bool {
        let hostPort = text.split(separator: ":", omittingEmptySubsequences: false)
        guard hostPort.count <= 2, let host = hostPort.first, !host.isEmpty else { return false }
        if hostPort.count == 2 {
            guard let port = UInt16(hostPort[1]), port > 0 else { return false }
        }
        guard host == "localhost" || host.contains(".") else { return false }
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        return labels.allSatisfy { label in
            !label.isEmpty && label.count <= 63 && label.first != "-" && label.last != "-"
                && label.utf8.allSatisfy { (0x61...0x7a).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2d }
        }
    }
}

/// Picks http for loopback hosts (local test servers) and https for everything else.
enum HostScheme {
    static func scheme(for hostPort: String) -> String {
        let host = hostPort.split(separator: ":", maxSplits: 1).first.map(String.init) ?? hostPort
        return host == "localhost" || host == "127.0.0.1" ? "http" : "https"
    }
}
