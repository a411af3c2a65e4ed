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
/// time keeps ``MonotonicClock``; a test double follows the request).
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
