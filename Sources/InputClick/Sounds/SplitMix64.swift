/// A tiny seeded pseudo-random generator (SplitMix64, the public-domain
/// algorithm by Sebastiano Vigna): the same seed gives the same numbers on
/// every machine, which keeps the bundled sounds reproducible.
struct SplitMix64 {
    private var state: UInt64

    /// Starts the sequence at `seed`.
    init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform value in [−1, 1), from the top 53 bits.
    mutating func nextSigned() -> Double {
        Double(next() >> 11) / Double(UInt64(1) << 52) - 1
    }
}
