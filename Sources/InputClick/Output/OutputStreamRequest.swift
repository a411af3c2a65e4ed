/// What a player asks of an output when it opens a stream. The output
/// negotiates and reports what it actually got in ``OutputFormat``.
///
/// Start from `OutputStreamRequest()`, which holds every default, and change
/// what you need.
///
/// Thread context: a plain value; use it from any thread.
public struct OutputStreamRequest: Sendable, Hashable {
    /// The preferred rate in frames per second. Default 48 000.
    public var sampleRate: Int
    /// The preferred channel count. Default 2.
    public var channels: Int
    /// Sample formats the output may choose, best first. Default float, then S32, then S16.
    public var sampleFormats: [SampleFormat]
    /// The period and buffer sizes to ask for. Default ``LatencyProfile/lowLatency``.
    public var latency: LatencyProfile

    /// Creates a request; every argument has the documented default.
    ///
    /// Thread context: any thread but the render thread (the default format list is an array).
    public init(sampleRate: Int = 48_000, channels: Int = 2,
                sampleFormats: [SampleFormat] = [.float32, .signed32, .signed16],
                latency: LatencyProfile = .lowLatency) {
        self.sampleRate = sampleRate
        self.channels = channels
        self.sampleFormats = sampleFormats
        self.latency = latency
    }
}
