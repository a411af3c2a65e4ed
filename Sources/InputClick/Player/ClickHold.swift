/// The taps that came while a ``ClickPlayer``'s stream was still opening,
/// kept to play once it runs: a fixed ring of (kind, time asked for, placement).
///
/// Taps reach it through the player's ``TapRoute`` while the route is the
/// hold. The ``PlayerLifecycle`` decides when that is (from each open until
/// it has succeeded or failed) and when to settle: the player then
/// ``release(now:play:)``s what is held: taps younger than its limit
/// (``LivenessPolicy/holdLimitNanoseconds``) play, older ones are dropped.
///
/// # Real-time context
/// Every method but `init` is lock-free and allocation-free.
///
/// Thread context: ``hold(_:)`` and ``hasRoom`` from any thread, several at
/// once; ``release(now:play:)`` from the player's control queue only.
final class ClickHold: Sendable {
    /// How long a held tap may wait for its stream.
    let limitNanoseconds: UInt64
    /// How many taps are held at most.
    static let capacity = 32

    private let ring = CommandRing<ClickRequest>(minimumCapacity: ClickHold.capacity)

    /// An empty hold whose taps may wait `limitNanoseconds` for their stream.
    init(limitNanoseconds: UInt64) {
        self.limitNanoseconds = limitNanoseconds
    }

    /// Whether another tap fits.
    var hasRoom: Bool { ring.hasRoom }

    /// Holds a tap; `false` when full.
    func hold(_ request: ClickRequest) -> Bool { ring.push(request) }

    /// Empties the hold: each tap no older than ``limitNanoseconds`` at `now`
    /// is given to `play`; those older, or that `play` refuses, are dropped.
    /// Returns how many were dropped.
    func release(now: UInt64, play: (ClickRequest) -> Bool) -> Int {
        var dropped = 0
        while let request = ring.pop() {
            // A tap stamped after `now` (a timeline's future tap) is young, not wrapped around.
            let tooOld = now > request.requestedAt && now - request.requestedAt > limitNanoseconds
            if tooOld || !play(request) { dropped += 1 }
        }
        return dropped
    }
}
