import Dispatch
import Foundation

/// Waits for a process to end without polling: on a Linux pidfd, which
/// becomes readable when the process exits (a child or not).
///
/// Thread context: one thread at a time.
public final class ProcessExitWatch {
    private let descriptor: Int32
    /// Whether this system has no pidfds.
    private let unsupported: Bool

    private typealias PidfdOpen = @convention(c) (pid_t, UInt32) -> Int32

    /// glibc's `pidfd_open` (2.36), which the Glibc module does not import, looked up once.
    private static let pidfdOpen: PidfdOpen? = {
        guard let symbol = dlsym(nil, "pidfd_open") else { return nil }
        return unsafeBitCast(symbol, to: PidfdOpen.self)
    }()

    /// Watches `pid`. A process already reaped leaves nothing to wait on:
    /// ``wait(untilUptimeNanoseconds:)`` then returns at once. Without pidfds
    /// (Linux before 5.3, glibc before 2.36) it waits 2 ms, so a caller's
    /// check-and-wait loop still ends.
    public init(pid: Int32) {
        descriptor = Self.pidfdOpen?(pid, 0) ?? -1
        unsupported = descriptor < 0 && (Self.pidfdOpen == nil || errno == ENOSYS)
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Blocks until the process has exited or `deadline` (`DispatchTime`'s
    /// uptime, in nanoseconds) passes.
    public func wait(untilUptimeNanoseconds deadline: UInt64) {
        guard descriptor >= 0 else {
            if unsupported { usleep(2_000) }
            return
        }
        while true {
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline else { return }
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(min((deadline - now) / 1_000_000 + 1, UInt64(Int32.max)))
            let ready = poll(&entry, 1, milliseconds)
            if ready > 0 || (ready < 0 && errno != EINTR) { return }
        }
    }
}
