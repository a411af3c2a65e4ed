import Synchronization

/// When a stream's render loop last saw its device make progress, published
/// for the threads that submit clicks: a running device that has made no
/// progress for longer than the loop ever waits between looks
/// (``suspectAfterNanoseconds``) is *suspect*. The loop has not declared it
/// stalled yet (that takes the stall timeout), but a click given to it now
/// may never be written, so ``ClickPlayer`` does not report it as playing.
///
/// The time is the device's clock (``RenderDevice/now``, which is
/// ``MonotonicClock`` for real devices), taken when the loop looked; 0 means the
/// device is not running (stopped while silent, or never started), which is
/// never suspect.
///
/// A stream reopened after its device failed must also *prove* itself: armed
/// with `requiringProof`, it is suspect until the device has consumed audio
/// once (``consumed(at:)``), because a server that accepts a connection may
/// still be frozen and never play what it is given.
///
/// # Real-time context
/// Every method is a single atomic load or store: no allocation, no lock.
///
/// Thread context: the render thread beats (``beat(at:)``, ``consumed(at:)``,
/// ``starting(at:)``, ``stopped()``); a control thread arms it before that
/// thread starts; any thread asks.
public final class RenderHeartbeat: Sendable {
    private let progressAt = Atomic<UInt64>(0)
    private let suspectAfter = Atomic<UInt64>(UInt64.max)
    private let proven = Atomic<Bool>(true)

    /// A heartbeat of a device that is not running, never suspect until ``arm(suspectAfterNanoseconds:)``.
    public init() {}

    /// How long a running device may make no progress before it is suspect.
    public var suspectAfterNanoseconds: UInt64 { suspectAfter.load(ordering: .relaxed) }

    /// Resets the heartbeat for a new stream that is suspect after
    /// `nanoseconds` without progress, and, when `requiringProof`, until its
    /// device has consumed audio once.
    public func arm(suspectAfterNanoseconds nanoseconds: UInt64, requiringProof: Bool = false) {
        progressAt.store(0, ordering: .relaxed)
        proven.store(!requiringProof, ordering: .relaxed)
        suspectAfter.store(nanoseconds, ordering: .releasing)
    }

    /// Whether the device has consumed audio since ``arm(suspectAfterNanoseconds:requiringProof:)``
    /// asked for proof (always `true` when it did not).
    ///
    /// Lock-free.
    public var isProven: Bool { proven.load(ordering: .acquiring) }

    /// The device made progress (was just started from silence) at `time`.
    @inline(__always)
    public func beat(at time: UInt64) {
        progressAt.store(max(1, time), ordering: .releasing)
    }

    /// The device consumed audio at `time`: progress, and the proof a
    /// reopened stream needs.
    @inline(__always)
    public func consumed(at time: UInt64) {
        beat(at: time)
        if !proven.load(ordering: .relaxed) { proven.store(true, ordering: .releasing) }
    }

    /// The loop is about to start a stopped device at `time`: from now on it
    /// must make progress. A device already running keeps its last beat.
    @inline(__always)
    public func starting(at time: UInt64) {
        if progressAt.load(ordering: .relaxed) == 0 { beat(at: time) }
    }

    /// The device was stopped because nothing sounds: nothing is expected of it.
    @inline(__always)
    public func stopped() {
        progressAt.store(0, ordering: .releasing)
    }

    /// Whether the device is unproven (see ``arm(suspectAfterNanoseconds:requiringProof:)``),
    /// or runs but has made no progress for longer than
    /// ``suspectAfterNanoseconds`` before `now`.
    ///
    /// Lock-free.
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
