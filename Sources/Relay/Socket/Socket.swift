import Glibc

/// Thin helpers over the socket calls the transport makes; every one goes through `syscall`.
enum Socket {
    /// A non-blocking, close-on-exec TCP socket.
    static func makeTCP(family: Int32) throws(IOError) -> Int32 {
        try syscall("socket") { Glibc.socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0) }
    }

    /// Starts a non-blocking connect; true when it finished at once, false when it is in progress.
    static func startConnect(_ fd: Int32, to address: SocketAddress) throws(IOError) -> Bool {
        try nonBlockingSyscall("connect") { address.withSockAddr { Glibc.connect(fd, $0, $1) } } != nil
    }

    /// The pending error of a socket (how a non-blocking connect ended), 0 when none.
    static func pendingError(_ fd: Int32) -> Int32 {
        var err: Int32 = 0
        var len = socklen_t(MemoryLayout<Int32>.size)
        if getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &len) < 0 { return errno }
        return err
    }

    /// Sets an integer socket option.
    static func setOption(_ fd: Int32, _ level: Int32, _ name: Int32, _ value: Int32, _ call: StaticString) throws(IOError) {
        var v = value
        _ = try syscall(call) { setsockopt(fd, level, name, &v, socklen_t(MemoryLayout<Int32>.size)) }
    }

    /// Disables Nagle: Nostr messages are small and latency matters more than packet count.
    static func setNoDelay(_ fd: Int32) {
        try? setOption(fd, Int32(IPPROTO_TCP), TCP_NODELAY, 1, "setsockopt(TCP_NODELAY)")
    }

    /// The local address a socket is bound to.
    static func localAddress(_ fd: Int32) throws(IOError) -> SocketAddress {
        var storage = sockaddr_storage()
        var len = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = try syscall("getsockname") {
            withUnsafeMutablePointer(to: &storage) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &len) } }
        }
        guard let a = SocketAddress(storage: storage) else { throw IOError(call: "getsockname", errno: EAFNOSUPPORT) }
        return a
    }

    /// Closes a descriptor; errors from close are not actionable here.
    static func close(_ fd: Int32) { _ = Glibc.close(fd) }
}
