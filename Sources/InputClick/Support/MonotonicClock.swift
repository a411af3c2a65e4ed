#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The clock that click timestamps use: `CLOCK_MONOTONIC`, in nanoseconds.
///
/// Every timestamp in the library (``ClickSink/submitClick(_:requestedAt:)``,
/// latency figures, rate limiting) uses this one clock, so that times taken on
/// different threads compare.
///
/// Thread context: any thread; lock-free, allocation-free, real-time safe.
public enum MonotonicClock {
    /// Now, in nanoseconds since an arbitrary fixed point.
    ///
    /// Thread context: any thread; lock-free, allocation-free, real-time safe.
    @inline(__always)
    public static func now() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
    }

    /// Sleeps until `deadline` (nanoseconds of this clock), through signals.
    ///
    /// Thread context: any thread but the render thread; blocks.
    public static func sleep(untilNanoseconds deadline: UInt64) {
        var until = timespec(tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
        while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &until, nil) == EINTR {}
    }
}
