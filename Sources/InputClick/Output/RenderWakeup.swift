import CLinuxEvents
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Synchronization

/// How a tap wakes a sleeping render thread: a non-blocking `eventfd`, written only while the thread has
/// said it is about to sleep. The thread calls ``prepareToSleep()``, checks for missed work, blocks in `poll`
/// on ``fileDescriptor``, then calls ``finishSleeping()``; a producer calls ``signal()`` after queuing work.
/// The two sides form a Dekker pair around sequentially consistent fences: no wake-up is lost.
///
/// # Real-time context
/// ``signal()`` (any thread) allocates nothing, takes no lock, never blocks: one atomic load while the
/// thread is awake, else an exchange and one non-blocking 8-byte `write(2)` (`inputclick-bench --wakeup`).
/// The rest is the render thread's alone, and as cheap.
public final class RenderWakeup: @unchecked Sendable {
    /// The descriptor to poll for `POLLIN`; readable after a ``signal()``.
    public let fileDescriptor: Int32
    private let sleeping = Atomic<Bool>(false)

    public init() throws(RenderWakeupError) {
        let descriptor = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
        guard descriptor >= 0 else { throw RenderWakeupError(code: errno) }
        fileDescriptor = descriptor
    }

    deinit { _ = Glibc.close(fileDescriptor) }

    /// Wakes the render thread if it sleeps, or is about to. Queue the work first.
    @inline(__always)
    public func signal() {
        atomicMemoryFence(ordering: .sequentiallyConsistent)
        guard sleeping.load(ordering: .relaxed), sleeping.exchange(false, ordering: .relaxed) else { return }
        force()
    }

    /// Makes ``fileDescriptor`` readable whether or not the thread sleeps: for stop requests that must never be missed.
    public func force() {
        var one: UInt64 = 1
        // EAGAIN (the counter at its maximum) means a wake-up is pending anyway.
        _ = write(fileDescriptor, &one, 8)
    }

    /// Says the thread is about to sleep; check for queued work after this, before blocking.
    @inline(__always)
    public func prepareToSleep() {
        sleeping.store(true, ordering: .relaxed)
        atomicMemoryFence(ordering: .sequentiallyConsistent)
    }

    /// Says the thread is awake again, and consumes any pending wake-up.
    @inline(__always)
    public func finishSleeping() {
        sleeping.store(false, ordering: .relaxed)
        var count: UInt64 = 0
        _ = read(fileDescriptor, &count, 8)
    }
}

/// The `eventfd` for a ``RenderWakeup`` could not be made.
public struct RenderWakeupError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The `errno` value.
    public var code: Int32

    public var description: String {
        "cannot create the render thread's wake-up (eventfd): " + String(cString: strerror(code))
    }
}
