import Dispatch
import Glibc

/// Host name resolution with getaddrinfo (IPv4 and IPv6), off the caller's thread since it blocks.
enum Resolver {
    /// The TCP addresses of `host`, in the order getaddrinfo prefers.
    static func resolve(host: String, port: UInt16) async throws(WebSocketError) -> [SocketAddress] {
        let result: Result<[SocketAddress], WebSocketError> = await withCheckedContinuation { cont in
            DispatchQueue.global().async { cont.resume(returning: resolveBlocking(host: host, port: port)) }
        }
        return try result.get()
    }

    static func resolveBlocking(host: String, port: UInt16) -> Result<[SocketAddress], WebSocketError> {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_ADDRCONFIG
        var list: UnsafeMutablePointer<addrinfo>?
        let rc = getaddrinfo(host, String(port), &hints, &list)
        guard rc == 0, let list else {
            return .failure(.resolveFailed(host: host, reason: String(cString: gai_strerror(rc))))
        }
        defer { freeaddrinfo(list) }
        var out: [SocketAddress] = []
        var p: UnsafeMutablePointer<addrinfo>? = list
        while let ai = p {
            if let a = ai.pointee.ai_addr, ai.pointee.ai_family == AF_INET || ai.pointee.ai_family == AF_INET6 {
                let addr = SocketAddress(family: ai.pointee.ai_family, raw: a, length: Int(ai.pointee.ai_addrlen))
                if !out.contains(addr) { out.append(addr) }
            }
            p = ai.pointee.ai_next
        }
        return out.isEmpty ? .failure(.resolveFailed(host: host, reason: "no IPv4 or IPv6 address")) : .success(out)
    }
}
