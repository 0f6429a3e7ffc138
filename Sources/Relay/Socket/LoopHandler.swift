/// Something the event loop polls: a listening socket or a connection. Called only on the loop's thread.
protocol LoopHandler: AnyObject {
    /// The descriptor to poll, or -1 while there is none.
    var pollDescriptor: Int32 { get }
    /// POLLIN / POLLOUT interest; 0 polls nothing.
    var pollEvents: Int16 { get }
    /// When `handleTimeout` is due, if ever.
    var deadline: ContinuousClock.Instant? { get }
    /// The descriptor is ready (or hung up, or failed).
    func handle(revents: Int16)
    /// The deadline passed.
    func handleTimeout()
}
