import Synchronization

/// Counts of the recoverable trouble a stream met: underruns (the device ran
/// out of queued audio) and suspends (the system slept); and of how its
/// clicks were scheduled: device starts on demand, clicks inserted by
/// rewind, and clicks that had to wait behind queued audio. Outputs count;
/// players, tools and benchmarks read.
///
/// # Real-time context
/// The `record` methods are single atomic increments: no allocation, no lock.
public final class OutputCounters: Sendable {
    private let underrunCount = Atomic<Int>(0)
    private let suspendCount = Atomic<Int>(0)
    private let startCount = Atomic<Int>(0)
    private let rewindCount = Atomic<Int>(0)
    private let queuedBehindCount = Atomic<Int>(0)

    /// Creates zeroed counters.
    public init() {}

    /// Underruns recovered so far (EPIPE on ALSA).
    ///
    /// Lock-free.
    public var underruns: Int { underrunCount.load(ordering: .relaxed) }

    /// Suspends recovered so far (ESTRPIPE on ALSA).
    ///
    /// Lock-free.
    public var suspends: Int { suspendCount.load(ordering: .relaxed) }

    /// Times the render loop started the device for a click (on demand).
    ///
    /// Lock-free.
    public var starts: Int { startCount.load(ordering: .relaxed) }

    /// Periods whose clicks were written just ahead of the read position by a rewind.
    ///
    /// Lock-free.
    public var rewinds: Int { rewindCount.load(ordering: .relaxed) }

    /// Times clicks waited behind queued audio because no rewind could
    /// reach far enough (in rewind mode) or the device cannot rewind.
    ///
    /// Lock-free.
    public var queuedBehind: Int { queuedBehindCount.load(ordering: .relaxed) }

    /// Counts one start on demand.
    public func recordStart() { startCount.add(1, ordering: .relaxed) }

    /// Counts one insertion by rewind.
    public func recordRewind() { rewindCount.add(1, ordering: .relaxed) }

    /// Counts clicks that waited behind queued audio.
    public func recordQueuedBehind() { queuedBehindCount.add(1, ordering: .relaxed) }

    public func recordUnderrun() { underrunCount.add(1, ordering: .relaxed) }

    public func recordSuspend() { suspendCount.add(1, ordering: .relaxed) }
}
