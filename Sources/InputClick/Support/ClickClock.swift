/// The one clock of a player and everything it drives, in nanoseconds: tap stamps (``InputClickGate``), the
/// lifecycle's rules, the hold, the suspect check, the mixers' stale-click limit and test streams' render
/// times. A ``ControlScheduler`` owns it (``ControlScheduler/clock``), so *now*, *sleep* and *schedule* agree:
/// ``monotonic`` for ``DispatchControlScheduler``, a ``SimulatedClock`` for `ManualControlScheduler`, whose
/// advance moves all of the above. The player hands it to the gate (``ClickSink/clock``), its mixers
/// (``MixerClock``) and each stream (``OutputStreamRequest/clock``). ``now()`` is real-time safe.
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
