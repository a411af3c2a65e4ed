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
/// Lock-free, allocation-free, real-time safe.
public enum MonotonicClock {
    /// Now, in nanoseconds since an arbitrary fixed point.
    ///
    /// Lock-free, allocation-free, real-time safe.
    @inline(__always)
    public static func now() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
    }

    /// The time `timeout` from now, for a blocking wait's deadline: waits
    /// time out in real time whatever clock a player runs on
    /// (``ClickClock``). A negative timeout is now; a huge one is far off
    /// without overflowing.
    ///
    /// Lock-free, allocation-free.
    public static func deadline(after timeout: Duration) -> UInt64 {
        let (seconds, attoseconds) = timeout.components
        guard seconds >= 0 else { return now() }
        let whole = UInt64(clamping: seconds).multipliedReportingOverflow(by: 1_000_000_000)
        guard !whole.overflow else { return UInt64.max / 2 }
        return now() &+ min(whole.partialValue &+ UInt64(attoseconds / 1_000_000_000), UInt64.max / 2)
    }

    /// Whether `deadline` (nanoseconds of this clock) has passed.
    ///
    /// Lock-free, allocation-free.
    @inline(__always)
    public static func hasPassed(_ deadline: UInt64) -> Bool { now() >= deadline }

    /// Sleeps until `deadline` (nanoseconds of this clock), through signals.
    public static func sleep(untilNanoseconds deadline: UInt64) {
        var until = timespec(tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
        while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &until, nil) == EINTR {}
    }
}

/// The one clock of a player and everything it drives: the times its taps
/// are stamped with (``InputClickGate``), the lifecycle's rules (the healthy
/// run, the hold limit, a suspect device), its mixers' stale-click limit and
/// its test streams' render times, in nanoseconds.
///
/// A ``ControlScheduler`` owns the clock its work is scheduled by
/// (``ControlScheduler/clock``), so that *now*, *sleep* and *schedule* are
/// one clock: ``monotonic`` for ``DispatchControlScheduler``, a
/// ``SimulatedClock`` for a scheduler with manual time
/// (`ManualControlScheduler` in InputClickTesting), which moves everything
/// above when a test advances it. The player hands it on: to the gate
/// through ``ClickSink/clock``, to its mixers as their ``MixerClock``, and to
/// each stream in ``OutputStreamRequest/clock`` (a device that plays in real
/// time follows it too, but PipeWire's, whose graph runs on ``monotonic``).
///
/// Thread context: ``now()`` is lock-free and allocation-free, so a render
/// thread may read it.
public struct ClickClock: Sendable, Hashable {
    /// The simulated clock read instead of ``MonotonicClock``, if any.
    public let simulated: SimulatedClock?

    /// ``MonotonicClock``: real time.
    public static let monotonic = ClickClock(simulated: nil)

    /// Time that moves only when `clock` is set or advanced.
    public static func simulated(_ clock: SimulatedClock) -> ClickClock { ClickClock(simulated: clock) }

    private init(simulated: SimulatedClock?) {
        self.simulated = simulated
    }

    /// Now, in nanoseconds.
    ///
    /// Lock-free, allocation-free.
    @inline(__always)
    public func now() -> UInt64 {
        guard let simulated else { return MonotonicClock.now() }
        return simulated.now
    }

    /// Returns once the clock reads `deadline` or later: sleeps in real time,
    /// or waits until a simulated clock has been moved there.
    public func sleep(untilNanoseconds deadline: UInt64) {
        guard let simulated else { return MonotonicClock.sleep(untilNanoseconds: deadline) }
        simulated.wait(untilNanoseconds: deadline)
    }

    /// The clock a mixer of this player reads to refuse stale clicks.
    public var mixerClock: MixerClock {
        guard let simulated else { return .monotonic }
        return .manual(simulated)
    }
}
