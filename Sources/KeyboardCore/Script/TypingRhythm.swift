import InputClick

/// The pace of planned typing: a mean speed with a seeded human jitter (the same seed
/// gives the same times). A word is five taps, mode keys included: 40 words per minute
/// is 300 ms a tap. Each interval is the mean times `1 + jitter × z`, within
/// ``intervalFactorRange``.
public struct TypingRhythm: Sendable, Hashable {
    /// Others are clamped into it.
    public static let wordsPerMinuteRange: ClosedRange<Double> = 1...300

    /// As a factor of the mean.
    public static let intervalFactorRange: ClosedRange<Double> = 0.4...1.6

    /// Words of five taps. Default 40.
    public var wordsPerMinute: Double
    /// An interval's standard deviation as a fraction of the mean. Default 0.15.
    public var jitter: Double
    /// Default 2024.
    public var seed: UInt64

    /// The speed is clamped into ``wordsPerMinuteRange`` (40 for NaN), the jitter to 0–0.5.
    public init(wordsPerMinute: Double = 40, jitter: Double = 0.15, seed: UInt64 = 2024) {
        let speed = wordsPerMinute.isNaN ? 40 : wordsPerMinute
        self.wordsPerMinute = min(max(speed, Self.wordsPerMinuteRange.lowerBound), Self.wordsPerMinuteRange.upperBound)
        self.jitter = jitter.isNaN ? 0 : min(max(jitter, 0), 0.5)
        self.seed = seed
    }

    /// In nanoseconds.
    public var meanInterval: UInt64 { UInt64((60e9 / (wordsPerMinute * 5)).rounded()) }

    /// In nanoseconds.
    public func intervals(count: Int) -> [UInt64] {
        var generator = SplitMix64(seed: seed)
        let mean = Double(meanInterval)
        return (0..<max(count, 0)).map { _ in
            let factor = min(max(1 + jitter * generator.nextGaussian(), Self.intervalFactorRange.lowerBound),
                             Self.intervalFactorRange.upperBound)
            return UInt64((mean * factor).rounded())
        }
    }

    /// The least time `taps` taps can take whatever the seed, in nanoseconds: to refuse an
    /// overlong text before planning it.
    public func shortestDuration(taps: Int) -> UInt64 {
        let shortest = UInt64((Double(meanInterval) * Self.intervalFactorRange.lowerBound).rounded())
        return UInt64(max(taps, 0)).multipliedReportingOverflow(by: shortest).partialValue
    }
}
