import Synchronization

/// A fixed-size array of atomics at stable addresses, allocated once.
///
/// Building block for the lock-free rings and per-kind counters.
///
/// Real-time context: element access allocates nothing and takes no lock.
public final class AtomicArray<Value: AtomicRepresentable>: @unchecked Sendable {
    private let base: UnsafeMutablePointer<Atomic<Value>>
    /// The number of elements.
    public let count: Int

    /// Allocates `count` atomics, each starting at `initial`.
    public init(count: Int, initial: Value) {
        precondition(count > 0)
        self.count = count
        base = .allocate(capacity: count)
        for i in 0..<count { (base + i).initialize(to: Atomic(initial)) }
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    /// The atomic at `index`.
    ///
    /// Real-time safe.
    @inline(__always)
    public subscript(index: Int) -> UnsafeMutablePointer<Atomic<Value>> {
        base + index
    }
}
