import Synchronization

/// What a stream met and did: underruns and suspends recovered, starts on demand, clicks inserted by
/// rewind (at the read position, and of those overtaken), clicks that waited behind queued audio. Outputs count (single atomic increments, real-time safe);
/// players, tools and benchmarks read.
public final class OutputCounters: Sendable {
    private let underrunCount = Atomic<Int>(0)
    private let suspendCount = Atomic<Int>(0)
    private let startCount = Atomic<Int>(0)
    private let rewindCount = Atomic<Int>(0)
    private let queuedBehindCount = Atomic<Int>(0)
    private let readPositionRewindCount = Atomic<Int>(0)
    private let overtakenRewindCount = Atomic<Int>(0)

    public init() {}

    /// Underruns recovered (EPIPE on ALSA).
    public var underruns: Int { underrunCount.load(ordering: .relaxed) }

    /// Suspends recovered (ESTRPIPE on ALSA).
    public var suspends: Int { suspendCount.load(ordering: .relaxed) }

    public var starts: Int { startCount.load(ordering: .relaxed) }

    /// Periods whose clicks a rewind wrote just ahead of the read position.
    public var rewinds: Int { rewindCount.load(ordering: .relaxed) }

    /// Times clicks waited behind queued audio: no rewind reached far enough, or the device cannot rewind.
    public var queuedBehind: Int { queuedBehindCount.load(ordering: .relaxed) }

    /// Of ``rewinds``, those that wrote at the read position itself, the device's next cycle being far enough
    /// away (``TransferCycle``).
    public var readPositionRewinds: Int { readPositionRewindCount.load(ordering: .relaxed) }

    /// Of ``readPositionRewinds``, those where the device took a cycle between the look before the insert and
    /// the look after it. An upper bound: the click may have gone in whole before that cycle; if not, its first
    /// period played torn or not at all.
    public var overtakenRewinds: Int { overtakenRewindCount.load(ordering: .relaxed) }

    public func recordStart() { startCount.add(1, ordering: .relaxed) }

    public func recordRewind() { rewindCount.add(1, ordering: .relaxed) }

    public func recordReadPositionRewind() { readPositionRewindCount.add(1, ordering: .relaxed) }

    public func recordOvertakenRewind() { overtakenRewindCount.add(1, ordering: .relaxed) }

    public func recordQueuedBehind() { queuedBehindCount.add(1, ordering: .relaxed) }

    public func recordUnderrun() { underrunCount.add(1, ordering: .relaxed) }

    public func recordSuspend() { suspendCount.add(1, ordering: .relaxed) }
}
