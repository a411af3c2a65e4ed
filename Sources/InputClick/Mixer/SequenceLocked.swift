import Synchronization

/// A value that fits in a fixed number of 64-bit words, so that a
/// ``SequenceLocked`` can publish it one atomic word at a time.
///
/// Real-time context: ``init(words:)`` runs on the reading thread, which for
/// the mixer is the render thread: it must allocate nothing and take no lock.
protocol SequenceLockable {
    /// How many words every value takes.
    static var wordCount: Int { get }
    /// Word `index` of this value, for `index` in `0..<wordCount`.
    func word(_ index: Int) -> UInt64
    /// Rebuilds a value from its words; `word(i)` gives word `i`.
    init(words word: (Int) -> UInt64)
}

/// A value many writers publish and one render thread reads, under a
/// sequence lock.
///
/// The value lives in atomic words beside a generation count. A writer makes
/// the generation odd, stores the words, and makes it even again; writers
/// take a short lock among themselves. A reader notes the generation, reads
/// the words, and keeps what it read only if the generation was even and
/// has not moved meanwhile. Otherwise it reads nothing this time and looks
/// again later (the mixer: at its next block), so a reader never waits for
/// a writer.
///
/// # Real-time context
/// ``load(newerThan:)`` allocates nothing, takes no lock and never waits.
/// ``store(_:)`` takes the writers' lock: call it from a control thread.
final class SequenceLocked<Value: SequenceLockable>: @unchecked Sendable {
    private let generationCount = Atomic<UInt64>(0)
    private let words = AtomicArray<UInt64>(count: max(1, Value.wordCount), initial: 0)
    private let writer = Mutex<Void>(())

    /// Publishes `initial`, and reads it once: an unspecialized (debug)
    /// build makes the type metadata of ``load(newerThan:)``'s result on its
    /// first call, which allocates and locks; here it happens on the creating
    /// thread, not on the render thread's first read.
    init(_ initial: Value) {
        store(initial)
        _ = load(newerThan: generation &+ 1)
    }

    /// The generation of the value published last: even, and larger after
    /// every ``store(_:)``.
    var generation: UInt64 { generationCount.load(ordering: .acquiring) }

    /// Publishes `value`, replacing the last one.
    func store(_ value: Value) {
        writer.withLock { _ in
            generationCount.add(1, ordering: .acquiringAndReleasing)
            for i in 0..<Value.wordCount { words[i].pointee.store(value.word(i), ordering: .releasing) }
            generationCount.add(1, ordering: .acquiringAndReleasing)
        }
    }

    /// The value published last and its generation, if that generation is
    /// not `seen` and no writer is in the middle of a store; otherwise `nil`,
    /// and the caller keeps what it has and asks again later.
    func load(newerThan seen: UInt64) -> (value: Value, generation: UInt64)? {
        let before = generationCount.load(ordering: .acquiring)
        guard before != seen, before & 1 == 0 else { return nil }
        let value = Value(words: { words[$0].pointee.load(ordering: .acquiring) })
        // A writer came in meanwhile: what was read may be torn.
        guard generationCount.load(ordering: .acquiring) == before else { return nil }
        return (value, before)
    }
}
