/// A tiny seeded pseudo-random generator (SplitMix64, the public-domain
/// algorithm by Sebastiano Vigna): the same seed gives the same numbers on
/// every machine. The bundled sounds use it to stay reproducible bit for
/// bit, and the typing planner for a repeatable human rhythm.
///
/// Real-time safe (allocation-free); each copy is independent.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Starts the sequence at `seed`.
    ///
    /// Pure.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform value in [−1, 1), from the top 53 bits.
    public mutating func nextSigned() -> Double {
        Double(next() >> 11) / Double(UInt64(1) << 52) - 1
    }

    /// A uniform value in [0, 1), from the top 53 bits.
    public mutating func nextUnit() -> Double { Double(next() >> 11) * 0x1.0p-53 }

    /// An approximately standard-normal value (Irwin–Hall: twelve uniforms
    /// less six), always within ±6.
    public mutating func nextGaussian() -> Double {
        var sum = 0.0
        for _ in 0..<12 { sum += nextUnit() }
        return sum - 6
    }
}
