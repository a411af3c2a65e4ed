import Synchronization

/// A lock-free rate limiter per ``ClickKind``, using the generic cell rate
/// algorithm: one atomic "theoretical arrival time" per kind.
///
/// Real-time context: ``admit(_:at:)`` allocates nothing, takes no lock and
/// retries a compare-and-swap only while another thread is admitting the same
/// kind at the same instant.
final class ClickRateLimiter: Sendable {
    private let intervalNanos: UInt64
    private let toleranceNanos: UInt64
    private let theoreticalArrival: AtomicArray<UInt64>

    init(_ limit: ClickRateLimit) {
        // At least one click a minute, at most a million a second; any other
        // value (infinite, zero, negative, NaN) means no limit.
        if limit.clicksPerSecond.isFinite && limit.clicksPerSecond > 0 {
            intervalNanos = UInt64(1e9 / min(max(limit.clicksPerSecond, 1.0 / 60), 1e6))
        } else {
            intervalNanos = 0
        }
        toleranceNanos = intervalNanos &* UInt64(min(max(limit.burst, 1), 1000) - 1)
        theoreticalArrival = AtomicArray(count: ClickKind.count, initial: 0)
    }

    /// Returns `true` if a click of `kind` at `now` (nanoseconds) is within the limit,
    /// and counts it.
    func admit(_ kind: ClickKind, at now: UInt64) -> Bool {
        guard intervalNanos > 0 else { return true }
        let slot = theoreticalArrival[Int(kind.rawValue)]
        var expected = slot.pointee.load(ordering: .relaxed)
        while true {
            let tat = max(expected, now)
            if tat - now > toleranceNanos { return false }
            let (exchanged, original) = slot.pointee.compareExchange(
                expected: expected, desired: tat &+ intervalNanos, ordering: .relaxed)
            if exchanged { return true }
            expected = original
        }
    }

    /// Answers like ``admit(_:at:)`` without counting the click.
    func wouldAdmit(_ kind: ClickKind, at now: UInt64) -> Bool {
        guard intervalNanos > 0 else { return true }
        let tat = max(theoreticalArrival[Int(kind.rawValue)].pointee.load(ordering: .relaxed), now)
        return tat - now <= toleranceNanos
    }
}
