import NostrCore

/// Reading keys and ids typed by a person: hex, or the NIP-19 form (`npub`, `nprofile`, `note`,
/// `nevent`, with or without `nostr:`).
enum ParsedInput {
    /// A public key from hex, npub or nprofile.
    static func publicKey(_ text: String) -> PublicKey? {
        let s = text.trimmingSpaces
        if s.utf8.count == 64 { return try? PublicKey(hex: s) }
        switch try? NIP19.decode(stripURI(s)) {
        case let .npub(pk)?: return pk
        case let .nprofile(pk, _)?: return pk
        default: return nil
        }
    }

    /// An event id from hex, note or nevent.
    static func eventID(_ text: String) -> EventID? {
        let s = text.trimmingSpaces
        if s.utf8.count == 64 { return try? EventID(hex: s) }
        switch try? NIP19.decode(stripURI(s)) {
        case let .note(id)?: return id
        case let .nevent(id, _, _, _)?: return id
        default: return nil
        }
    }

    /// A public key for flag `flag`, or a usage error saying what was expected.
    static func publicKey(_ text: String, flag: String) throws(UsageError) -> PublicKey {
        guard let pk = publicKey(text) else { throw .invalidValue(flag: flag, value: text, expected: "a public key (hex, npub or nprofile)") }
        return pk
    }

    /// An event id for flag `flag`, or a usage error saying what was expected.
    static func eventID(_ text: String, flag: String) throws(UsageError) -> EventID {
        guard let id = eventID(text) else { throw .invalidValue(flag: flag, value: text, expected: "an event id (hex, note or nevent)") }
        return id
    }

    /// NIP-21: a `nostr:` URI is its NIP-19 code.
    static func stripURI(_ s: String) -> String {
        s.lowercased().hasPrefix("nostr:") ? String(s.dropFirst(6)) : s
    }

    /// A timestamp: unix seconds, or `now`.
    static func timestamp(_ text: String, flag: String, now: Int64) throws(UsageError) -> Int64 {
        if text == "now" { return now }
        guard let v = Int64(text), v >= 0 else { throw .invalidValue(flag: flag, value: text, expected: "a unix timestamp or 'now'") }
        return v
    }

    /// The current unix time.
    static var now: Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Int64(ts.tv_sec)
    }
}

import Glibc
