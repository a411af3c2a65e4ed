/// How long a player waits before each new attempt to open a device that failed: ``initialNanoseconds``
/// (default 100 ms), times ``factor`` (default 2) each time, up to ``maximumNanoseconds``.
public struct RetryBackoff: Sendable, Hashable {
    public var initialNanoseconds: UInt64
    public var factor: Double
    /// Default 400 ms, so clicks are back within half a second of a lost device's return.
    public var maximumNanoseconds: UInt64
    /// The wait after a failure that lasts until the user acts (``PersistentOutputError``). Default 30 s:
    /// rare enough to cost nothing, and a fix is seen without restarting the host.
    public var persistentFailureNanoseconds: UInt64

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
