import Foundation
import Glibc
import Synchronization

/// One thread running poll(2) over many sockets; other threads hand it work with `execute`.
///
/// `@unchecked Sendable`: `tasks` is guarded by its Mutex and `loopThread` is atomic; `handlers` and `scratch` are
/// touched only on the loop thread (every entry point that reaches them runs as a task or a poll callback).
final class EventLoop: @unchecked Sendable {
    /// The process-wide loop used unless a caller brings its own.
    static let shared = EventLoop(name: "relay-io")

    private let tasks = Mutex<[@Sendable () -> Void]>([])
    /// A non-blocking pipe: other threads write a byte to the write end to end the loop's poll.
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let loopThread = Atomic<UInt>(0)
    private var handlers: [ObjectIdentifier: any LoopHandler] = [:]
    /// A read buffer shared by every connection of this loop, since only one reads at a time.
    let scratch: UnsafeMutableRawBufferPointer

    /// Starts a loop thread named `name`.
    init(name: String) {
        // A write to a peer that has gone raises SIGPIPE, which would kill the process; OpenSSL writes with write(2).
        signal(SIGPIPE, SIG_IGN)
        FileLimits.raiseToHardLimit()
        var fds: [Int32] = [-1, -1]
        let rc = pipe(&fds)
        precondition(rc == 0, "pipe failed: \(IOError(call: "pipe", errno: errno))")
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        wakeRead = fds[0]
        wakeWrite = fds[1]
        scratch = .allocate(byteCount: 64 * 1024, alignment: 16)
        let thread = Thread { [self] in run() }
        thread.name = name
        thread.start()
    }

    /// True when called on this loop's thread.
    var inLoop: Bool { loopThread.load(ordering: .acquiring) == UInt(pthread_self()) }

    /// Runs `task` on the loop thread, after the current poll round.
    func execute(_ task: @escaping @Sendable () -> Void) {
        let wasEmpty = tasks.withLock { t in
            t.append(task)
            return t.count == 1
        }
        // The loop drains the whole list after each wake-up, so only the first task of a batch needs to wake it.
        if wasEmpty, !inLoop {
            var one: UInt8 = 1
            _ = Glibc.write(wakeWrite, &one, 1)
        }
    }

    /// Starts polling `handler` (loop thread only).
    func register(_ handler: any LoopHandler) {
        assert(inLoop)
        handlers[ObjectIdentifier(handler)] = handler
    }

    /// Stops polling `handler` (loop thread only); the caller closes its descriptor.
    func deregister(_ handler: any LoopHandler) {
        assert(inLoop)
        handlers[ObjectIdentifier(handler)] = nil
    }

    private func isRegistered(_ handler: any LoopHandler) -> Bool { handlers[ObjectIdentifier(handler)] != nil }

    private func run() {
        loopThread.store(UInt(pthread_self()), ordering: .releasing)
        var pfds: [pollfd] = []
        var order: [any LoopHandler] = []
        var timed: [any LoopHandler] = []
        while true {
            runTasks()
            pfds.removeAll(keepingCapacity: true)
            order.removeAll(keepingCapacity: true)
            timed.removeAll(keepingCapacity: true)
            pfds.append(pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0))
            var nearest: ContinuousClock.Instant?
            for h in handlers.values {
                if let d = h.deadline {
                    timed.append(h)
                    if nearest.map({ d < $0 }) ?? true { nearest = d }
                }
                let fd = h.pollDescriptor, ev = h.pollEvents
                if fd >= 0, ev != 0 {
                    pfds.append(pollfd(fd: fd, events: ev, revents: 0))
                    order.append(h)
                }
            }
            var timeout: Int32 = -1
            if tasks.withLock({ !$0.isEmpty }) {
                // A task queued on this thread while running the last batch did not wake the pipe: do not block.
                timeout = 0
            } else if let nearest {
                let left = ContinuousClock.now.duration(to: nearest)
                let ms = left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1
                timeout = Int32(clamping: max(0, ms))
            }
            let n = pfds.withUnsafeMutableBufferPointer { Glibc.poll($0.baseAddress, nfds_t($0.count), timeout) }
            if n < 0 {
                precondition(errno == EINTR, "poll failed: \(IOError(call: "poll", errno: errno))")
                continue
            }
            if pfds[0].revents != 0 {
                var drain = (UInt64(0), UInt64(0), UInt64(0), UInt64(0))
                while withUnsafeMutableBytes(of: &drain, { Glibc.read(wakeRead, $0.baseAddress, $0.count) }) == 32 {}
            }
            if n > 0 {
                for i in 1 ..< pfds.count where pfds[i].revents != 0 {
                    let h = order[i - 1]
                    // An earlier callback this round may have closed this handler.
                    if isRegistered(h), h.pollDescriptor == pfds[i].fd { h.handle(revents: pfds[i].revents) }
                }
            }
            if !timed.isEmpty {
                let now = ContinuousClock.now
                for h in timed where isRegistered(h) {
                    if let d = h.deadline, d <= now { h.handleTimeout() }
                }
            }
        }
    }

    private func runTasks() {
        let batch = tasks.withLock { t in
            let b = t
            t.removeAll(keepingCapacity: true)
            return b
        }
        for task in batch { task() }
    }
}
