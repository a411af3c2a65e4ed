/// The taps that came while a ``ClickPlayer``'s stream was opening, in a fixed lock-free ring, to play once
/// it runs. Taps reach it through the ``TapRoute`` (any thread); when the ``PlayerLifecycle`` settles, the
/// control queue calls ``release(now:play:)``: taps younger than ``limitNanoseconds`` play, older are dropped.
final class ClickHold: Sendable {
    let limitNanoseconds: UInt64
    static let capacity = 32

    private let ring = CommandRing<ClickRequest>(minimumCapacity: ClickHold.capacity)

    init(limitNanoseconds: UInt64) {
        self.limitNanoseconds = limitNanoseconds
    }

    var hasRoom: Bool { ring.hasRoom }

    /// `false` when full.
    func hold(_ request: ClickRequest) -> Bool { ring.push(request) }

    /// Empties the hold, giving `play` each tap young enough; returns how many were dropped (too old or refused).
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
