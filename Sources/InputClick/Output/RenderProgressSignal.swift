import CLinuxEvents
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Synchronization

/// How a thread waits, without polling, for the render thread to move on (write or drop a period, stop while
/// silent): a POSIX semaphore the render thread posts, and the control queue when it closes the stream. The
/// waiter registers, checks, then blocks in `sem_clockwait`; the poster fences and posts once per registered
/// waiter, so no wake is lost; leftover posts only cost one more check.
///
/// # Real-time context
/// ``signal()`` allocates nothing, takes no lock, does no I/O and never blocks: a fence and a relaxed load
/// while nobody waits; else `sem_post`, lock-free in glibc, entering the kernel only to wake a waiter
/// (`FUTEX_WAKE`). An `eventfd` (``RenderWakeup``) would be I/O. ``wait(untilNanoseconds:until:)`` never
/// runs on the render thread.
public final class RenderProgressSignal: @unchecked Sendable {
    private let semaphore: UnsafeMutablePointer<sem_t>
    private let waiters = Atomic<Int>(0)

    public init() {
        semaphore = .allocate(capacity: 1)
        semaphore.initialize(to: sem_t())
        sem_init(semaphore, 0, 0)
    }

    deinit {
        sem_destroy(semaphore)
        semaphore.deallocate()
    }

    /// Wakes every thread waiting now, if any.
    @inline(__always)
    public func signal() {
        atomicMemoryFence(ordering: .sequentiallyConsistent)
        let count = waiters.load(ordering: .relaxed)
        guard count > 0 else { return }
        for _ in 0..<count { sem_post(semaphore) }
    }

    /// Blocks until `isDone` holds (checked at once and after each ``signal()``) or `deadline`
    /// (``MonotonicClock``) passes; returns whether `isDone` held.
    public func wait(untilNanoseconds deadline: UInt64, until isDone: () -> Bool) -> Bool {
        waiters.add(1, ordering: .sequentiallyConsistent)
        defer { waiters.subtract(1, ordering: .relaxed) }
        atomicMemoryFence(ordering: .sequentiallyConsistent)
        while !isDone() {
            guard !MonotonicClock.hasPassed(deadline) else { return false }
            var until = timespec(tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
            // A post, the deadline, or a signal handler: each returns, and the loop checks again.
            _ = sem_clockwait(semaphore, CLOCK_MONOTONIC, &until)
        }
        return true
    }
}
