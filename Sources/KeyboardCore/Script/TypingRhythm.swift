import InputClick

/// The pace of planned typing: a mean speed in words per minute, with a
/// human jitter drawn from a seeded generator, so the same seed always gives
/// the same times.
///
/// Every tap counts, the mode keys (shift, `123`, …) included, and a word is
/// five taps: at the default 40 words per minute the mean interval between
/// taps is 60 s / (40 × 5) = 300 ms. Each interval is the mean times
/// `1 + jitter × z`, `z` approximately standard normal, kept within 0.4–1.6 of
/// the mean.
///
/// Thread context: a plain value; use it from any thread.
public struct TypingRhythm: Sendable, Hashable {
    /// The slowest and fastest speeds accepted; others are clamped into this range.
    public static let wordsPerMinuteRange: ClosedRange<Double> = 1...300

    /// Words (of five taps) per minute. Default 40.
    public var wordsPerMinute: Double
    /// The standard deviation of an interval as a fraction of the mean. Default 0.15.
    public var jitter: Double
    /// The generator's seed. Default 2024.
    public var seed: UInt64

    /// Creates a rhythm. A speed outside ``wordsPerMinuteRange`` (or not a
    /// number) is clamped into it (40 for NaN); the jitter is clamped to 0–0.5.
    ///
    /// Thread context: any thread.
    public init(wordsPerMinute: Double = 40, jitter: Double = 0.15, seed: UInt64 = 2024) {
        let speed = wordsPerMinute.isNaN ? 40 : wordsPerMinute
        self.wordsPerMinute = min(max(speed, Self.wordsPerMinuteRange.lowerBound), Self.wordsPerMinuteRange.upperBound)
        self.jitter = jitter.isNaN ? 0 : min(max(jitter, 0), 0.5)
        self.seed = seed
    }

    /// The mean interval between taps, in nanoseconds.
    public var meanInterval: UInt64 { UInt64((60e9 / (wordsPerMinute * 5)).rounded()) }

    /// `count` intervals between taps, in nanoseconds, the same for the same seed.
    ///
    /// Thread context: any thread.
    public func intervals(count: Int) -> [UInt64] {
        var generator = SplitMix64(seed: seed)
        let mean = Double(meanInterval)
        return (0..<max(count, 0)).map { _ in
            let factor = min(max(1 + jitter * generator.nextGaussian(), 0.4), 1.6)
            return UInt64((mean * factor).rounded())
        }
    }
}
