import Synchronization

/// When the render loop last saw its device make progress, on the device's clock (``RenderDevice/now``;
/// 0: not running, never suspect). A running device with no progress for ``suspectAfterNanoseconds`` is
/// *suspect*: not stalled yet, but a click given to it now may never be written, so ``ClickPlayer`` does not
/// report it as playing. A stream reopened after a failure, armed with `requiringProof`, is suspect until its
/// device has consumed audio once: a server that accepts a connection may still be frozen.
///
/// # Real-time context
/// Every method is one atomic load or store. The render thread beats; a control thread arms before that
/// thread starts; any thread asks.
public final class RenderHeartbeat: Sendable {
    private let progressAt = Atomic<UInt64>(0)
    private let suspectAfter = Atomic<UInt64>(UInt64.max)
    private let proven = Atomic<Bool>(true)

    /// Not running, never suspect until ``arm(suspectAfterNanoseconds:requiringProof:)``.
    public init() {}

    public var suspectAfterNanoseconds: UInt64 { suspectAfter.load(ordering: .relaxed) }

    /// Resets the heartbeat for a new stream.
    public func arm(suspectAfterNanoseconds nanoseconds: UInt64, requiringProof: Bool = false) {
        progressAt.store(0, ordering: .relaxed)
        proven.store(!requiringProof, ordering: .relaxed)
        suspectAfter.store(nanoseconds, ordering: .releasing)
    }

    /// Whether the device has consumed audio since it was armed requiring proof (always `true` otherwise).
    public var isProven: Bool { proven.load(ordering: .acquiring) }

    /// The device made progress (was just started from silence) at `time`.
    @inline(__always)
    public func beat(at time: UInt64) {
        progressAt.store(max(1, time), ordering: .releasing)
    }

    /// The device consumed audio at `time`: progress, and the proof a reopened stream needs.
    @inline(__always)
    public func consumed(at time: UInt64) {
        beat(at: time)
        if !proven.load(ordering: .relaxed) { proven.store(true, ordering: .releasing) }
    }

    /// The loop is about to start a stopped device: from now on it must make progress (a running one keeps its beat).
    @inline(__always)
    public func starting(at time: UInt64) {
        if progressAt.load(ordering: .relaxed) == 0 { beat(at: time) }
    }

    @inline(__always)
    public func stopped() {
        progressAt.store(0, ordering: .releasing)
    }

    @inline(__always)
    public func isSuspect(now: UInt64) -> Bool {
        guard proven.load(ordering: .acquiring) else { return true }
        let last = progressAt.load(ordering: .acquiring)
        return last != 0 && now > last && now - last > suspectAfter.load(ordering: .relaxed)
    }

    /// ``LivenessPolicy/suspectAfterNanoseconds(for:)`` of the standard policy.
    public static func suspectAfterNanoseconds(for format: OutputFormat) -> UInt64 {
        LivenessPolicy.standard.suspectAfterNanoseconds(for: format)
    }
}
