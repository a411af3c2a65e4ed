/// A tiny seeded generator (Sebastiano Vigna's public-domain SplitMix64): the same seed gives the same
/// numbers on every machine, so the bundled sounds and the typing planner are reproducible. Real-time safe.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [−1, 1), from the top 53 bits.
    public mutating func nextSigned() -> Double {
        Double(next() >> 11) / Double(UInt64(1) << 52) - 1
    }

    /// Uniform in [0, 1), from the top 53 bits.
    public mutating func nextUnit() -> Double { Double(next() >> 11) * 0x1.0p-53 }

    /// Approximately standard normal (Irwin–Hall: twelve uniforms less six), always within ±6.
    public mutating func nextGaussian() -> Double {
        var sum = 0.0
        for _ in 0..<12 { sum += nextUnit() }
        return sum - 6
    }
}
