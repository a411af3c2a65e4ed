import Synchronization

/// A bounded lock-free queue of plain values, preallocated at creation
/// (Vyukov's bounded queue: one sequence number per slot).
///
/// Any number of threads may push and pop at once. The mixer keeps three:
/// ``ClickRequest``s from any thread to the render thread,
/// ``ControlMessage``s from the control threads to the render thread, and the
/// objects the render thread hands back to be released
/// (``RetiredObjects``). Each ring carries one concrete element type, so
/// every push and pop is specialized for it.
///
/// # Real-time context
/// ``push(_:)``, ``pop()``, ``isEmpty`` and ``hasRoom`` allocate nothing,
/// take no lock, and never wait: a full ring makes `push` return `false`, an
/// empty one makes `pop` return `nil`. Only `init` allocates.
final class CommandRing<Element: BitwiseCopyable>: @unchecked Sendable {
    private let mask: Int
    private let sequences: AtomicArray<Int>
    /// Element storage. A slot holds a value only between the push that
    /// writes it and the pop that reads it; its sequence number says which.
    private let slots: UnsafeMutablePointer<Element>
    private let enqueuePosition = Atomic<Int>(0)
    private let dequeuePosition = Atomic<Int>(0)

    /// The number of elements the ring holds; a power of two.
    let capacity: Int

    /// Creates a ring holding at least `minimumCapacity` elements.
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

    /// Adds `element`; returns `false` if the ring is full.
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

    /// Takes the oldest element, or `nil` if the ring is empty.
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

    /// Whether a pop now would find nothing (a hint; other threads may change it).
    var isEmpty: Bool {
        let position = dequeuePosition.load(ordering: .relaxed)
        return sequences[position & mask].pointee.load(ordering: .acquiring) - (position + 1) < 0
    }

    /// Whether a push now would find room (a hint; other threads may change it).
    var hasRoom: Bool {
        let position = enqueuePosition.load(ordering: .relaxed)
        return sequences[position & mask].pointee.load(ordering: .acquiring) - position >= 0
    }
}
