import Synchronization

/// A lock-free sliding-window rate limiter per ``ClickKind``: a click is
/// admitted when fewer than `limit` clicks of its kind were admitted in the
/// second before it.
///
/// Each kind keeps the times of its last `limit` admitted clicks in a ring,
/// and a count of the clicks admitted so far. The slot the next click would
/// take holds the time of the click `limit` admissions ago: if that is less
/// than a second before, the window is full.
///
/// Real-time context: ``admit(_:at:)`` allocates nothing, takes no lock and
/// retries a compare-and-swap only while another thread is admitting the same
/// kind at the same instant. (A thread stalled between winning its count and
/// storing its time for `limit` further admissions could let one extra click
/// through; it never blocks anyone.)
final class ClickRateLimiter: Sendable {
    /// Clicks allowed per window per kind; 0 means no limit.
    private let limit: Int
    private static let windowNanoseconds: UInt64 = 1_000_000_000
    /// Per kind: how many clicks were admitted so far.
    private let admitted: AtomicArray<UInt64>
    /// Per kind, `limit` slots: the times of the last `limit` admitted clicks.
    private let times: AtomicArray<UInt64>

    init(_ rate: ClickRateLimit) {
        limit = rate.clicksPerSecond > 0 ? min(rate.clicksPerSecond, 1000) : 0
        admitted = AtomicArray(count: ClickKind.count, initial: 0)
        times = AtomicArray(count: ClickKind.count * max(limit, 1), initial: 0)
    }

    /// Returns `true` if a click of `kind` at `now` (nanoseconds) is within the limit,
    /// and counts it.
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

    /// Answers like ``admit(_:at:)`` without counting the click.
    func wouldAdmit(_ kind: ClickKind, at now: UInt64) -> Bool {
        guard limit > 0 else { return true }
        let count = admitted[Int(kind.rawValue)].pointee.load(ordering: .acquiring)
        guard count >= UInt64(limit) else { return true }
        let slot = times[Int(kind.rawValue) * limit + Int(count % UInt64(limit))]
        return Self.aSecondHasPassed(since: slot.pointee.load(ordering: .acquiring), at: now)
    }

    /// Whether `now` is a full window after `earlier`; a time before `earlier`
    /// (another thread's clock read a moment later) counts as no time passed.
    @inline(__always)
    private static func aSecondHasPassed(since earlier: UInt64, at now: UInt64) -> Bool {
        now >= earlier && now - earlier >= windowNanoseconds
    }
}
