/// A click waiting to start: what a ``Mixer/submitClick(_:requestedAt:placement:)``
/// call puts in the click ring for the render thread.
///
/// Real-time context: a plain value, copied into a preallocated ring slot,
/// so queueing one allocates nothing.
struct ClickRequest: BitwiseCopyable {
    /// The sound to play.
    var kind: ClickKind
    /// When the click was asked for, on the caller's clock; reported back in
    /// the click's ``ClickOnset``.
    var requestedAt: UInt64
    /// Its pan, gain and whether it varies.
    var placement: ClickPlacement = .center
    /// Whether the click is dropped rather than started late: set for a click
    /// its caller was told is `suspect` (see ``Mixer/staleClickLimitNanoseconds``).
    var expiresWhenStale = false
}
