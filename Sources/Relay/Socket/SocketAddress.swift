import Glibc

/// An IPv4 or IPv6 socket address, kept as the raw `sockaddr` bytes so it is a plain Sendable value.
struct SocketAddress: Sendable, Hashable, CustomStringConvertible {
    let family: Int32
    let bytes: [UInt8]

    init(family: Int32, raw: UnsafeRawPointer, length: Int) {
        self.family = family
        bytes = Array(UnsafeRawBufferPointer(start: raw, count: length))
    }

    /// Calls `body` with the address as C wants it.
    func withSockAddr<R>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> R) -> R {
        bytes.withUnsafeBytes { body($0.baseAddress!.assumingMemoryBound(to: sockaddr.self), socklen_t($0.count)) }
    }

    /// The address of `storage` as filled by accept, getsockname or getpeername.
    init?(storage: sockaddr_storage) {
        var s = storage
        let family = Int32(s.ss_family)
        let length = family == AF_INET6 ? MemoryLayout<sockaddr_in6>.size : family == AF_INET ? MemoryLayout<sockaddr_in>.size : 0
        guard length > 0 else { return nil }
        self = withUnsafeBytes(of: &s) { SocketAddress(family: family, raw: $0.baseAddress!, length: length) }
    }

    /// The port, in host order.
    var port: UInt16 {
        bytes.withUnsafeBytes { raw in
            family == AF_INET6
                ? UInt16(bigEndian: raw.loadUnaligned(as: sockaddr_in6.self).sin6_port)
                : UInt16(bigEndian: raw.loadUnaligned(as: sockaddr_in.self).sin_port)
        }
    }

    /// The numeric host, e.g. "127.0.0.1" or "::1".
    var host: String {
        var buf = [UInt8](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        bytes.withUnsafeBytes { raw in
            if family == AF_INET6 {
                var a = raw.loadUnaligned(as: sockaddr_in6.self).sin6_addr
                _ = inet_ntop(AF_INET6, &a, &buf, socklen_t(buf.count))
            } else {
                var a = raw.loadUnaligned(as: sockaddr_in.self).sin_addr
                _ = inet_ntop(AF_INET, &a, &buf, socklen_t(buf.count))
            }
        }
        return String(decoding: buf.prefix { $0 != 0 }, as: UTF8.self)
    }

    var description: String { family == AF_INET6 ? "[\(host)]:\(port)" : "\(host):\(port)" }

    /// Whether `host` is an IPv4 or IPv6 literal rather than a name.
    static func isIPLiteral(_ host: String) -> Bool {
        var a4 = in_addr()
        var a6 = in6_addr()
        return inet_pton(AF_INET, host, &a4) == 1 || inet_pton(AF_INET6, host, &a6) == 1
    }
}
