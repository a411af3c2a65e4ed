import CLinuxEvents
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Synchronization

/// How a thread waits for a stream's render thread to move on (write a
/// period, drop a period the device refused, stop while silent) without
/// polling: it blocks on a POSIX semaphore that the render thread posts,
/// and that the control queue posts when it closes the stream.
///
/// The waiter registers, then checks its condition, then blocks in
/// `sem_clockwait` until a post or its deadline; the render thread, after
/// each step, passes a sequentially consistent fence and posts once per
/// registered waiter. The fence pairs with the waiter's registration, so a
/// step taken at any moment is either seen by the waiter's check or posts
/// the semaphore it blocks on: no wake is lost. Leftover posts only make a
/// later wait check its condition once more.
///
/// # Real-time context
/// Why a post is allowed on the render thread: ``signal()`` allocates
/// nothing, takes no lock, does no I/O and never blocks. While nobody waits
/// (always, but during a ``ClickPlayer/drain(timeout:)`` or a test's wait) it
/// is a fence and one relaxed load. While someone waits it is `sem_post`,
/// which glibc makes lock-free (an atomic add; async-signal-safe) and which
/// enters the kernel only to wake a sleeping waiter (`FUTEX_WAKE`, which
/// does not block). No descriptor is written: an `eventfd` write, as the
/// tap-to-render direction uses (``RenderWakeup``), would be I/O on the render thread.
///
/// Thread context: ``signal()`` from any thread, the render thread included;
/// ``wait(untilNanoseconds:until:)`` from any thread but the render thread.
public final class RenderProgressSignal: @unchecked Sendable {
    private let semaphore: UnsafeMutablePointer<sem_t>
    private let waiters = Atomic<Int>(0)

    /// A signal nobody waits on yet.
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
    ///
    /// Lock-free and allocation-free.
    @inline(__always)
    public func signal() {
        atomicMemoryFence(ordering: .sequentiallyConsistent)
        let count = waiters.load(ordering: .relaxed)
        guard count > 0 else { return }
        for _ in 0..<count { sem_post(semaphore) }
    }

    /// Blocks until `isDone` holds, checked at once and after each
    /// ``signal()``, or until `deadline` (nanoseconds of ``MonotonicClock``)
    /// passes; returns whether `isDone` held.
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
