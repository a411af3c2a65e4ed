/// When a device that takes its audio a whole cycle at a time will take the next one, learnt from where its
/// read position was seen to move.
///
/// A sound server's ALSA plugin (`jack`) copies a cycle out of the buffer at the start of each server cycle,
/// in the server's thread, and only then moves the read position. Frames at the read position are therefore
/// safe to replace until the next copy begins: a click written there plays a cycle sooner than one kept a
/// ``RenderLoop/safeguardFrames`` behind it. Replacing them as the copy runs would tear the click or leave
/// the copy short (an underrun), so ``nanosecondsUntilNextTransfer(position:at:)`` errs early:
/// - a move is placed only when it is known to within ``wakeAllowanceNanoseconds``: seen that soon after the
///   observation before it, or brought by the device's own wake-up (it signals right after a copy), and then
///   placed at the earliest;
/// - the cycles are assumed to keep the nominal rate from there, and the earliest placement of the last
///   ``memoryNanoseconds`` is kept, so a late cycle (a server catching up) never moves the estimate later.
///
/// A pure value: the render loop owns it and feeds it every read position it computes.
public struct TransferCycle: Sendable {
    /// Frames the device takes each time.
    public let cycleFrames: Int
    public let sampleRate: Int
    /// How late the render thread may wake after the device's signal (it runs at real-time priority).
    public let wakeAllowanceNanoseconds: UInt64
    /// How long a placement is kept: long enough to span a few wake-ups, short enough that a server slower
    /// than its nominal rate (which only makes the estimate early) does not make it useless.
    public let memoryNanoseconds: UInt64

    private var lastPosition: Int64 = -1
    private var lastObservedAt: UInt64 = 0
    /// The earliest time the read position could have been 0 (the grid's origin, in nanoseconds) by the moves
    /// of this half of the memory and of the half before.
    private var origin: Double?
    private var previousOrigin: Double?
    private var windowStartedAt: UInt64 = 0

    public init(cycleFrames: Int, sampleRate: Int, wakeAllowanceNanoseconds: UInt64 = 100_000,
                memoryNanoseconds: UInt64 = 50_000_000) {
        precondition(cycleFrames > 0 && sampleRate > 0, "a transfer cycle takes frames at a rate")
        self.cycleFrames = cycleFrames
        self.sampleRate = sampleRate
        self.wakeAllowanceNanoseconds = wakeAllowanceNanoseconds
        self.memoryNanoseconds = memoryNanoseconds
    }

    /// Forgets everything: the device stopped, or its read position started again from another place.
    public mutating func reset() {
        lastPosition = -1
        origin = nil
        previousOrigin = nil
    }

    /// Notes the read position `position` (in frames, on any fixed origin) seen at `now`.
    ///
    /// - Parameter wokenByDevice: the observation follows a wait that the device's own wake-up ended.
    public mutating func observe(position: Int64, at now: UInt64, wokenByDevice: Bool) {
        defer {
            lastPosition = position
            lastObservedAt = now
        }
        guard lastPosition >= 0 else { return }
        guard position >= lastPosition else {
            // A read position never goes back while the device runs.
            origin = nil
            previousOrigin = nil
            return
        }
        guard position > lastPosition else { return }
        // The move happened after the last observation and, at the latest, now. A
        // move placed no better than that (the loop slept on something else) says
        // nothing useful, and would make the estimate needlessly early.
        var earliest = lastObservedAt &+ 1
        if wokenByDevice && now > wakeAllowanceNanoseconds { earliest = max(earliest, now - wakeAllowanceNanoseconds) }
        guard now &- earliest <= wakeAllowanceNanoseconds else { return }
        let placed = Double(earliest) - framesInNanoseconds(position)
        if origin == nil || now &- windowStartedAt >= memoryNanoseconds / 2 {
            previousOrigin = origin
            origin = placed
            windowStartedAt = now
        } else if let origin, placed < origin {
            self.origin = placed
        }
    }

    /// The least time from `now` until the device takes the cycle after `position`, the read position just
    /// observed; `nil` while nothing is known. Negative when it may already be taking it.
    public func nanosecondsUntilNextTransfer(position: Int64, at now: UInt64) -> Int64? {
        guard let origin, position == lastPosition else { return nil }
        let next = min(origin, previousOrigin ?? origin) + framesInNanoseconds(position + Int64(cycleFrames))
        return Int64((next - Double(now)).rounded(.down))
    }

    private func framesInNanoseconds(_ frames: Int64) -> Double {
        Double(frames) * 1e9 / Double(sampleRate)
    }
}
