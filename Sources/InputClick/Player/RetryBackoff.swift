/// How long a player waits before each new attempt to open a device that
/// failed: ``initialNanoseconds``, growing by ``factor`` each time, up to
/// ``maximumNanoseconds``.
public struct RetryBackoff: Sendable, Hashable {
    /// The wait before the first retry. Default 100 ms.
    public var initialNanoseconds: UInt64
    /// The growth per retry. Default 2.
    public var factor: Double
    /// The longest wait. Default 400 ms, so that clicks are back within half
    /// a second of a lost device's return; a failed open of a missing
    /// device costs little.
    public var maximumNanoseconds: UInt64
    /// The wait before each new attempt after a failure that lasts until the
    /// user acts (``PersistentOutputError``), such as a missing plugin
    /// library. Default 30 s: rare enough to cost nothing, and a fix is seen
    /// without restarting the host.
    public var persistentFailureNanoseconds: UInt64

    /// Creates a backoff; every argument has the documented default.
    ///
    /// Pure.
    public init(initialNanoseconds: UInt64 = 100_000_000, factor: Double = 2, maximumNanoseconds: UInt64 = 400_000_000,
                persistentFailureNanoseconds: UInt64 = 30_000_000_000) {
        self.initialNanoseconds = initialNanoseconds
        self.factor = factor
        self.maximumNanoseconds = max(initialNanoseconds, maximumNanoseconds)
        self.persistentFailureNanoseconds = max(self.maximumNanoseconds, persistentFailureNanoseconds)
    }

    /// The wait before retry number `attempt` (0 for the first).
    public func delay(forAttempt attempt: Int) -> UInt64 {
        var delay = Double(initialNanoseconds)
        for _ in 0..<max(0, attempt) {
            delay *= max(1, factor)
            if delay >= Double(maximumNanoseconds) { return maximumNanoseconds }
        }
        return min(maximumNanoseconds, UInt64(delay))
    }
}
