import Synchronization

/// The taps that came while a ``ClickPlayer``'s stream was still opening,
/// kept to play once it runs: a fixed ring of (kind, time asked for, placement), with
/// the counts of taps held and dropped.
///
/// The player starts holding when a click-enabled view is shown to it while
/// closed, and whenever an open starts (a retry's too, while a failed device
/// comes back), and stops once the open has succeeded or failed; it then
/// ``release(now:play:)``s what is held: taps younger than
/// its limit (``LivenessPolicy/holdLimitNanoseconds``) play, older ones are dropped and counted.
///
/// # Real-time context
/// Every method but `init` is lock-free and allocation-free.
///
/// Thread context: every member from any thread, several at once.
final class ClickHold: Sendable {
    /// How long a held tap may wait for its stream.
    let limitNanoseconds: UInt64
    /// How many taps are held at most.
    static let capacity = 32

    private let ring = CommandRing<ClickRequest>(minimumCapacity: ClickHold.capacity)
    private let holding = Atomic<Bool>(false)
    private let heldCount = Atomic<Int>(0)
    private let droppedCount = Atomic<Int>(0)

    /// An empty hold whose taps may wait `limitNanoseconds` for their stream.
    init(limitNanoseconds: UInt64) {
        self.limitNanoseconds = limitNanoseconds
    }

    /// Whether taps are being held.
    var isHolding: Bool { holding.load(ordering: .acquiring) }

    /// Whether a tap now would be held.
    var wouldHold: Bool { isHolding && ring.hasRoom }

    /// Taps answered ``ClickDecision/held``.
    var held: Int { heldCount.load(ordering: .relaxed) }

    /// Held taps that were dropped.
    var dropped: Int { droppedCount.load(ordering: .relaxed) }

    /// Starts holding taps.
    func start() { holding.store(true, ordering: .releasing) }

    /// Stops holding taps; what is held stays until ``release(now:play:)``.
    func stop() { holding.store(false, ordering: .releasing) }

    /// Holds a tap; `false` when not holding or full.
    func hold(_ request: ClickRequest) -> Bool {
        guard isHolding, ring.push(request) else { return false }
        heldCount.add(1, ordering: .relaxed)
        return true
    }

    /// Counts a tap answered ``ClickDecision/held`` that was not kept here
    /// (it went to a stream whose device is suspect).
    func countHeld() { heldCount.add(1, ordering: .relaxed) }

    /// Empties the hold: each tap no older than ``limitNanoseconds`` at `now`
    /// is given to `play`; those older, or that `play` refuses, are dropped
    /// and counted. Returns how many were dropped.
    func release(now: UInt64, play: (ClickRequest) -> Bool) -> Int {
        var droppedNow = 0
        while let request = ring.pop() {
            // A tap stamped after `now` (a timeline's future tap) is young, not wrapped around.
            let tooOld = now > request.requestedAt && now - request.requestedAt > limitNanoseconds
            if tooOld || !play(request) { droppedNow += 1 }
        }
        if droppedNow > 0 { droppedCount.add(droppedNow, ordering: .relaxed) }
        return droppedNow
    }
}
