import Synchronization

/// A bounded lock-free queue of ``MixerCommand``s, preallocated at creation
/// (Vyukov's bounded queue: one sequence number per slot).
///
/// Any number of threads may push and pop at once. The mixer uses one ring for
/// clicks (many producers, the render thread consuming), one for control
/// messages, and one carrying objects back from the render thread to be
/// released elsewhere.
///
/// Real-time context: ``push(_:)`` and ``pop()`` allocate nothing, take no
/// lock, and never wait; a full ring makes `push` return `false`.
final class CommandRing: @unchecked Sendable {
    private let mask: Int
    private let sequences: AtomicArray<Int>
    private let slots: UnsafeMutablePointer<MixerCommand>
    private let enqueuePosition = Atomic<Int>(0)
    private let dequeuePosition = Atomic<Int>(0)

    /// The number of commands the ring holds; a power of two.
    let capacity: Int

    /// Creates a ring holding at least `minimumCapacity` commands.
    init(minimumCapacity: Int) {
        var size = 2
        while size < minimumCapacity { size <<= 1 }
        capacity = size
        mask = size - 1
        sequences = AtomicArray(count: size, initial: 0)
        for i in 0..<size { sequences[i].pointee.store(i, ordering: .relaxed) }
        slots = .allocate(capacity: size)
        slots.initialize(repeating: .play(.key, at: 0), count: size)
    }

    deinit {
        slots.deallocate()
    }

    /// Adds a command; returns `false` if the ring is full.
    func push(_ command: MixerCommand) -> Bool {
        var position = enqueuePosition.load(ordering: .relaxed)
        while true {
            let sequence = sequences[position & mask].pointee.load(ordering: .acquiring)
            let difference = sequence - position
            if difference == 0 {
                let (won, seen) = enqueuePosition.compareExchange(
                    expected: position, desired: position + 1, ordering: .relaxed)
                if won {
                    slots[position & mask] = command
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

    /// Takes the oldest command, or `nil` if the ring is empty.
    func pop() -> MixerCommand? {
        var position = dequeuePosition.load(ordering: .relaxed)
        while true {
            let sequence = sequences[position & mask].pointee.load(ordering: .acquiring)
            let difference = sequence - (position + 1)
            if difference == 0 {
                let (won, seen) = dequeuePosition.compareExchange(
                    expected: position, desired: position + 1, ordering: .relaxed)
                if won {
                    let command = slots[position & mask]
                    sequences[position & mask].pointee.store(position + mask + 1, ordering: .releasing)
                    return command
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
