/// How a ``Mixer`` is built. Start from `MixerConfiguration()` and change what
/// you need; every field has a default and new fields will too.
///
/// Thread context: a plain value; use it from any thread.
public struct MixerConfiguration: Sendable, Hashable {
    /// Frames per second of the output. Default 48 000.
    public var sampleRate: Int
    /// Channels per output frame. Default 2.
    public var channels: Int
    /// How many clicks may sound at once before the oldest is stolen. Default 32.
    public var voiceCount: Int
    /// The largest block ``Mixer/render(into:frameCount:)`` renders in one pass;
    /// larger requests are split. Default 4096.
    public var maxFramesPerRender: Int
    /// How many clicks may wait between two render calls. Default 256.
    public var clickQueueCapacity: Int
    /// How far a new click lowers the clicks still sounding, in dB. Default −6.
    public var clickOnClickDuckingDecibels: Double
    /// How long that lowering takes, in milliseconds. Default 2.
    public var clickOnClickRampMilliseconds: Double
    /// The fade given to a stolen voice, in milliseconds (at least 1). Default 2.
    public var stealFadeMilliseconds: Double
    /// How host streams duck under clicks. Default ``DuckingParameters/default``.
    public var ducking: DuckingParameters
    /// The limiter's ceiling in dBFS; output never exceeds it. Default −0.1.
    public var limiterCeilingDecibels: Double
    /// How fast the limiter lets go after a peak, in milliseconds. Default 50.
    public var limiterReleaseMilliseconds: Double

    /// Creates a configuration; every argument has the documented default.
    public init(sampleRate: Int = 48_000, channels: Int = 2, voiceCount: Int = 32,
                maxFramesPerRender: Int = 4096, clickQueueCapacity: Int = 256,
                clickOnClickDuckingDecibels: Double = -6, clickOnClickRampMilliseconds: Double = 2,
                stealFadeMilliseconds: Double = 2, ducking: DuckingParameters = .default,
                limiterCeilingDecibels: Double = -0.1, limiterReleaseMilliseconds: Double = 50) {
        self.sampleRate = sampleRate
        self.channels = channels
        self.voiceCount = voiceCount
        self.maxFramesPerRender = maxFramesPerRender
        self.clickQueueCapacity = clickQueueCapacity
        self.clickOnClickDuckingDecibels = clickOnClickDuckingDecibels
        self.clickOnClickRampMilliseconds = clickOnClickRampMilliseconds
        self.stealFadeMilliseconds = stealFadeMilliseconds
        self.ducking = ducking
        self.limiterCeilingDecibels = limiterCeilingDecibels
        self.limiterReleaseMilliseconds = limiterReleaseMilliseconds
    }

    /// Frames in `milliseconds` at ``sampleRate``, at least 1.
    func frames(_ milliseconds: Double) -> Int {
        max(1, Int((milliseconds * Double(sampleRate) / 1000).rounded()))
    }
}
