/// How long each part of the player waits before it stops trusting a device or a tap: every liveness limit,
/// in one place. A tap should sound within about 100 ms or not at all: later it is no longer feedback for its
/// key.
///
/// | Limit | Who applies it | Standard |
/// |---|---|---|
/// | ``holdLimitNanoseconds`` | the hold (taps while a stream opens) | 100 ms |
/// | ``staleClickLimitNanoseconds`` | the mixer (clicks given to a suspect device) | 100 ms |
/// | ``suspectMarginNanoseconds`` | the render heartbeat (a running device without progress) | 100 ms past the loop's longest wait |
/// | ``stallTimeoutNanoseconds`` | a push device's render loop (no audio consumed: a fault) | 130 ms |
/// | ``healthyRunNanoseconds`` | the lifecycle (a run this long resets the retry backoff) | 2 s |
/// | ``serverStallTimeoutNanoseconds`` | a sound server's output (PulseAudio, PipeWire): its stall timeout's default | 500 ms |
/// | ``minimumStallTimeoutNanoseconds`` | ALSA's and PulseAudio's outputs: the shortest stall timeout taken | 50 ms |
/// | ``minimumPipeWireStallTimeoutNanoseconds`` | PipeWire's output: the shortest stall timeout taken | 200 ms |
/// | ``proofCheckNanoseconds`` | the lifecycle (how often a stream reopened after a fault is looked at) | 100 ms |
///
/// The stall timeout exceeds the suspect threshold, so a stalled stream's taps were reported
/// ``ClickDecision/suspect`` before it faults, never ``ClickDecision/plays``.
/// ``ClickPlayerConfiguration/liveness`` carries the first five to the player. An output's stall timeout is
/// its own argument: ALSA's (and the null and offline outputs') defaults to ``standard``'s, a sound server's
/// to ``serverStallTimeoutNanoseconds``, each raised to its floor. The last four are fixed.
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

    /// A daemon without real-time priority on a loaded machine was silent for over 130 ms while healthy;
    /// 500 ms is more than four of the longest cycles (2048 frames) a stock PipeWire runs.
    public static let serverStallTimeoutNanoseconds: UInt64 = 500_000_000
    public static let minimumStallTimeoutNanoseconds: UInt64 = 50_000_000
    /// Four of the longest cycles (2048 frames) a stock PipeWire runs.
    public static let minimumPipeWireStallTimeoutNanoseconds: UInt64 = 200_000_000
    public static let proofCheckNanoseconds: UInt64 = 100_000_000

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
