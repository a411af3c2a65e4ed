import Synchronization

/// Where one queued write goes on the server's side of the stream.
struct PulseAudioWritePlacement: Equatable {
    /// Bytes of audio in the write.
    var bytes: Int
    /// Bytes to move the write index by first (0, or negative: a rewind); ignored when ``onRead``.
    var seekOffset: Int64
    /// The write goes to the server's read index (`PA_SEEK_RELATIVE_ON_READ`).
    var onRead: Bool
}

/// The render thread's writes on their way to the libpulse thread: a
/// lock-free single-producer, single-consumer ring of fixed slots, each one
/// write of at most ``slotBytes`` bytes with its placement, all allocated at
/// creation.
///
/// The render thread pushes a write where it would have called
/// `pa_stream_write`; the libpulse thread (``PulseAudioCalls``) pops the
/// writes in order and makes those calls with the same placements. A seek
/// is relative to the server's write or read index when the server applies
/// it, so the writes land as they would have.
///
/// # Real-time context
/// ``push(_:bytes:placement:)``, ``isEmpty`` and ``pendingWrites`` allocate
/// nothing, take no lock and never wait: a full ring makes `push` return
/// `false`. Only `init` allocates.
///
/// Thread context: ``push(_:bytes:placement:)`` from one producer thread
/// (the render thread), ``drain(_:)`` from one consumer thread (the libpulse
/// thread); ``isEmpty`` and ``pendingWrites`` from either.
final class PulseAudioWriteRing: @unchecked Sendable {
    /// The most bytes one write may carry.
    let slotBytes: Int
    /// How many writes the ring holds.
    let slotCount: Int
    private let placements: UnsafeMutablePointer<PulseAudioWritePlacement>
    private let data: UnsafeMutableRawPointer
    /// Writes pushed since creation; written by the producer only.
    private let pushed = Atomic<Int>(0)
    /// Writes popped since creation; written by the consumer only.
    private let popped = Atomic<Int>(0)

    /// Makes a ring of `slotCount` writes of up to `slotBytes` bytes each.
    ///
    /// Thread context: any thread but the render thread (it allocates).
    init(slotBytes: Int, slotCount: Int) {
        precondition(slotBytes > 0 && slotCount > 0)
        self.slotBytes = slotBytes
        self.slotCount = slotCount
        placements = .allocate(capacity: slotCount)
        placements.initialize(repeating: PulseAudioWritePlacement(bytes: 0, seekOffset: 0, onRead: false), count: slotCount)
        data = .allocate(byteCount: slotBytes * slotCount, alignment: 16)
    }

    deinit {
        placements.deallocate()
        data.deallocate()
    }

    /// Writes pushed and not yet drained (a hint for the other side).
    var pendingWrites: Int { pushed.load(ordering: .acquiring) - popped.load(ordering: .acquiring) }

    /// Whether nothing waits to be drained (a hint for the producer; exact for the consumer).
    var isEmpty: Bool { pendingWrites == 0 }

    /// Queues `bytes` bytes from `source` (at most ``slotBytes``) to be
    /// written at `placement`. Returns `false`, queuing nothing, when the
    /// ring is full.
    ///
    /// Thread context: the producer.
    func push(_ source: UnsafeRawPointer, bytes: Int, placement: PulseAudioWritePlacement) -> Bool {
        precondition(bytes > 0 && bytes <= slotBytes, "a write larger than a slot")
        let index = pushed.load(ordering: .relaxed)
        guard index - popped.load(ordering: .acquiring) < slotCount else { return false }
        let slot = index % slotCount
        (data + slot * slotBytes).copyMemory(from: source, byteCount: bytes)
        var stored = placement
        stored.bytes = bytes
        placements[slot] = stored
        pushed.store(index + 1, ordering: .releasing)
        return true
    }

    /// Hands each queued write, oldest first, to `body`, and frees its slot
    /// once `body` returns `true`; stops at the first `false` (that write
    /// stays queued) or when the ring is empty. Returns how many were handed over and freed.
    ///
    /// Thread context: the consumer.
    @discardableResult
    func drain(_ body: (UnsafeRawPointer, PulseAudioWritePlacement) -> Bool) -> Int {
        var index = popped.load(ordering: .relaxed)
        let end = pushed.load(ordering: .acquiring)
        var count = 0
        while index < end {
            let slot = index % slotCount
            guard body(UnsafeRawPointer(data + slot * slotBytes), placements[slot]) else { break }
            index += 1
            count += 1
            popped.store(index, ordering: .releasing)
        }
        return count
    }
}
