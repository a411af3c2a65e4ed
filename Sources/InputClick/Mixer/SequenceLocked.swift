import Synchronization

/// A value of a fixed number of 64-bit words, for ``SequenceLocked``. ``init(words:)`` runs on the reading
/// (render) thread: it must allocate nothing and take no lock.
protocol SequenceLockable {
    static var wordCount: Int { get }
    /// For `index` in `0..<wordCount`.
    func word(_ index: Int) -> UInt64
    init(words word: (Int) -> UInt64)
}

/// A value many writers publish and one render thread reads, under a sequence lock: writers (serialized
/// by a short lock) make the generation odd, store the words, and make it even again; a reader keeps what
/// it read only if the generation was even and did not move, else it tries again later. A reader never waits.
///
/// # Real-time context
/// ``load(newerThan:)`` never waits; ``store(_:)`` takes the writers' lock: control threads only.
final class SequenceLocked<Value: SequenceLockable>: @unchecked Sendable {
    private let generationCount = Atomic<UInt64>(0)
    private let words = AtomicArray<UInt64>(count: max(1, Value.wordCount), initial: 0)
    private let writer = Mutex<Void>(())

    /// Reads `initial` once, so an unspecialized (debug) build makes the result's type metadata here rather
    /// than on the render thread's first read.
    init(_ initial: Value) {
        store(initial)
        _ = load(newerThan: generation &+ 1)
    }

    /// Even, and larger after every ``store(_:)``.
    var generation: UInt64 { generationCount.load(ordering: .acquiring) }

    func store(_ value: Value) {
        writer.withLock { _ in
            generationCount.add(1, ordering: .acquiringAndReleasing)
            for i in 0..<Value.wordCount { words[i].pointee.store(value.word(i), ordering: .releasing) }
            generationCount.add(1, ordering: .acquiringAndReleasing)
        }
    }

    /// `nil` if the generation is `seen` or a writer is mid-store; the caller then asks again later.
    func load(newerThan seen: UInt64) -> (value: Value, generation: UInt64)? {
        let before = generationCount.load(ordering: .acquiring)
        guard before != seen, before & 1 == 0 else { return nil }
        let value = Value(words: { words[$0].pointee.load(ordering: .acquiring) })
        // A writer came in meanwhile: what was read may be torn.
        guard generationCount.load(ordering: .acquiring) == before else { return nil }
        return (value, before)
    }
}
