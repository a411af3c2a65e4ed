import InputClick

/// The moment a test's wait gives up: a number of seconds from when it was made, on
/// ``MonotonicClock`` (real time, what ``ClickClock/monotonic`` reads), the one clock the tests read.
public struct TestDeadline: Sendable, Comparable {
    /// The deadline on ``MonotonicClock``, in nanoseconds.
    private let nanoseconds: UInt64

    /// The deadline `seconds` from now; a negative number of seconds is now, a huge one far off.
    public init(seconds: Double) {
        nanoseconds = MonotonicClock.deadline(after: .seconds(seconds))
    }

    /// Whether the clock has reached the deadline.
    public var hasPassed: Bool { MonotonicClock.hasPassed(nanoseconds) }

    /// The time left, for `poll`'s timeout: milliseconds rounded up, so it is 0 only once the deadline has
    /// passed (a wait never spins on a 0 timeout before it), and at most `Int32.max`.
    public var millisecondsLeft: Int32 {
        let now = MonotonicClock.now()
        guard now < nanoseconds else { return 0 }
        return Int32(min((nanoseconds - now - 1) / 1_000_000 + 1, UInt64(Int32.max)))
    }

    public static func < (earlier: TestDeadline, later: TestDeadline) -> Bool {
        earlier.nanoseconds < later.nanoseconds
    }
}
