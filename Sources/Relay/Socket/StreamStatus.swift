/// The outcome of one non-blocking read or write on a socket or TLS stream.
enum StreamStatus: Sendable {
    /// This many bytes moved.
    case progressed(Int)
    /// Nothing moved now; poll again — for writing too when `wantWrite` (TLS may need to write to read).
    case wouldBlock(wantWrite: Bool)
    /// The peer closed its side.
    case eof
}
