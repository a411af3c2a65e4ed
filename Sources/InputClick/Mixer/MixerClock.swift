/// The clock a ``Mixer`` reads once per render to refuse stale clicks. Every case reads without
/// allocating, locking or blocking.
public enum MixerClock: Sendable, Hashable {
    /// Real time, for a mixer that plays to a device.
    case monotonic
    /// `originNanoseconds` plus the frames rendered: deterministic for offline renders (``ClickTimeline``).
    case frames(originNanoseconds: UInt64)
    case manual(SimulatedClock)
}
