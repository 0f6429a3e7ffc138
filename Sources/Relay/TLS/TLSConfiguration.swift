/// How TLS is set up: which CAs a client trusts, which certificate a server presents.
public struct TLSConfiguration: Sendable, Hashable {
    /// A PEM bundle of CAs to trust instead of the system store (like curl's --cacert); nil trusts the system store.
    public var caFile: String?
    /// Check the peer's certificate chain and host name; turn off only for tests against self-signed servers.
    public var verifyPeer: Bool
    /// Server only: the PEM certificate chain, leaf first.
    public var certificateChainFile: String?
    /// Server only: the PEM private key of the leaf certificate.
    public var privateKeyFile: String?

    /// A client configuration trusting `caFile`, or the system store when nil.
    public init(caFile: String? = nil, verifyPeer: Bool = true) {
        self.caFile = caFile
        self.verifyPeer = verifyPeer
    }

    /// A server configuration presenting the given certificate chain and key.
    public static func server(certificateChainFile: String, privateKeyFile: String) -> TLSConfiguration {
        var c = TLSConfiguration()
        c.certificateChainFile = certificateChainFile
        c.privateKeyFile = privateKeyFile
        return c
    }

    /// The system CA store with full verification.
    public static let `default` = TLSConfiguration()
}
