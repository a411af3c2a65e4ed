import Synchronization

/// A clock in nanoseconds that moves only when told to, so a test can age a click without sleeping.
/// Lock-free and allocation-free; two clocks are equal only if they are the same object.
public final class SimulatedClock: Sendable, Hashable {
    private let nanoseconds: Atomic<UInt64>
    private let moved = RenderProgressSignal()

    public init(start: UInt64 = 0) {
        nanoseconds = Atomic(start)
    }

    public var now: UInt64 { nanoseconds.load(ordering: .acquiring) }

    public func set(_ time: UInt64) {
        nanoseconds.store(time, ordering: .releasing)
        moved.signal()
    }

    public func advance(by delta: UInt64) {
        nanoseconds.wrappingAdd(delta, ordering: .acquiringAndReleasing)
        moved.signal()
    }

    /// Woken each time the clock is set or advanced.
    public func wait(untilNanoseconds deadline: UInt64) {
        _ = moved.wait(untilNanoseconds: UInt64.max) { now >= deadline }
    }

    public static func == (lhs: SimulatedClock, rhs: SimulatedClock) -> Bool { lhs === rhs }

    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
