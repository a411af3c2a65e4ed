/// How a ``Mixer`` is built. Start from `MixerConfiguration()` and change what
/// you need; every field has a default and new fields will too.
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
    /// The per-click variation of gain and pitch, or `nil` for none (the
    /// default). ``Mixer/setVariation(_:)`` changes it later.
    public var variation: ClickVariation?
    /// The clock that decides whether a queued click is too old to play
    /// (``MixerClock``), or `nil` (the default) for a mixer that checks no
    /// age and plays every queued click. A ``ClickPlayer`` uses
    /// its own clock's (``ClickClock/mixerClock``) when this is `nil`.
    public var clock: MixerClock?
    /// How much older than its tap a click that expires when stale may be
    /// when the render thread takes it, and still play. Default: the
    /// standard policy's 100 ms (``LivenessPolicy/staleClickLimitNanoseconds``);
    /// a ``ClickPlayer`` sets its own policy's.
    public var staleClickLimitNanoseconds: UInt64 = LivenessPolicy.standard.staleClickLimitNanoseconds

    /// Creates a configuration; every argument has the documented default.
    ///
    /// Pure.
    public init(sampleRate: Int = 48_000, channels: Int = 2, voiceCount: Int = 32,
                maxFramesPerRender: Int = 4096, clickQueueCapacity: Int = 256,
                clickOnClickDuckingDecibels: Double = -6, clickOnClickRampMilliseconds: Double = 2,
                stealFadeMilliseconds: Double = 2, ducking: DuckingParameters = .default,
                limiterCeilingDecibels: Double = -0.1, limiterReleaseMilliseconds: Double = 50,
                variation: ClickVariation? = nil, clock: MixerClock? = nil) {
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
        self.variation = variation
        self.clock = clock
    }

    /// This configuration with every value brought into a range the mixer
    /// handles, and any value that is not finite replaced by its default:
    /// rate 1 000…768 000 Hz, 1…64 channels, 1…1024 voices, 16…65 536 frames
    /// per render, a click queue of 16…65 536, click-on-click ducking −60…0 dB
    /// over 0…100 ms, a steal fade of 1…100 ms, a limiter ceiling of −20…0 dBFS
    /// releasing over 1…5000 ms, a variation within ±6 dB and ±10 %, and ducking as ``DuckingParameters/clamped()``.
    ///
    /// Pure.
    public func validated() -> MixerConfiguration {
        func clamp(_ value: Int, _ range: ClosedRange<Int>) -> Int { min(max(value, range.lowerBound), range.upperBound) }
        func clamp(_ value: Double, _ range: ClosedRange<Double>, _ fallback: Double) -> Double {
            value.isFinite ? min(max(value, range.lowerBound), range.upperBound) : fallback
        }
        let defaults = MixerConfiguration()
        var valid = self
        valid.sampleRate = clamp(sampleRate, 1_000...768_000)
        valid.channels = clamp(channels, 1...64)
        valid.voiceCount = clamp(voiceCount, 1...1024)
        valid.maxFramesPerRender = clamp(maxFramesPerRender, 16...65_536)
        valid.clickQueueCapacity = clamp(clickQueueCapacity, 16...65_536)
        valid.clickOnClickDuckingDecibels = clamp(clickOnClickDuckingDecibels, -60...0, defaults.clickOnClickDuckingDecibels)
        valid.clickOnClickRampMilliseconds = clamp(clickOnClickRampMilliseconds, 0...100, defaults.clickOnClickRampMilliseconds)
        valid.stealFadeMilliseconds = clamp(stealFadeMilliseconds, 1...100, defaults.stealFadeMilliseconds)
        valid.ducking = ducking.clamped()
        valid.limiterCeilingDecibels = clamp(limiterCeilingDecibels, -20...0, defaults.limiterCeilingDecibels)
        valid.variation = variation?.clamped
        valid.limiterReleaseMilliseconds = clamp(limiterReleaseMilliseconds, 1...5000, defaults.limiterReleaseMilliseconds)
        return valid
    }

    /// Frames in `milliseconds` at ``sampleRate``, at least 1.
    func frames(_ milliseconds: Double) -> Int {
        max(1, Int((milliseconds * Double(sampleRate) / 1000).rounded()))
    }
}
