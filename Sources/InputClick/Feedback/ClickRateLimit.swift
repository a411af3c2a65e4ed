/// At most ``clicksPerSecond`` clicks of one kind in any one-second window. A held key repeating faster
/// clicks at the limit instead of flooding the mixer; quick taps (key rollover) are never thinned while the
/// second holds fewer than the limit.
public struct ClickRateLimit: Sendable, Hashable {
    /// Default 20, held to at most 1000; zero or less means no limit.
    public var clicksPerSecond: Int

    public init(clicksPerSecond: Int = 20) {
        self.clicksPerSecond = clicksPerSecond
    }

    public static let `default` = ClickRateLimit()
    public static let unlimited = ClickRateLimit(clicksPerSecond: 0)
}
