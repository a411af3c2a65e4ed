#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// `CLOCK_MONOTONIC` in nanoseconds: real time, which ``ClickClock/monotonic`` reads. Only this file reads it
/// directly; everything else reads the ``ClickClock`` it was given, or ``ClickClock/monotonic`` by name where
/// real time is the point. Lock-free and allocation-free.
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

/// The one clock of a player and everything it drives, in nanoseconds: tap stamps (``InputClickGate``), the
/// lifecycle's rules, the hold, the suspect check, the mixers' stale-click limit and the streams' devices. A
/// ``ControlScheduler`` owns it (``ControlScheduler/clock``), so *now*, *sleep* and *schedule* agree:
/// ``monotonic`` for ``DispatchControlScheduler``, a ``SimulatedClock`` for `ManualControlScheduler`, whose
/// advance moves all of the above. The player hands it to the gate (``ClickSink/clock``), its mixers
/// (``MixerClock``) and each stream (``OutputStreamRequest/clock``; PipeWire's device keeps ``monotonic``,
/// the graph's clock). ``now()`` is real-time safe.
public struct ClickClock: Sendable, Hashable {
    /// The simulated clock read instead of ``MonotonicClock``, if any.
    public let simulated: SimulatedClock?

    public static let monotonic = ClickClock(simulated: nil)

    /// Time that moves only when `clock` is set or advanced.
    public static func simulated(_ clock: SimulatedClock) -> ClickClock { ClickClock(simulated: clock) }

    private init(simulated: SimulatedClock?) {
        self.simulated = simulated
    }

    @inline(__always)
    public func now() -> UInt64 {
        guard let simulated else { return MonotonicClock.now() }
        return simulated.now
    }

    /// Returns once the clock reads `deadline`: sleeps in real time, or waits until a simulated clock is moved there.
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
