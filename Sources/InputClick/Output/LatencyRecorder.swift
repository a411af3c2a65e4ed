import Synchronization

/// A lock-free ring of the most recent ``LatencyRecord``s: one thread records at a time (the open stream's
/// render thread), any number read. A sequence number per slot means a reader skips a slot being rewritten
/// rather than see it half-written. When full, the oldest records are overwritten.
///
/// # Real-time context
/// ``record(_:)`` allocates nothing, takes no lock and never waits.
public final class LatencyRecorder: Sendable {
    private static let fieldsPerSlot = 5
    public let capacity: Int
    private let slots: AtomicArray<UInt64>
    private let written = Atomic<UInt64>(0)
    private let floor = Atomic<UInt64>(0)

    /// Keeps the last `capacity` records (at least 1).
    public init(capacity: Int = 4096) {
        self.capacity = max(1, capacity)
        slots = AtomicArray(count: self.capacity * Self.fieldsPerSlot, initial: 0)
    }

    /// Clicks recorded since creation or the last ``reset()``, including those the ring no longer holds.
    public var count: Int {
        // A reset on another thread may move the floor past what this thread
        // read as written: never let that go below zero.
        let low = floor.load(ordering: .acquiring)
        let high = written.load(ordering: .acquiring)
        return high > low ? Int(high - low) : 0
    }

    public func record(_ entry: LatencyRecord) {
        let index = written.load(ordering: .relaxed)
        let base = Int(index % UInt64(capacity)) * Self.fieldsPerSlot
        slots[base].pointee.store(2 &* index &+ 1, ordering: .releasing)
        atomicMemoryFence(ordering: .releasing)
        let packed = UInt64(entry.kind.rawValue) << 56 | (UInt64(bitPattern: entry.streamFrame) & 0x00FF_FFFF_FFFF_FFFF)
        slots[base + 1].pointee.store(packed, ordering: .relaxed)
        slots[base + 2].pointee.store(entry.requestedAt, ordering: .relaxed)
        slots[base + 3].pointee.store(entry.writtenAt, ordering: .relaxed)
        slots[base + 4].pointee.store(entry.reachesConverterAt, ordering: .relaxed)
        slots[base].pointee.store(2 &* index &+ 2, ordering: .releasing)
        written.store(index + 1, ordering: .releasing)
    }

    /// The records still in the ring since the last ``reset()``, oldest first.
    public func records() -> [LatencyRecord] {
        let low = floor.load(ordering: .acquiring)
        let end = written.load(ordering: .acquiring)
        let start = min(end, max(low, end >= UInt64(capacity) ? end - UInt64(capacity) : 0))
        var result: [LatencyRecord] = []
        result.reserveCapacity(Int(end - start))
        var index = start
        while index < end {
            if let entry = read(index) { result.append(entry) }
            index += 1
        }
        return result
    }

    public func report() -> LatencyReport { LatencyReport(records()) }

    /// Forgets the records so far; later reports cover only later clicks.
    public func reset() {
        floor.store(written.load(ordering: .acquiring), ordering: .releasing)
    }

    private func read(_ index: UInt64) -> LatencyRecord? {
        let base = Int(index % UInt64(capacity)) * Self.fieldsPerSlot
        let expected = 2 &* index &+ 2
        guard slots[base].pointee.load(ordering: .acquiring) == expected else { return nil }
        let packed = slots[base + 1].pointee.load(ordering: .relaxed)
        let requested = slots[base + 2].pointee.load(ordering: .relaxed)
        let writtenAt = slots[base + 3].pointee.load(ordering: .relaxed)
        let converter = slots[base + 4].pointee.load(ordering: .relaxed)
        atomicMemoryFence(ordering: .acquiring)
        guard slots[base].pointee.load(ordering: .relaxed) == expected,
              let kind = ClickKind(rawValue: UInt8(packed >> 56)) else { return nil }
        var frame = packed & 0x00FF_FFFF_FFFF_FFFF
        if frame & 0x0080_0000_0000_0000 != 0 { frame |= 0xFF00_0000_0000_0000 }
        return LatencyRecord(kind: kind, requestedAt: requested, writtenAt: writtenAt,
                             reachesConverterAt: converter, streamFrame: Int64(bitPattern: frame))
    }
}
