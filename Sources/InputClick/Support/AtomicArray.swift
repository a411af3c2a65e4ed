import Synchronization

/// A fixed-size array of atomics at stable addresses, allocated once, for lock-free rings and per-kind
/// counters. Element access is real-time safe.
public final class AtomicArray<Value: AtomicRepresentable>: @unchecked Sendable {
    private let base: UnsafeMutablePointer<Atomic<Value>>
    public let count: Int

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

    @inline(__always)
    public subscript(index: Int) -> UnsafeMutablePointer<Atomic<Value>> {
        base + index
    }
}
