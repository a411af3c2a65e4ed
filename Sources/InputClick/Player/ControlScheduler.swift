import Dispatch

/// Where a ``ClickPlayer`` does its control work (opening and closing
/// streams, timers for the linger and for retries): a serial queue, so that
/// no work item ever runs alongside another.
///
/// The player's own default is ``DispatchControlScheduler``. Tests pass a
/// scheduler with manual time (`ManualControlScheduler` in InputClickTesting)
/// so that lingers and backoffs run without waiting.
///
/// Obligations of a conformer: work items run one at a time, in the order
/// they became due; ``execute(_:)`` and ``execute(afterNanoseconds:_:)``
/// return at once.
public protocol ControlScheduler: Sendable {
    /// Runs `work` soon, after the work already queued.
    ///
    /// Returns at once.
    func execute(_ work: @escaping @Sendable () -> Void)

    /// Runs `work` once `nanoseconds` have passed.
    ///
    /// Returns at once.
    func execute(afterNanoseconds nanoseconds: UInt64, _ work: @escaping @Sendable () -> Void)

    /// Runs `work` after the work already queued and returns when it is done.
    ///
    /// Thread context: any thread except the scheduler's own work items.
    func executeAndWait(_ work: @escaping @Sendable () -> Void)

    /// The clock work is scheduled by, and the one the player it serves
    /// reads (``ClickClock``): ``ClickClock/monotonic`` unless the scheduler
    /// keeps time of its own.
    var clock: ClickClock { get }
}

extension ControlScheduler {
    public var clock: ClickClock { .monotonic }

    /// ``clock``'s time now, in nanoseconds.
    public var now: UInt64 { clock.now() }
}

/// A ``ControlScheduler`` on a serial `DispatchQueue` with the wall clock.
public final class DispatchControlScheduler: ControlScheduler {
    private let queue: DispatchQueue

    /// Creates a scheduler with its own serial queue.
    public init(label: String = "inputclick.player.control") {
        queue = DispatchQueue(label: label)
    }

    /// Runs `work` on the queue, asynchronously.
    ///
    /// Returns at once.
    public func execute(_ work: @escaping @Sendable () -> Void) {
        queue.async(execute: work)
    }

    /// Runs `work` on the queue after `nanoseconds`.
    ///
    /// Returns at once.
    public func execute(afterNanoseconds nanoseconds: UInt64, _ work: @escaping @Sendable () -> Void) {
        queue.asyncAfter(deadline: .now() + .nanoseconds(Int(min(nanoseconds, UInt64(Int.max)))), execute: work)
    }

    public func executeAndWait(_ work: @escaping @Sendable () -> Void) {
        queue.sync(execute: work)
    }
}
