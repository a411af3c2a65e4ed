@testable import InputClickPulseAudio
import Testing

/// The ring that carries the render thread's writes to the libpulse thread:
/// in order, with their placements, never more than it holds.
@Suite("the PulseAudio write ring")
struct PulseAudioWriteRingTests {
    /// Pushes `bytes` bytes of `value`.
    private func push(_ ring: PulseAudioWriteRing, _ value: UInt8, bytes: Int, seek: Int64 = 0, onRead: Bool = false) -> Bool {
        let data = [UInt8](repeating: value, count: bytes)
        return data.withUnsafeBytes {
            ring.push($0.baseAddress!, bytes: bytes, placement: PulseAudioWritePlacement(bytes: 0, seekOffset: seek, onRead: onRead))
        }
    }

    /// Drains everything: each write's first byte, length and placement.
    private func drain(_ ring: PulseAudioWriteRing) -> [(UInt8, PulseAudioWritePlacement)] {
        var seen: [(UInt8, PulseAudioWritePlacement)] = []
        ring.drain { data, placement in
            let bytes = UnsafeRawBufferPointer(start: data, count: placement.bytes)
            #expect(bytes.allSatisfy { $0 == bytes[0] }, "a write came out torn")
            seen.append((bytes[0], placement))
            return true
        }
        return seen
    }

    @Test("writes come out in the order they went in, each with its length and placement, across the ring's end")
    func writesComeOutInOrderWithTheirPlacements() {
        let ring = PulseAudioWriteRing(slotBytes: 16, slotCount: 3)
        for round in 0..<4 {
            let base = UInt8(round * 10)
            #expect(push(ring, base + 1, bytes: 16, onRead: true))
            #expect(push(ring, base + 2, bytes: 8, seek: -64))
            let seen = drain(ring)
            #expect(seen.map(\.0) == [base + 1, base + 2])
            #expect(seen.map(\.1) == [PulseAudioWritePlacement(bytes: 16, seekOffset: 0, onRead: true),
                                      PulseAudioWritePlacement(bytes: 8, seekOffset: -64, onRead: false)])
            #expect(ring.isEmpty)
        }
    }

    @Test("a full ring takes nothing more until a write is drained")
    func aFullRingTakesNothingMore() {
        let ring = PulseAudioWriteRing(slotBytes: 4, slotCount: 2)
        #expect(push(ring, 1, bytes: 4))
        #expect(push(ring, 2, bytes: 4))
        #expect(!push(ring, 3, bytes: 4))
        #expect(ring.pendingWrites == 2)
        var handed = 0
        ring.drain { _, _ in
            handed += 1
            return handed == 1
        }
        #expect(ring.pendingWrites == 1, "a write the consumer did not take stays queued")
        #expect(push(ring, 4, bytes: 4))
        #expect(drain(ring).map(\.0) == [2, 4])
    }

    @Test("a producer and a consumer on two threads lose, repeat and reorder nothing")
    func twoThreadsLoseNothing() async {
        let ring = PulseAudioWriteRing(slotBytes: 8, slotCount: 4)
        let count = 20_000
        let producer = Task.detached {
            var next = 0
            while next < count {
                var value = UInt64(next)
                if withUnsafeBytes(of: &value, { ring.push($0.baseAddress!, bytes: 8, placement:
                        PulseAudioWritePlacement(bytes: 0, seekOffset: Int64(-next), onRead: next % 7 == 0)) }) {
                    next += 1
                } else {
                    await Task.yield()
                }
            }
        }
        var expected = 0
        var faults = 0
        while expected < count {
            let drained = ring.drain { data, placement in
                let value = Int(data.loadUnaligned(as: UInt64.self))
                if value != expected || placement.seekOffset != Int64(-value) || placement.onRead != (value % 7 == 0)
                    || placement.bytes != 8 {
                    faults += 1
                }
                expected += 1
                return true
            }
            if drained == 0 { await Task.yield() }
        }
        await producer.value
        #expect(faults == 0)
        #expect(ring.isEmpty)
    }
}
