import Synchronization

/// Every count a ``ClickPlayer`` keeps, and the ``ClickPlayerStatistics`` made from them. Taps count
/// lock-free and allocation-free; the control queue counts what happens to streams under a short lock.
final class PlayerStatisticsAccumulator: @unchecked Sendable {
    private let accepted = Atomic<Int>(0)
    private let dropped = Atomic<Int>(0)
    private let queueFull = Atomic<Int>(0)
    private let held = Atomic<Int>(0)
    private let suspect = Atomic<Int>(0)
    private let heldDropped = Atomic<Int>(0)
    private let lostWithDevice = Atomic<Int>(0)
    private let totals = Mutex(Totals())

    private struct Totals: @unchecked Sendable {
        var opens = 0
        var faults = 0
        var underruns = 0
        var suspends = 0
        var starts = 0
        var rewinds = 0
        var queuedBehind = 0
        var readPositionRewinds = 0
        var overtakenRewinds = 0
        /// Every mixer a stream has rendered, for their stale-click counts.
        var mixers: [Mixer] = []
    }

    // MARK: Taps

    func countAccepted() { accepted.add(1, ordering: .relaxed) }
    func countDropped() { dropped.add(1, ordering: .relaxed) }
    func countQueueFull() { queueFull.add(1, ordering: .relaxed) }
    func countHeld() { held.add(1, ordering: .relaxed) }
    func countSuspect() { suspect.add(1, ordering: .relaxed) }

    /// Clicks queued on a mixer so far, for a drain's target.
    var acceptedClicks: Int { accepted.load(ordering: .acquiring) }

    // MARK: Control queue

    func countHeldDropped(_ count: Int) {
        if count > 0 { heldDropped.add(count, ordering: .relaxed) }
    }

    /// Clicks accepted on a stream that failed or closed before writing them.
    func countLostWithDevice(_ count: Int) {
        if count > 0 { lostWithDevice.add(count, ordering: .relaxed) }
    }

    func streamOpened(mixer: Mixer) {
        totals.withLock {
            $0.opens += 1
            if !$0.mixers.contains(where: { $0 === mixer }) { $0.mixers.append(mixer) }
        }
    }

    func countFault() { totals.withLock { $0.faults += 1 } }

    /// `clicksLost`: clicks its render side started but could not write.
    func streamClosed(_ counters: OutputCounters, clicksLost: Int) {
        countLostWithDevice(clicksLost)
        totals.withLock {
            $0.underruns += counters.underruns
            $0.suspends += counters.suspends
            $0.starts += counters.starts
            $0.rewinds += counters.rewinds
            $0.queuedBehind += counters.queuedBehind
            $0.readPositionRewinds += counters.readPositionRewinds
            $0.overtakenRewinds += counters.overtakenRewinds
        }
    }

    // MARK: Reading

    /// The statistics so far, with the open stream's own counts added.
    func statistics(open stream: (any AudioOutputStream)?, renderer: OutputRenderer?,
                    abandonedDeviceCalls: Int) -> ClickPlayerStatistics {
        let live = stream?.counters
        return totals.withLock { totals in
            ClickPlayerStatistics(
                opens: totals.opens, faults: totals.faults,
                underruns: totals.underruns + (live?.underruns ?? 0),
                suspends: totals.suspends + (live?.suspends ?? 0),
                droppedClicks: dropped.load(ordering: .relaxed), format: stream?.format,
                isRealtime: stream?.isRealtime ?? false, scheduling: stream?.scheduling,
                keepsRunning: stream?.keepsRunning,
                starts: totals.starts + (live?.starts ?? 0),
                rewinds: totals.rewinds + (live?.rewinds ?? 0),
                queuedBehind: totals.queuedBehind + (live?.queuedBehind ?? 0),
                queueFullClicks: queueFull.load(ordering: .relaxed),
                heldClicks: held.load(ordering: .relaxed), heldClicksDropped: heldDropped.load(ordering: .relaxed),
                clicksLostWithDevice: lostWithDevice.load(ordering: .relaxed) + (renderer?.clicksLost ?? 0),
                staleClicksDropped: totals.mixers.reduce(0) { $0 + $1.staleClicksDropped },
                abandonedDeviceCalls: abandonedDeviceCalls, suspectClicks: suspect.load(ordering: .relaxed),
                readPositionRewinds: totals.readPositionRewinds + (live?.readPositionRewinds ?? 0),
                overtakenRewinds: totals.overtakenRewinds + (live?.overtakenRewinds ?? 0))
        }
    }
}
