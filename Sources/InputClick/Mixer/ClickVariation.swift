/// A small, seeded variation of each click's gain and pitch, so fast typing does not sound mechanical.
///
/// Each click's variation comes from the seed and its start order, so the same seed and clicks render
/// the same audio and a rewind repeats it. A higher pitch also shortens the click. A plain value.
public struct ClickVariation: Sendable, Hashable {
    public var seed: UInt64
    /// Either way, in dB; clamped to 0…6. Default 1.
    public var gainDecibels: Float
    /// Either way, as a fraction of the rate; clamped to 0…0.1. Default 0.02.
    public var pitchFraction: Float

    public init(seed: UInt64, gainDecibels: Float = 1, pitchFraction: Float = 0.02) {
        self.seed = seed
        self.gainDecibels = gainDecibels
        self.pitchFraction = pitchFraction
    }

    /// Non-finite means 0.
    var clamped: ClickVariation {
        func clamp(_ value: Float, _ limit: Float) -> Float { value.isFinite ? min(max(value, 0), limit) : 0 }
        return ClickVariation(seed: seed, gainDecibels: clamp(gainDecibels, 6), pitchFraction: clamp(pitchFraction, 0.1))
    }

    /// The linear gain and playback rate of the click started `serial`-th. Real-time safe.
    public func factors(forClick serial: UInt64) -> (gain: Float, rate: Float) {
        let valid = clamped
        var random = SplitMix64(seed: seed ^ (serial &* 0xD6E8_FEB8_6659_FD93))
        let decibels = Double(valid.gainDecibels) * random.nextSigned()
        let rate = 1 + Double(valid.pitchFraction) * random.nextSigned()
        return (Float(Decibels.toGain(decibels)), Float(rate))
    }
}
