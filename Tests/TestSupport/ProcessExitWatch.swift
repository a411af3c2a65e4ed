import Dispatch
import Foundation

/// Waits for a process, or one thread, to end without polling: on a Linux pidfd, which becomes readable
/// when the process exits (a child or not), or, opened with `PIDFD_THREAD` (Linux 6.9), when the thread does.
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

    /// `PIDFD_THREAD` (linux/pidfd.h), which is `O_EXCL`.
    private static let pidfdThread = UInt32(O_EXCL)

    /// Watches `pid`. A process already reaped leaves nothing to wait on:
    /// ``wait(untilUptimeNanoseconds:)`` then returns at once.
    ///
    /// - Precondition: the system has pidfds (Linux 5.3, glibc 2.36); there is no polling fallback.
    public init(pid: Int32) {
        descriptor = Self.pidfdOpen?(pid, 0) ?? -1
        precondition(descriptor >= 0 || (Self.pidfdOpen != nil && errno != ENOSYS),
                     "pidfd_open is missing (Linux before 5.3 or glibc before 2.36): a child cannot be waited for without polling")
    }

    /// Watches the thread `thread` (a TID, as in `/proc/self/task`). A thread already gone leaves nothing
    /// to wait on: ``wait(untilUptimeNanoseconds:)`` then returns `true` at once.
    ///
    /// - Precondition: the system has thread pidfds (Linux 6.9); there is no polling fallback.
    public init(thread: Int32) {
        descriptor = Self.pidfdOpen?(thread, Self.pidfdThread) ?? -1
        let failure = errno
        precondition(descriptor >= 0 || failure == ESRCH,
                     "pidfd_open(\(thread), PIDFD_THREAD) failed: \(String(cString: strerror(failure))) (thread pidfds need Linux 6.9 and glibc 2.36)")
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Blocks until the process (or thread) has exited or `deadline` (`DispatchTime`'s uptime, in
    /// nanoseconds) passes; whether it has exited.
    @discardableResult
    public func wait(untilUptimeNanoseconds deadline: UInt64) -> Bool {
        guard descriptor >= 0 else { return true }
        return waitUntilReadable(descriptor, untilUptimeNanoseconds: deadline)
    }
}
