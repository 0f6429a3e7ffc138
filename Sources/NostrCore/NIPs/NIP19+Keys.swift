extension PublicKey {
    /// The NIP-19 `npub1…` form.
    public var npub: String { NIP19.encode(.npub(self)) }
}

extension SecretKey {
    /// The NIP-19 `nsec1…` form. Handle with care.
    public var nsec: String { NIP19.encode(.nsec(self)) }
}

extension EventID {
    /// The NIP-19 `note1…` form.
    public var note: String { NIP19.encode(.note(self)) }
}
