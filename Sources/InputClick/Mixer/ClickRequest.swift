/// A click waiting in the click ring for the render thread.
/// Real-time context: a plain value, so queueing one allocates nothing.
struct ClickRequest: BitwiseCopyable {
    var kind: ClickKind
    /// On the caller's clock; reported back in the click's ``ClickOnset``.
    var requestedAt: UInt64
    var placement: ClickPlacement = .center
    /// Dropped rather than started late: its caller was told it is `suspect` (``Mixer/staleClickLimitNanoseconds``).
    var expiresWhenStale = false
}
