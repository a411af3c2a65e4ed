/// How long each part of the player waits before it stops trusting a device or a tap. A tap should sound
/// within about 100 ms or not at all: later it is no longer feedback for its key.
///
/// | Limit | Who applies it | Standard |
/// |---|---|---|
/// | ``holdLimitNanoseconds`` | the hold (taps while a stream opens) | 100 ms |
/// | ``staleClickLimitNanoseconds`` | the mixer (clicks given to a suspect device) | 100 ms |
/// | ``suspectMarginNanoseconds`` | the render heartbeat (a running device without progress) | 100 ms past the loop's longest wait |
/// | ``stallTimeoutNanoseconds`` | a push device's render loop (no audio consumed: a fault) | 130 ms |
/// | ``healthyRunNanoseconds`` | the lifecycle (a run this long resets the retry backoff) | 2 s |
///
/// The stall timeout exceeds the suspect threshold, so a stalled stream's taps were reported
/// ``ClickDecision/held`` before it faults, never ``ClickDecision/plays``. An output's stall timeout is its
/// own argument, defaulting to ``standard``'s.
public struct LivenessPolicy: Sendable, Hashable {
    /// A tap held longer than this when the stream runs is dropped and counted.
    public var holdLimitNanoseconds: UInt64
    /// How much older than its tap a click given to a suspect device may be when rendered, and still play.
    public var staleClickLimitNanoseconds: UInt64
    /// See ``suspectAfterNanoseconds(for:)``.
    public var suspectMarginNanoseconds: UInt64
    public var stallTimeoutNanoseconds: UInt64
    public var healthyRunNanoseconds: UInt64

    public static let standard = LivenessPolicy(holdLimitNanoseconds: 100_000_000,
                                                staleClickLimitNanoseconds: 100_000_000,
                                                suspectMarginNanoseconds: 100_000_000,
                                                stallTimeoutNanoseconds: 130_000_000,
                                                healthyRunNanoseconds: 2_000_000_000)

    public init(holdLimitNanoseconds: UInt64, staleClickLimitNanoseconds: UInt64, suspectMarginNanoseconds: UInt64,
                stallTimeoutNanoseconds: UInt64, healthyRunNanoseconds: UInt64) {
        self.holdLimitNanoseconds = holdLimitNanoseconds
        self.staleClickLimitNanoseconds = staleClickLimitNanoseconds
        self.suspectMarginNanoseconds = suspectMarginNanoseconds
        self.stallTimeoutNanoseconds = stallTimeoutNanoseconds
        self.healthyRunNanoseconds = healthyRunNanoseconds
    }

    /// The longest a render loop waits between looks (half the buffer or the 20 ms wait slice, whichever is
    /// longer) plus ``suspectMarginNanoseconds`` for a loaded machine.
    public func suspectAfterNanoseconds(for format: OutputFormat) -> UInt64 {
        let halfBuffer = UInt64(format.bufferFrames / 2) * 1_000_000_000 / UInt64(max(1, format.sampleRate))
        return max(halfBuffer, 20_000_000) + suspectMarginNanoseconds
    }
}
