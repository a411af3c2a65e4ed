/// How often one kind of click may play: at most ``clicksPerSecond`` on
/// average, with short bursts of up to ``burst`` allowed.
///
/// A held key that auto-repeats faster than the limit clicks at the limit
/// instead of flooding the mixer. The burst allowance keeps two or three
/// quick taps of the same kind (key rollover) from being thinned.
///
/// Thread context: a plain value; use it from any thread.
public struct ClickRateLimit: Sendable, Hashable {
    /// The long-run ceiling per kind. Default 20. Held to one a minute at the
    /// least and a million a second at the most; infinity, zero, a negative
    /// value or NaN means no limit.
    public var clicksPerSecond: Double
    /// How many clicks of one kind may arrive back to back. Default 3; held to 1…1000.
    public var burst: Int

    /// Creates a limit; the defaults are 20 per second with a burst of 3.
    ///
    /// Thread context: any thread; pure.
    public init(clicksPerSecond: Double = 20, burst: Int = 3) {
        self.clicksPerSecond = clicksPerSecond
        self.burst = burst
    }

    /// 20 clicks per second per kind, bursts of 3.
    public static let `default` = ClickRateLimit()
    /// No limit at all.
    public static let unlimited = ClickRateLimit(clicksPerSecond: .infinity, burst: 1)
}
