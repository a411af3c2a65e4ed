#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Synchronization

/// A small value published by one thread, read lock-free by any, and waited on through a condition variable
/// every ``publish(_:)`` signals. Publishing and waiting take a short lock: never on the render thread.
final class PublishedState: @unchecked Sendable {
    private let current: Atomic<UInt8>
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    init(_ initial: UInt8) {
        current = Atomic(initial)
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        // Deadlines are on MonotonicClock's clock, not the wall clock.
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    var value: UInt8 { current.load(ordering: .acquiring) }

    func publish(_ newValue: UInt8) {
        pthread_mutex_lock(mutex)
        current.store(newValue, ordering: .releasing)
        pthread_cond_broadcast(condition)
        pthread_mutex_unlock(mutex)
    }

    /// Waits until `isDone` holds for the value or `deadline` (``MonotonicClock``) passes; returns the value last seen.
    func wait(untilNanoseconds deadline: UInt64, _ isDone: (UInt8) -> Bool) -> UInt8 {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        var seen = current.load(ordering: .acquiring)
        while !isDone(seen) && !MonotonicClock.hasPassed(deadline) {
            var until = timespec(tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
            _ = pthread_cond_timedwait(condition, mutex, &until)
            seen = current.load(ordering: .acquiring)
        }
        return seen
    }
}
