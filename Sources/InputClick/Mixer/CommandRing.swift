import Synchronization

/// A bounded lock-free multi-producer, multi-consumer queue of plain values (Vyukov's bounded queue).
/// The mixer keeps three: clicks, ``ControlMessage``s, and objects to release (``RetiredObjects``).
///
/// # Real-time context
/// Only `init` allocates. Nothing waits: a full ring makes `push` return `false`, an empty one `pop` `nil`.
final class CommandRing<Element: BitwiseCopyable>: @unchecked Sendable {
    private let mask: Int
    private let sequences: AtomicArray<Int>
    /// A slot holds a value only between a push and its pop; its sequence number says which.
    private let slots: UnsafeMutablePointer<Element>
    private let enqueuePosition = Atomic<Int>(0)
    private let dequeuePosition = Atomic<Int>(0)

    /// A power of two.
    let capacity: Int

    init(minimumCapacity: Int) {
        var size = 2
        while size < minimumCapacity { size <<= 1 }
        capacity = size
        mask = size - 1
        sequences = AtomicArray(count: size, initial: 0)
        for i in 0..<size { sequences[i].pointee.store(i, ordering: .relaxed) }
        slots = .allocate(capacity: size)
    }

    deinit {
        // The elements are bitwise-copyable: there is nothing to deinitialize.
        slots.deallocate()
    }

    func push(_ element: Element) -> Bool {
        var position = enqueuePosition.load(ordering: .relaxed)
        while true {
            let sequence = sequences[position & mask].pointee.load(ordering: .acquiring)
            let difference = sequence - position
            if difference == 0 {
                let (won, seen) = enqueuePosition.compareExchange(
                    expected: position, desired: position + 1, ordering: .relaxed)
                if won {
                    (slots + (position & mask)).initialize(to: element)
                    sequences[position & mask].pointee.store(position + 1, ordering: .releasing)
                    return true
                }
                position = seen
            } else if difference < 0 {
                return false
            } else {
                position = enqueuePosition.load(ordering: .relaxed)
            }
        }
    }

    func pop() -> Element? {
        var position = dequeuePosition.load(ordering: .relaxed)
        while true {
            let sequence = sequences[position & mask].pointee.load(ordering: .acquiring)
            let difference = sequence - (position + 1)
            if difference == 0 {
                let (won, seen) = dequeuePosition.compareExchange(
                    expected: position, desired: position + 1, ordering: .relaxed)
                if won {
                    let element = (slots + (position & mask)).move()
                    sequences[position & mask].pointee.store(position + mask + 1, ordering: .releasing)
                    return element
                }
                position = seen
            } else if difference < 0 {
                return nil
            } else {
                position = dequeuePosition.load(ordering: .relaxed)
            }
        }
    }

    /// A hint; other threads may change it.
    var isEmpty: Bool {
        let position = dequeuePosition.load(ordering: .relaxed)
        return sequences[position & mask].pointee.load(ordering: .acquiring) - (position + 1) < 0
    }

    /// A hint; other threads may change it.
    var hasRoom: Bool {
        let position = enqueuePosition.load(ordering: .relaxed)
        return sequences[position & mask].pointee.load(ordering: .acquiring) - position >= 0
    }
}
