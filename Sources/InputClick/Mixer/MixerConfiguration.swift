/// How a ``Mixer`` is built; every field has a default and new fields will too.
public struct MixerConfiguration: Sendable, Hashable {
    /// Default 48 000.
    public var sampleRate: Int
    /// Default 2.
    public var channels: Int
    /// Clicks that sound at once before the oldest is stolen. Default 32.
    public var voiceCount: Int
    /// The largest block rendered in one pass; larger requests are split. Default 4096.
    public var maxFramesPerRender: Int
    /// Clicks that may wait between two renders. Default 256.
    public var clickQueueCapacity: Int
    /// How far a new click lowers the clicks still sounding, in dB. Default −6.
    public var clickOnClickDuckingDecibels: Double
    /// Default 2.
    public var clickOnClickRampMilliseconds: Double
    /// At least 1. Default 2.
    public var stealFadeMilliseconds: Double
    public var ducking: DuckingParameters
    /// dBFS; output never exceeds it. Default −0.1.
    public var limiterCeilingDecibels: Double
    /// Default 50.
    public var limiterReleaseMilliseconds: Double
    /// `nil` (the default) for none.
    public var variation: ClickVariation?
    /// Decides whether a queued click is too old to play; `nil` (the default) checks no age.
    /// A ``ClickPlayer`` uses its own clock's when this is `nil`.
    public var clock: MixerClock?
    /// How much older than its tap a click that expires when stale may be and still play. Default 100 ms.
    public var staleClickLimitNanoseconds: UInt64 = LivenessPolicy.standard.staleClickLimitNanoseconds

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

    /// Every value brought into range, non-finite ones replaced by their default: rate 1 000…768 000 Hz,
    /// 1…64 channels, 1…1024 voices, 16…65 536 frames per render and queued clicks, click-on-click ducking
    /// −60…0 dB over 0…100 ms, steal fade 1…100 ms, ceiling −20…0 dBFS, release 1…5000 ms, variation within
    /// ±6 dB and ±10 %, ducking as ``DuckingParameters/clamped()``.
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

    /// At least 1.
    func frames(_ milliseconds: Double) -> Int {
        max(1, Int((milliseconds * Double(sampleRate) / 1000).rounded()))
    }
}
