/// How host streams are lowered while clicks sound.
///
/// The envelope attacks to ``depthDecibels`` within ``attackMilliseconds`` of
/// a click's onset, holds there while clicks keep sounding and for
/// ``holdMilliseconds`` after the last one ends, then releases back to unity
/// over ``releaseMilliseconds``. Typing at 10 taps per second therefore keeps
/// a stream ducked instead of pumping it.
public struct DuckingParameters: Sendable, Hashable, Codable {
    /// The gain applied to host streams while ducked, in dB (≤ 0). Default −12.
    public var depthDecibels: Double
    /// Time to reach the full depth, in milliseconds. Default 5.
    public var attackMilliseconds: Double
    /// Time to stay ducked after the last click ends, in milliseconds. Default 150.
    public var holdMilliseconds: Double
    /// Time to return from the full depth to unity, in milliseconds. Default 250.
    public var releaseMilliseconds: Double

    /// Creates parameters; every argument has the documented default. Values
    /// are stored as given; the mixer clamps them (``clamped()``).
    ///
    /// It only stores its arguments.
    public init(depthDecibels: Double = -12, attackMilliseconds: Double = 5,
                holdMilliseconds: Double = 150, releaseMilliseconds: Double = 250) {
        self.depthDecibels = depthDecibels
        self.attackMilliseconds = attackMilliseconds
        self.holdMilliseconds = holdMilliseconds
        self.releaseMilliseconds = releaseMilliseconds
    }

    /// The defaults: −12 dB, 5 ms attack, 150 ms hold, 250 ms release.
    public static let `default` = DuckingParameters()
}

extension DuckingParameters {
    /// The ranges every value is held to, the same as the settings file's:
    /// depth −60…0 dB, attack 0.1…100 ms, hold 0…2000 ms, release 1…5000 ms.
    public static let depthRange: ClosedRange<Double> = -60...0
    /// See ``depthRange``.
    public static let attackRange: ClosedRange<Double> = 0.1...100
    /// See ``depthRange``.
    public static let holdRange: ClosedRange<Double> = 0...2000
    /// See ``depthRange``.
    public static let releaseRange: ClosedRange<Double> = 1...5000

    /// These parameters with every value brought into its range, and any value
    /// that is not finite replaced by the default. The mixer applies this to
    /// whatever a host passes, so no value can upset the render thread.
    ///
    /// Pure.
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
