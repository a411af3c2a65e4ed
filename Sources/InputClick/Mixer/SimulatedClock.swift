import Synchronization

/// A clock that moves only when told to, in nanoseconds: the time a
/// ``MixerClock/manual(_:)`` mixer reads, so that a test can make a click
/// old before the render that takes it, with no sleeping.
///
/// Lock-free and allocation-free, so a render
/// thread may read it. Two clocks are equal only if they are the same object.
public final class SimulatedClock: Sendable, Hashable {
    private let nanoseconds: Atomic<UInt64>
    /// Posted each time the clock moves, for ``wait(untilNanoseconds:)``.
    private let moved = RenderProgressSignal()

    /// A clock that reads `start`.
    public init(start: UInt64 = 0) {
        nanoseconds = Atomic(start)
    }

    /// The time now, in nanoseconds.
    public var now: UInt64 { nanoseconds.load(ordering: .acquiring) }

    public func set(_ time: UInt64) {
        nanoseconds.store(time, ordering: .releasing)
        moved.signal()
    }

    /// Moves the time forward by `delta` nanoseconds.
    public func advance(by delta: UInt64) {
        nanoseconds.wrappingAdd(delta, ordering: .acquiringAndReleasing)
        moved.signal()
    }

    /// Blocks until the clock reads `deadline` or later, woken each time it
    /// is set or advanced (``ClickClock/sleep(untilNanoseconds:)``).
    public func wait(untilNanoseconds deadline: UInt64) {
        _ = moved.wait(untilNanoseconds: UInt64.max) { now >= deadline }
    }

    public static func == (lhs: SimulatedClock, rhs: SimulatedClock) -> Bool { lhs === rhs }

    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
