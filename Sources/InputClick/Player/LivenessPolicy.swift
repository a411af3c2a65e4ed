/// How long each part of the player waits before it stops trusting a device
/// or a tap: every liveness limit, in one place.
///
/// A tap should sound within about 100 ms or not at all: later it is no
/// longer feedback for the key that made it. The limits follow from that:
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
/// The stall timeout is the suspect threshold plus the loop's last look:
/// by the time a stalled stream faults, its taps have been reported
/// ``ClickDecision/suspect`` for a while, never ``ClickDecision/plays``.
///
/// ``ClickPlayerConfiguration/liveness`` carries the first five to the
/// player, which hands each limit to the part that applies it. An output's
/// stall timeout is the output's own argument: ALSA's (and the null and
/// offline outputs') defaults to ``standard``'s, a sound server's to
/// ``serverStallTimeoutNanoseconds``, and each output raises a shorter one
/// to its floor. The last four are fixed: the outputs and the lifecycle
/// take them from here.
public struct LivenessPolicy: Sendable, Hashable {
    /// How long a tap that came while the stream was opening may wait for it;
    /// older when the stream runs, it is dropped and counted.
    public var holdLimitNanoseconds: UInt64
    /// How much older than its tap a click given to a suspect device may be
    /// when the render thread takes it, and still play.
    public var staleClickLimitNanoseconds: UInt64
    /// How much longer than its render loop ever waits between looks a
    /// running device may make no progress before it is suspect
    /// (``suspectAfterNanoseconds(for:)``).
    public var suspectMarginNanoseconds: UInt64
    /// How long a running device may consume no audio before its stream
    /// ends with an ``OutputFault/Kind/stalled`` fault.
    public var stallTimeoutNanoseconds: UInt64
    /// A stream that ran at least this long before its fault resets the
    /// retry backoff.
    public var healthyRunNanoseconds: UInt64

    /// The library's limits: 100 ms, 100 ms, 100 ms, 130 ms, 2 s.
    public static let standard = LivenessPolicy(holdLimitNanoseconds: 100_000_000,
                                                staleClickLimitNanoseconds: 100_000_000,
                                                suspectMarginNanoseconds: 100_000_000,
                                                stallTimeoutNanoseconds: 130_000_000,
                                                healthyRunNanoseconds: 2_000_000_000)

    /// The stall timeout a sound server's output (PulseAudio, PipeWire) has
    /// unless given one: 500 ms. A server daemon without real-time priority
    /// on a loaded machine was measured silent for more than 130 ms while
    /// healthy; and 500 ms is more than four of the longest cycles (2048
    /// frames) a stock PipeWire runs.
    public static let serverStallTimeoutNanoseconds: UInt64 = 500_000_000
    /// The shortest stall timeout the ALSA and PulseAudio outputs take: 50 ms.
    public static let minimumStallTimeoutNanoseconds: UInt64 = 50_000_000
    /// The shortest stall timeout PipeWire's output takes: 200 ms, four of
    /// the longest cycles (2048 frames) a stock server runs.
    public static let minimumPipeWireStallTimeoutNanoseconds: UInt64 = 200_000_000
    /// How often the lifecycle looks at a stream reopened in an episode of
    /// failure until it has proved itself: 100 ms.
    public static let proofCheckNanoseconds: UInt64 = 100_000_000

    /// A policy with the given limits.
    public init(holdLimitNanoseconds: UInt64, staleClickLimitNanoseconds: UInt64, suspectMarginNanoseconds: UInt64,
                stallTimeoutNanoseconds: UInt64, healthyRunNanoseconds: UInt64) {
        self.holdLimitNanoseconds = holdLimitNanoseconds
        self.staleClickLimitNanoseconds = staleClickLimitNanoseconds
        self.suspectMarginNanoseconds = suspectMarginNanoseconds
        self.stallTimeoutNanoseconds = stallTimeoutNanoseconds
        self.healthyRunNanoseconds = healthyRunNanoseconds
    }

    /// How long a running device of `format` may make no progress before it
    /// is suspect: the longest a render loop waits between looks (half the
    /// buffer, the rewind mode's top-up, or the loop's 20 ms wait slice,
    /// whichever is longer) plus ``suspectMarginNanoseconds`` for a loaded machine.
    public func suspectAfterNanoseconds(for format: OutputFormat) -> UInt64 {
        let halfBuffer = UInt64(format.bufferFrames / 2) * 1_000_000_000 / UInt64(max(1, format.sampleRate))
        return max(halfBuffer, 20_000_000) + suspectMarginNanoseconds
    }
}
