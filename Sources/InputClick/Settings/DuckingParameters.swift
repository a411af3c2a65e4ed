/// How host streams are lowered while clicks sound: attack to the depth, hold while clicks sound and for
/// the hold time after, then release to unity. Typing at 10 taps/s keeps a stream ducked, not pumping.
public struct DuckingParameters: Sendable, Hashable, Codable {
    /// The gain while ducked, in dB (≤ 0). Default −12.
    public var depthDecibels: Double
    /// Default 5.
    public var attackMilliseconds: Double
    /// After the last click ends. Default 150.
    public var holdMilliseconds: Double
    /// From the full depth to unity. Default 250.
    public var releaseMilliseconds: Double

    /// Values are stored as given; the mixer clamps them (``clamped()``).
    public init(depthDecibels: Double = -12, attackMilliseconds: Double = 5,
                holdMilliseconds: Double = 150, releaseMilliseconds: Double = 250) {
        self.depthDecibels = depthDecibels
        self.attackMilliseconds = attackMilliseconds
        self.holdMilliseconds = holdMilliseconds
        self.releaseMilliseconds = releaseMilliseconds
    }

    /// −12 dB, 5 ms attack, 150 ms hold, 250 ms release.
    public static let `default` = DuckingParameters()
}

extension DuckingParameters {
    /// The ranges, the same as the settings file's: depth −60…0 dB, attack 0.1…100 ms, hold 0…2000 ms,
    /// release 1…5000 ms.
    public static let depthRange: ClosedRange<Double> = -60...0
    public static let attackRange: ClosedRange<Double> = 0.1...100
    public static let holdRange: ClosedRange<Double> = 0...2000
    public static let releaseRange: ClosedRange<Double> = 1...5000

    /// Every value brought into range, non-finite ones replaced by the default, so no host value can upset
    /// the render thread.
    public func clamped() -> DuckingParameters {
        func clamp(_ value: Double, _ range: ClosedRange<Double>, _ fallback: Double) -> Double {
            value.isFinite ? min(max(value, range.lowerBound), range.upperBound) : fallback
        }
        let defaults = DuckingParameters.default
        return DuckingParameters(depthDecibels: clamp(depthDecibels, Self.depthRange, defaults.depthDecibels),
                                 attackMilliseconds: clamp(attackMilliseconds, Self.attackRange, defaults.attackMilliseconds),
                                 holdMilliseconds: clamp(holdMilliseconds, Self.holdRange, defaults.holdMilliseconds),
                                 releaseMilliseconds: clamp(releaseMilliseconds, Self.releaseRange, defaults.releaseMilliseconds))
    }
}
