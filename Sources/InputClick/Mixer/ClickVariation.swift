/// A small, seeded variation of each click's gain and pitch, so that fast
/// typing does not sound like a machine gun.
///
/// The mixer draws the variation of each click from the seed and the
/// click's start order (its *n*-th click since the mixer was made), so the
/// same seed and the same clicks render the same audio, and a rewound render
/// repeats it exactly. The gain varies uniformly within ±``gainDecibels`` dB
/// and the pitch (playback rate) within ±``pitchFraction``; a higher rate
/// also makes the click shorter. Set it with ``Mixer/setVariation(_:)``;
/// clicks placed with ``ClickPlacement/varies`` false play unvaried.
///
/// Thread context: a plain value; real-time safe.
public struct ClickVariation: Sendable, Hashable {
    /// The seed; the same seed gives the same variations.
    public var seed: UInt64
    /// The largest gain change, in dB, either way; clamped to 0…6. Default 1.
    public var gainDecibels: Float
    /// The largest pitch change, as a fraction of the rate, either way;
    /// clamped to 0…0.1. Default 0.02 (±2 %).
    public var pitchFraction: Float

    /// Creates a variation; the ranges default to ±1 dB and ±2 %.
    ///
    /// Pure.
    public init(seed: UInt64, gainDecibels: Float = 1, pitchFraction: Float = 0.02) {
        self.seed = seed
        self.gainDecibels = gainDecibels
        self.pitchFraction = pitchFraction
    }

    /// The ranges after clamping (non-finite means 0).
    var clamped: ClickVariation {
        func clamp(_ value: Float, _ limit: Float) -> Float { value.isFinite ? min(max(value, 0), limit) : 0 }
        return ClickVariation(seed: seed, gainDecibels: clamp(gainDecibels, 6), pitchFraction: clamp(pitchFraction, 0.1))
    }

    /// The gain (linear) and playback rate of the click started `serial`-th.
    ///
    /// Pure, allocation-free, real-time safe.
    public func factors(forClick serial: UInt64) -> (gain: Float, rate: Float) {
        let valid = clamped
        var random = SplitMix64(seed: seed ^ (serial &* 0xD6E8_FEB8_6659_FD93))
        let decibels = Double(valid.gainDecibels) * random.nextSigned()
        let rate = 1 + Double(valid.pitchFraction) * random.nextSigned()
        return (Float(Decibels.toGain(decibels)), Float(rate))
    }
}
