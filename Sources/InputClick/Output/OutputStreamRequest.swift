/// What a player asks of an output; the output reports what it got in ``OutputFormat``. Start from
/// `OutputStreamRequest()`, which holds every default.
public struct OutputStreamRequest: Sendable, Hashable {
    /// Frames per second. Default 48 000.
    public var sampleRate: Int
    /// Default 2.
    public var channels: Int
    /// Formats the output may choose, best first. Default float, then S32, then S16.
    public var sampleFormats: [SampleFormat]
    /// Default ``LatencyProfile/lowLatency``.
    public var latency: LatencyProfile
    /// Default ``SchedulingPreference/automatic``.
    public var scheduling: SchedulingPreference
    /// In rewind mode, how far ahead of the read position a new click is written; too small and the device may
    /// already read the frames rewritten. Default 64 (1.3 ms at 48 kHz). Not kept on a device that takes whole
    /// cycles (``RenderDevice/transferCycleFrames``, ALSA's `jack`) when its next cycle is known to be far
    /// enough away: the click then goes at the read position itself (``TransferCycle``).
    public var rewindSafeguardFrames: Int
    /// In rewind mode, the periods kept queued while audio sounds (the profile's count if larger). Default 16.
    public var rewindBufferPeriods: Int
    /// What a kept-running stream asks of a server's graph (PipeWire). Default ``ServerLatencyPolicy/balanced``.
    public var serverLatency: ServerLatencyPolicy
    /// The opening player's clock, which the device reads its time from (PipeWire's keeps real time: its graph
    /// times cycles by CLOCK_MONOTONIC). Default ``ClickClock/monotonic``.
    public var clock: ClickClock = .monotonic

    public init(sampleRate: Int = 48_000, channels: Int = 2,
                sampleFormats: [SampleFormat] = [.float32, .signed32, .signed16],
                latency: LatencyProfile = .lowLatency, scheduling: SchedulingPreference = .automatic,
                rewindSafeguardFrames: Int = 64, rewindBufferPeriods: Int = 16,
                serverLatency: ServerLatencyPolicy = .balanced) {
        self.sampleRate = sampleRate
        self.channels = channels
        self.sampleFormats = sampleFormats
        self.latency = latency
        self.scheduling = scheduling
        self.rewindSafeguardFrames = max(0, rewindSafeguardFrames)
        self.rewindBufferPeriods = min(64, max(2, rewindBufferPeriods))
        self.serverLatency = serverLatency
    }
}
