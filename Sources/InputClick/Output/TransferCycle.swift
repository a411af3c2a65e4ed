/// When a device that takes its audio a whole cycle at a time will take the next one, learnt from where its
/// read position was seen to move.
///
/// A sound server's ALSA plugin (`jack`) copies a cycle out of the buffer at the start of each server cycle,
/// in the server's thread, and only then moves the read position. Frames at the read position are therefore
/// safe to replace until the next copy begins: a click written there plays a cycle sooner than one kept a
/// ``RenderLoop/safeguardFrames`` behind it. Replacing them as the copy runs would tear the click or leave
/// the copy short (an underrun), so ``nanosecondsUntilNextTransfer(position:at:)`` errs early, and says
/// nothing rather than guess:
/// - A move is *placed* only when its time is known to within ``wakeAllowanceNanoseconds``: seen that soon
///   after the look before it, or brought by the device's own signal (it signals right after a copy), and
///   then placed at the earliest. A wake-up later than the allowance would place its move late, so one
///   placement alone is never trusted: the last two must agree (within the allowance and 1 % of the time
///   between them, for a server off its nominal rate).
/// - The cycles are assumed to keep the nominal rate, and the earliest placement of the last
///   ``memoryNanoseconds`` is kept, so a late cycle (a server catching up) never moves the estimate later.
/// - Every move, placed or not, bounds the estimate: it came by the time it was seen. An estimate later than
///   that is forgotten. A move that is not a whole number of cycles (the server's buffer size shrank, or a
///   copy came up short) stops all estimates until ``reset()``.
///
/// What it cannot see: a server cycle that shrinks to a divisor of ``cycleFrames`` after the device opened
/// while every move the loop sees stays a whole number of the old cycles (its wake-ups come at whole
/// periods), and a server whose own cycles come early after late ones twice in a row. Either makes the
/// estimate late; the render loop counts what it then sees (``OutputCounters/overtakenRewinds``, underruns).
///
/// A pure value: the render loop owns it and feeds it every read position it computes.
public struct TransferCycle: Sendable {
    /// Frames the device takes each time.
    public let cycleFrames: Int
    /// The device's nominal frames per second.
    public let sampleRate: Int
    /// How late the render thread may wake after the device's signal (it runs at real-time priority). A
    /// later wake-up places its move late; the agreement of two placements is what catches it.
    public let wakeAllowanceNanoseconds: UInt64
    /// How long placements count: the estimate rests on the earliest placement of this half of the memory
    /// and the half before (which rolls only when a placement comes, so it may be older; that only makes the
    /// estimate earlier), and on none once the last placement is older than the whole.
    public let memoryNanoseconds: UInt64

    private var lastPosition: Int64 = -1
    /// When the last look at the read position began: a move it did not see came after.
    private var lastLookedAt: UInt64 = 0
    /// The earliest time the read position could have been 0 (the grid's origin, in nanoseconds) by the moves
    /// placed in this half of the memory and in the half before.
    private var origin: Double?
    private var previousOrigin: Double?
    private var windowStartedAt: UInt64 = 0
    private var lastPlaced: Double?
    private var lastPlacedAt: UInt64 = 0
    /// The last two placements agreed.
    private var confirmed = false
    /// A move was not a whole number of cycles.
    private var contradicted = false

    public init(cycleFrames: Int, sampleRate: Int, wakeAllowanceNanoseconds: UInt64 = 100_000,
                memoryNanoseconds: UInt64 = 50_000_000) {
        precondition(cycleFrames > 0 && sampleRate > 0, "a transfer cycle takes frames at a rate")
        self.cycleFrames = cycleFrames
        self.sampleRate = sampleRate
        self.wakeAllowanceNanoseconds = wakeAllowanceNanoseconds
        self.memoryNanoseconds = memoryNanoseconds
    }

    /// Forgets everything: the device stopped or recovered, its read position starting again from another
    /// place, or a click written at the read position was overtaken.
    public mutating func reset() {
        lastPosition = -1
        contradicted = false
        forgetEstimate()
    }

    /// Notes one look at the read position: it began at `lookedAt`, before the position was read, and found
    /// `position` (in frames, on any origin fixed until the next ``reset()``) at `seenAt`.
    ///
    /// - Parameter wokeAt: when the wait before this look was ended by the device's own signal after sleeping,
    ///   the moment the wait returned; otherwise `nil`.
    public mutating func observe(position: Int64, lookedAt: UInt64, seenAt: UInt64, wokeAt: UInt64?) {
        defer {
            lastPosition = position
            lastLookedAt = lookedAt
        }
        guard lastPosition >= 0, position != lastPosition else { return }
        guard position > lastPosition, (position - lastPosition) % Int64(cycleFrames) == 0 else {
            // A read position never goes back, and moves by whole cycles.
            contradicted = true
            forgetEstimate()
            return
        }
        if let best = bestOrigin, best > Double(seenAt) - framesInNanoseconds(position) {
            // The move came by `seenAt`: an estimate that puts it later was wrong.
            forgetEstimate()
        }
        // The move came after the last look began and, at the latest, when the
        // device signalled it (or when it was seen).
        let latest = wokeAt ?? seenAt
        var earliest = lastLookedAt &+ 1
        if let wokeAt, wokeAt > wakeAllowanceNanoseconds {
            earliest = max(earliest, wokeAt - wakeAllowanceNanoseconds)
        }
        guard latest >= earliest, latest - earliest <= wakeAllowanceNanoseconds else { return }
        place(Double(earliest) - framesInNanoseconds(position), at: seenAt)
    }

    /// The least time from `now` until the device takes the cycle after `position`, the read position just
    /// observed; `nil` while nothing is known well enough. Negative when it may already be taking it.
    public func nanosecondsUntilNextTransfer(position: Int64, at now: UInt64) -> Int64? {
        guard !contradicted, confirmed, position == lastPosition, now &- lastPlacedAt <= memoryNanoseconds,
              let best = bestOrigin else { return nil }
        let next = best + framesInNanoseconds(position + Int64(cycleFrames))
        return Int64((next - Double(now)).rounded(.down))
    }

    private var bestOrigin: Double? {
        guard let origin else { return nil }
        return min(origin, previousOrigin ?? origin)
    }

    private mutating func place(_ placed: Double, at now: UInt64) {
        if let lastPlaced, now &- lastPlacedAt <= memoryNanoseconds {
            let tolerance = Double(wakeAllowanceNanoseconds) + 0.01 * Double(now &- lastPlacedAt)
            confirmed = abs(placed - lastPlaced) <= tolerance
        } else {
            // A placement older than the memory vouches for nothing.
            confirmed = false
        }
        lastPlaced = placed
        lastPlacedAt = now
        if origin == nil || now &- windowStartedAt >= memoryNanoseconds / 2 {
            previousOrigin = origin
            origin = placed
            windowStartedAt = now
        } else if let origin, placed < origin {
            self.origin = placed
        }
    }

    private mutating func forgetEstimate() {
        origin = nil
        previousOrigin = nil
        lastPlaced = nil
        confirmed = false
    }

    private func framesInNanoseconds(_ frames: Int64) -> Double {
        Double(frames) * 1e9 / Double(sampleRate)
    }
}
