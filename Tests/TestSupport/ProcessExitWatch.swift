import Dispatch
import Foundation

/// Waits for a process to end without polling: on a Linux pidfd, which
/// becomes readable when the process exits (a child or not).
///
/// Thread context: one thread at a time.
public final class ProcessExitWatch {
    private let descriptor: Int32

    private typealias PidfdOpen = @convention(c) (pid_t, UInt32) -> Int32

    /// glibc's `pidfd_open` (2.36), which the Glibc module does not import, looked up once.
    private static let pidfdOpen: PidfdOpen? = {
        guard let symbol = dlsym(nil, "pidfd_open") else { return nil }
        return unsafeBitCast(symbol, to: PidfdOpen.self)
    }()

    /// Watches `pid`. A process already reaped leaves nothing to wait on:
    /// ``wait(untilUptimeNanoseconds:)`` then returns at once.
    ///
    /// - Precondition: the system has pidfds (Linux 5.3, glibc 2.36); there is no polling fallback.
    public init(pid: Int32) {
        descriptor = Self.pidfdOpen?(pid, 0) ?? -1
        precondition(descriptor >= 0 || (Self.pidfdOpen != nil && errno != ENOSYS),
                     "pidfd_open is missing (Linux before 5.3 or glibc before 2.36): a child cannot be waited for without polling")
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Blocks until the process has exited or `deadline` (`DispatchTime`'s
    /// uptime, in nanoseconds) passes.
    public func wait(untilUptimeNanoseconds deadline: UInt64) {
        guard descriptor >= 0 else { return }
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
