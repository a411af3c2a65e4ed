import Synchronization

/// The render side of a real-time object: the members one thread at a time may call (the render thread, or
/// a test playing it); the rest of a `Sendable` type is for every thread. Debug builds check it: ``enter()``
/// stops the process if another thread is inside. Release builds compile the check away; it is real-time safe.
public struct RenderSide: ~Copyable, Sendable {
    /// The thread inside (its `pthread_t`), 0 when none.
    private let occupant = Atomic<UInt>(0)
    private let depth = Atomic<Int>(0)

    public init() {}

    /// Starts a visit by the calling thread (visits nest).
    @inline(__always)
    public func enter() {
        #if DEBUG
        let me = CurrentThread.id
        let (entered, inside) = occupant.compareExchange(expected: 0, desired: me, ordering: .acquiring)
        precondition(entered || inside == me, "two threads on one render side at once")
        depth.add(1, ordering: .relaxed)
        #endif
    }

    @inline(__always)
    public func leave() {
        #if DEBUG
        if depth.subtract(1, ordering: .relaxed).newValue == 0 {
            occupant.store(0, ordering: .releasing)
        }
        #endif
    }

    /// Runs `body` as one visit.
    @inline(__always)
    public func visit<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        enter()
        defer { leave() }
        return try body()
    }
}
