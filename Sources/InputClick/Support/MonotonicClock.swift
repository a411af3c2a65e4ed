#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// `CLOCK_MONOTONIC` in nanoseconds: the clock every real-time timestamp uses (click requests, latency,
/// rate limiting), so times taken on different threads compare. Lock-free and allocation-free.
public enum MonotonicClock {
    /// Now, in nanoseconds since an arbitrary fixed point.
    @inline(__always)
    public static func now() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
    }

    /// The time `timeout` from now, for a blocking wait's deadline: waits time out in real time whatever a
    /// player's ``ClickClock``. A negative timeout is now; a huge one is far off without overflowing.
    public static func deadline(after timeout: Duration) -> UInt64 {
        let (seconds, attoseconds) = timeout.components
        guard seconds >= 0 else { return now() }
        let whole = UInt64(clamping: seconds).multipliedReportingOverflow(by: 1_000_000_000)
        guard !whole.overflow else { return UInt64.max / 2 }
        return now() &+ min(whole.partialValue &+ UInt64(attoseconds / 1_000_000_000), UInt64.max / 2)
    }

    @inline(__always)
    public static func hasPassed(_ deadline: UInt64) -> Bool { now() >= deadline }

    /// Sleeps until `deadline`, through signals.
    public static func sleep(untilNanoseconds deadline: UInt64) {
        var until = timespec(tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
        while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &until, nil) == EINTR {}
    }
}
