/// The clock a ``Mixer`` reads, once per render, to refuse stale clicks: a
/// click taken from the queue more than ``Mixer/staleClickLimitNanoseconds``
/// after its `requestedAt` is dropped and counted
/// (``Mixer/staleClicksDropped``) instead of playing late.
///
/// Every case reads without allocating, locking or blocking, so the render
/// thread may read it.
public enum MixerClock: Sendable, Hashable {
    /// ``MonotonicClock``: real time, for a mixer that plays to a device.
    /// A ``ClickPlayer`` on real time uses it unless its configuration
    /// names another; one on a simulated ``ClickClock`` uses ``manual(_:)``.
    case monotonic
    /// Audio time: `originNanoseconds` plus the frames the mixer has rendered,
    /// at its rate. Offline renders (``ClickTimeline``), whose click times
    /// are on the same timeline, stay deterministic with it.
    case frames(originNanoseconds: UInt64)
    /// A clock a test or a simulation sets by hand.
    case manual(SimulatedClock)
}
