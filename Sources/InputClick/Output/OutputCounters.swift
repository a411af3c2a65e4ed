import Synchronization

/// Counts of the recoverable trouble a stream met: underruns (the device ran
/// out of queued audio) and suspends (the system slept). Outputs count;
/// players, tools and benchmarks read.
///
/// # Real-time context
/// The `record` methods are single atomic increments: no allocation, no lock.
///
/// Thread context: any thread.
public final class OutputCounters: Sendable {
    private let underrunCount = Atomic<Int>(0)
    private let suspendCount = Atomic<Int>(0)

    /// Creates zeroed counters.
    ///
    /// Thread context: any thread.
    public init() {}

    /// Underruns recovered so far (EPIPE on ALSA).
    ///
    /// Thread context: any thread; lock-free.
    public var underruns: Int { underrunCount.load(ordering: .relaxed) }

    /// Suspends recovered so far (ESTRPIPE on ALSA).
    ///
    /// Thread context: any thread; lock-free.
    public var suspends: Int { suspendCount.load(ordering: .relaxed) }

    /// Counts one underrun.
    ///
    /// Thread context: any thread, including the render thread; lock-free.
    public func recordUnderrun() { underrunCount.add(1, ordering: .relaxed) }

    /// Counts one suspend.
    ///
    /// Thread context: any thread, including the render thread; lock-free.
    public func recordSuspend() { suspendCount.add(1, ordering: .relaxed) }
}
