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
    /// ``wait(until:)`` then returns at once.
    ///
    /// - Precondition: the system has pidfds (Linux 5.3, glibc 2.36) and `pidfd_open` succeeds (or says the
    ///   process is gone); there is no polling fallback, and a watch that cannot wait must not let its
    ///   caller spin on `waitpid` to its deadline.
    public init(pid: Int32) {
        guard let pidfdOpen = Self.pidfdOpen else {
            preconditionFailure("pidfd_open is missing (glibc before 2.36): a child cannot be waited for without polling")
        }
        descriptor = pidfdOpen(pid, 0)
        let failure = errno
        precondition(descriptor >= 0 || failure == ESRCH,
                     "pidfd_open(\(pid)) failed: \(String(cString: strerror(failure))) (errno \(failure); pidfds need Linux 5.3)")
    }

    /// Watches the thread `thread` (a TID, as in `/proc/self/task`). A thread already gone leaves nothing
    /// to wait on: ``wait(until:)`` then returns `true` at once.
    ///
    /// `nil` if the system cannot watch a thread (`pidfd_open` missing or failing otherwise than for a
    /// thread gone): thread pidfds need Linux 6.9 and glibc 2.36, and there is no polling fallback.
    public init?(thread: Int32) {
        guard let pidfdOpen = Self.pidfdOpen else { return nil }
        descriptor = pidfdOpen(thread, Self.pidfdThread)
        guard descriptor >= 0 || errno == ESRCH else { return nil }
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Blocks until the process (or thread) has exited or `deadline` passes; whether it has exited.
    @discardableResult
    public func wait(until deadline: TestDeadline) -> Bool {
        guard descriptor >= 0 else { return true }
        return waitUntilReadable(descriptor, until: deadline)
    }
}
