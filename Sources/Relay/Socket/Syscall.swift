import Glibc

/// Runs a system call, retrying on EINTR; a negative result becomes an `IOError` naming the call.
@inline(__always)
func syscall<T: FixedWidthInteger>(_ call: StaticString, _ body: () -> T) throws(IOError) -> T {
    while true {
        let r = body()
        if r >= 0 { return r }
        let e = errno
        if e != EINTR { throw IOError(call: "\(call)", errno: e) }
    }
}

/// Like `syscall`, but EAGAIN/EWOULDBLOCK (and EINPROGRESS for connect) come back as nil instead of an error.
@inline(__always)
func nonBlockingSyscall<T: FixedWidthInteger>(_ call: StaticString, _ body: () -> T) throws(IOError) -> T? {
    while true {
        let r = body()
        if r >= 0 { return r }
        let e = errno
        if e == EAGAIN || e == EWOULDBLOCK || e == EINPROGRESS { return nil }
        if e != EINTR { throw IOError(call: "\(call)", errno: e) }
    }
}
