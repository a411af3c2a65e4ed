import CLinuxEvents
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Synchronization

/// How a tap wakes a render thread that sleeps: a non-blocking Linux
/// `eventfd`, written only while the thread has said it is about to sleep.
///
/// The render thread calls ``prepareToSleep()``, then checks for work it may
/// have missed (a click queued just before), then blocks in `poll` on
/// ``fileDescriptor`` (and, while the stream runs, on the device's own
/// descriptors), then calls ``finishSleeping()``. A producer that has queued
/// work calls ``signal()``. The two sides form a Dekker pair around
/// sequentially consistent fences, so a click queued at any moment either is
/// seen by the thread's check or wakes its `poll`: none waits for a later
/// wake-up.
///
/// # Real-time context
/// ``signal()`` allocates nothing, takes no lock and never blocks: while the
/// render thread is awake it is one atomic load; while it sleeps it is one
/// atomic exchange and one non-blocking 8-byte `write(2)` (about a
/// microsecond; `inputclick-bench --wakeup` measures it). ``prepareToSleep()``
/// and ``finishSleeping()`` are the render thread's, and are as cheap.
///
/// Thread context: ``signal()`` from any thread; the rest from the render
/// thread alone.
public final class RenderWakeup: @unchecked Sendable {
    /// The descriptor to poll for `POLLIN`; readable after a ``signal()``.
    public let fileDescriptor: Int32
    private let sleeping = Atomic<Bool>(false)

    /// Creates the `eventfd`.
    public init() throws(RenderWakeupError) {
        let descriptor = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
        guard descriptor >= 0 else { throw RenderWakeupError(code: errno) }
        fileDescriptor = descriptor
    }

    deinit { _ = Glibc.close(fileDescriptor) }

    /// Wakes the render thread if it sleeps, or is about to. Work must be
    /// queued before this is called.
    @inline(__always)
    public func signal() {
        atomicMemoryFence(ordering: .sequentiallyConsistent)
        guard sleeping.load(ordering: .relaxed), sleeping.exchange(false, ordering: .relaxed) else { return }
        force()
    }

    /// Makes ``fileDescriptor`` readable whether or not the thread sleeps:
    /// for ``close()``-like requests that must never be missed.
    public func force() {
        var one: UInt64 = 1
        // EAGAIN (the counter at its maximum) means a wake-up is pending anyway.
        _ = write(fileDescriptor, &one, 8)
    }

    /// Says the thread is about to sleep. Check for queued work after this
    /// call, and before blocking.
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

    /// Describes the error.
    public var description: String {
        "cannot create the render thread's wake-up (eventfd): " + String(cString: strerror(code))
    }
}
