import Dispatch

/// Where a ``ClickPlayer`` does its control work (opening, closing, linger and retry timers): work items run
/// one at a time, in the order they became due, and ``execute(_:)`` and ``execute(afterNanoseconds:_:)``
/// return at once. The default is ``DispatchControlScheduler``; tests pass `ManualControlScheduler`
/// (InputClickTesting), whose time they advance.
public protocol ControlScheduler: Sendable {
    /// Runs `work` after the work already queued.
    func execute(_ work: @escaping @Sendable () -> Void)

    func execute(afterNanoseconds nanoseconds: UInt64, _ work: @escaping @Sendable () -> Void)

    /// Runs `work` after the work already queued and returns when it is done; never from the scheduler's own work.
    func executeAndWait(_ work: @escaping @Sendable () -> Void)

    /// The clock work is scheduled by, and the player's: ``ClickClock/monotonic`` unless the scheduler keeps its own.
    /// Real devices pace and time stalls by it (PipeWire's aside), so only test devices run on a simulated one.
    var clock: ClickClock { get }

    /// Whether the calling thread is running this scheduler's work now. The player's control-queue code
    /// checks it in debug builds; a scheduler that cannot tell answers `true` (the default).
    var isRunningControlWork: Bool { get }
}

extension ControlScheduler {
    public var clock: ClickClock { .monotonic }

    public var isRunningControlWork: Bool { true }

    public var now: UInt64 { clock.now() }
}

/// A ``ControlScheduler`` on a serial `DispatchQueue` with the monotonic clock.
public final class DispatchControlScheduler: ControlScheduler {
    private let queue: DispatchQueue
    /// Marks the queue, so that code can ask whether it runs on it.
    private let marker = DispatchSpecificKey<Bool>()

    public init(label: String = "inputclick.player.control") {
        queue = DispatchQueue(label: label)
        queue.setSpecific(key: marker, value: true)
    }

    public var isRunningControlWork: Bool { DispatchQueue.getSpecific(key: marker) == true }

    public func execute(_ work: @escaping @Sendable () -> Void) {
        queue.async(execute: work)
    }

    public func execute(afterNanoseconds nanoseconds: UInt64, _ work: @escaping @Sendable () -> Void) {
        queue.asyncAfter(deadline: .now() + .nanoseconds(Int(min(nanoseconds, UInt64(Int.max)))), execute: work)
    }

    public func executeAndWait(_ work: @escaping @Sendable () -> Void) {
        queue.sync(execute: work)
    }
}
