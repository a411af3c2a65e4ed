import Synchronization

/// Where one queued write goes on the server's side of the stream.
struct PulseAudioWritePlacement: Equatable {
    var bytes: Int
    /// 0, or negative (a rewind); ignored when ``onRead``.
    var seekOffset: Int64
    /// `PA_SEEK_RELATIVE_ON_READ`.
    var onRead: Bool
}

/// The render thread's writes on their way to the libpulse thread: a lock-free
/// single-producer (render thread), single-consumer (libpulse thread) ring of fixed
/// slots allocated at creation. The libpulse thread makes the `pa_stream_write` calls in
/// order with the same placements, so the writes land as they would have.
///
/// # Real-time context
/// ``push(_:bytes:placement:)``, ``isEmpty`` and ``pendingWrites`` allocate nothing,
/// take no lock and never wait: a full ring makes `push` return `false`.
final class PulseAudioWriteRing: @unchecked Sendable {
    /// Bytes.
    let slotBytes: Int
    let slotCount: Int
    private let placements: UnsafeMutablePointer<PulseAudioWritePlacement>
    private let data: UnsafeMutableRawPointer
    /// Written by the producer only.
    private let pushed = Atomic<Int>(0)
    /// Written by the consumer only.
    private let popped = Atomic<Int>(0)

    /// Allocates: not on the render thread.
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

    /// Pushed and not yet drained (a hint for the other side).
    var pendingWrites: Int { pushed.load(ordering: .acquiring) - popped.load(ordering: .acquiring) }

    /// A hint for the producer; exact for the consumer.
    var isEmpty: Bool { pendingWrites == 0 }

    /// At most ``slotBytes``; `false`, queuing nothing, when the ring is full. The producer only.
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

    /// Hands each write, oldest first, to `body`, freeing its slot when `body` returns
    /// `true`; stops at the first `false`. Returns how many were freed. The consumer only.
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
