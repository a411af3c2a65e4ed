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
public struct TypingRhythm: Sendable, Hashable {
    /// The slowest and fastest speeds accepted; others are clamped into this range.
    public static let wordsPerMinuteRange: ClosedRange<Double> = 1...300

    /// How far the jitter may stretch or shrink one interval, as a factor of the mean.
    public static let intervalFactorRange: ClosedRange<Double> = 0.4...1.6

    /// Words (of five taps) per minute. Default 40.
    public var wordsPerMinute: Double
    /// The standard deviation of an interval as a fraction of the mean. Default 0.15.
    public var jitter: Double
    /// The generator's seed. Default 2024.
    public var seed: UInt64

    /// Creates a rhythm. A speed outside ``wordsPerMinuteRange`` (or not a
    /// number) is clamped into it (40 for NaN); the jitter is clamped to 0–0.5.
    public init(wordsPerMinute: Double = 40, jitter: Double = 0.15, seed: UInt64 = 2024) {
        let speed = wordsPerMinute.isNaN ? 40 : wordsPerMinute
        self.wordsPerMinute = min(max(speed, Self.wordsPerMinuteRange.lowerBound), Self.wordsPerMinuteRange.upperBound)
        self.jitter = jitter.isNaN ? 0 : min(max(jitter, 0), 0.5)
        self.seed = seed
    }

    /// The mean interval between taps, in nanoseconds.
    public var meanInterval: UInt64 { UInt64((60e9 / (wordsPerMinute * 5)).rounded()) }

    /// `count` intervals between taps, in nanoseconds, the same for the same seed.
    public func intervals(count: Int) -> [UInt64] {
        var generator = SplitMix64(seed: seed)
        let mean = Double(meanInterval)
        return (0..<max(count, 0)).map { _ in
            let factor = min(max(1 + jitter * generator.nextGaussian(), Self.intervalFactorRange.lowerBound),
                             Self.intervalFactorRange.upperBound)
            return UInt64((mean * factor).rounded())
        }
    }

    /// The least time `taps` taps can take, in nanoseconds, whatever the seed:
    /// `taps` intervals each as short as the jitter allows. A caller with a
    /// time limit can refuse a text this long before planning it, since typing
    /// a character takes at least one tap.
    public func shortestDuration(taps: Int) -> UInt64 {
        let shortest = UInt64((Double(meanInterval) * Self.intervalFactorRange.lowerBound).rounded())
        return UInt64(max(taps, 0)).multipliedReportingOverflow(by: shortest).partialValue
    }
}
