import Synchronization

/// A lock-free sliding-window rate limiter per ``ClickKind``: a click is admitted when fewer than `limit` of
/// its kind were in the second before. Each kind's ring holds the times of its last `limit` admissions, so
/// the slot the next click would take says whether the window is full.
///
/// Real-time context: ``admit(_:at:)`` allocates nothing, takes no lock, and retries its compare-and-swap only
/// against a simultaneous admission of the same kind. (A thread stalled between its count and its time for
/// `limit` further admissions could let one extra click through.)
final class ClickRateLimiter: Sendable {
    /// Clicks per window per kind; 0: no limit.
    private let limit: Int
    private static let windowNanoseconds: UInt64 = 1_000_000_000
    private let admitted: AtomicArray<UInt64>
    private let times: AtomicArray<UInt64>

    init(_ rate: ClickRateLimit) {
        limit = rate.clicksPerSecond > 0 ? min(rate.clicksPerSecond, 1000) : 0
        admitted = AtomicArray(count: ClickKind.count, initial: 0)
        times = AtomicArray(count: ClickKind.count * max(limit, 1), initial: 0)
    }

    /// Whether a click of `kind` at `now` is within the limit; counts it.
    func admit(_ kind: ClickKind, at now: UInt64) -> Bool {
        guard limit > 0 else { return true }
        let counter = admitted[Int(kind.rawValue)]
        var count = counter.pointee.load(ordering: .acquiring)
        while true {
            let slot = times[Int(kind.rawValue) * limit + Int(count % UInt64(limit))]
            if count >= UInt64(limit) && !Self.aSecondHasPassed(since: slot.pointee.load(ordering: .acquiring), at: now) {
                return false
            }
            let (exchanged, original) = counter.pointee.compareExchange(
                expected: count, desired: count &+ 1, ordering: .acquiringAndReleasing)
            if exchanged {
                slot.pointee.store(now, ordering: .releasing)
                return true
            }
            count = original
        }
    }

    func wouldAdmit(_ kind: ClickKind, at now: UInt64) -> Bool {
        guard limit > 0 else { return true }
        let count = admitted[Int(kind.rawValue)].pointee.load(ordering: .acquiring)
        guard count >= UInt64(limit) else { return true }
        let slot = times[Int(kind.rawValue) * limit + Int(count % UInt64(limit))]
        return Self.aSecondHasPassed(since: slot.pointee.load(ordering: .acquiring), at: now)
    }

    /// A `now` before `earlier` (another thread's clock read a moment later) counts as no time passed.
    @inline(__always)
    private static func aSecondHasPassed(since earlier: UInt64, at now: UInt64) -> Bool {
        now >= earlier && now - earlier >= windowNanoseconds
    }
}
