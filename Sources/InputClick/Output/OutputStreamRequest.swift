/// What a player asks of an output when it opens a stream. The output
/// negotiates and reports what it actually got in ``OutputFormat``.
///
/// Start from `OutputStreamRequest()`, which holds every default, and change
/// what you need.
public struct OutputStreamRequest: Sendable, Hashable {
    /// The preferred rate in frames per second. Default 48 000.
    public var sampleRate: Int
    /// The preferred channel count. Default 2.
    public var channels: Int
    /// Sample formats the output may choose, best first. Default float, then S32, then S16.
    public var sampleFormats: [SampleFormat]
    /// The period and buffer sizes to ask for. Default ``LatencyProfile/lowLatency``.
    public var latency: LatencyProfile
    /// Which click scheduling the stream may use. Default
    /// ``SchedulingPreference/automatic``: rewind where the device's rewind
    /// is real, keep running on `pulse`, else start on demand and append.
    public var scheduling: SchedulingPreference
    /// In ``ClickScheduling/rewind`` mode, how many frames ahead of the
    /// device's read position a new click is written at the soonest. Too
    /// small and the device may already be reading the frames being
    /// rewritten. Default 64 (1.3 ms at 48 kHz), measured to hold on the
    /// JACK sink; PulseAudio keeps the larger of 256 bytes and 1.33 ms.
    public var rewindSafeguardFrames: Int
    /// In ``ClickScheduling/rewind`` mode, the periods the buffer holds and
    /// is kept filled to while audio sounds; the latency profile's own count
    /// is used if larger. The render thread tops the buffer up when half of
    /// it has played, not at every period. Default 16.
    public var rewindBufferPeriods: Int
    /// On a sound server where the stream is kept running while open
    /// (PipeWire), the latency it asks of the server's graph. Default
    /// ``ServerLatencyPolicy/balanced``.
    public var serverLatency: ServerLatencyPolicy
    /// The clock of the player that opens the stream (``ClickClock``): a
    /// device reads its time from it (PipeWire's, whose graph times its
    /// cycles by CLOCK_MONOTONIC, keeps real time). Default ``ClickClock/monotonic``.
    public var clock: ClickClock = .monotonic

    /// Creates a request; every argument has the documented default.
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
