/// A click that started sounding during one render call: which one, when it
/// was asked for, and where in the rendered block its first frame sits.
///
/// The player turns these into latency figures.
///
/// Thread context: a plain value; real-time safe.
public struct ClickOnset: Sendable, Hashable {
    /// The sound that started.
    public var kind: ClickKind
    /// When the click was asked for, in nanoseconds of ``MonotonicClock``.
    public var requestedAt: UInt64
    /// The frame within the rendered block where it starts.
    public var frameOffset: Int

    /// Creates an onset record.
    ///
    /// Real-time safe.
    public init(kind: ClickKind, requestedAt: UInt64, frameOffset: Int) {
        self.kind = kind
        self.requestedAt = requestedAt
        self.frameOffset = frameOffset
    }
}
