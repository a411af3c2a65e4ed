/// How often one kind of click may play: at most ``clicksPerSecond`` clicks
/// of one kind in any one-second window.
///
/// A held key that auto-repeats faster than the limit clicks at the limit
/// instead of flooding the mixer; one that repeats evenly at exactly the
/// limit (the demo keyboard's fastest repeat, 50 ms) clicks on every repeat,
/// though a timer that fires a little early may lose the odd click. Quick
/// taps of one kind (key rollover) are never thinned as long as the second
/// holds fewer than the limit.
public struct ClickRateLimit: Sendable, Hashable {
    /// The most clicks of one kind in any one-second window. Default 20.
    /// Held to at most 1000; zero or less means no limit.
    public var clicksPerSecond: Int

    /// Creates a limit; the default is 20 per second per kind.
    ///
    /// Pure.
    public init(clicksPerSecond: Int = 20) {
        self.clicksPerSecond = clicksPerSecond
    }

    /// 20 clicks per second per kind.
    public static let `default` = ClickRateLimit()
    /// No limit at all.
    public static let unlimited = ClickRateLimit(clicksPerSecond: 0)
}
