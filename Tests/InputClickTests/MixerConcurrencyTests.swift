import InputClick
import InputClickTesting
import Synchronization
import Testing

private final class Collected: Sendable {
    let times = Mutex<[UInt64]>([])
    let producersDone = Atomic<Int>(0)
}

@Suite("Clicks from many threads")
struct MixerConcurrencyTests {
    @Test("clicks submitted from eight threads while rendering all start, none twice")
    func everyClickArrivesOnce() async {
        let mixer = Mixer(configuration: MixerConfiguration(channels: 1, clickQueueCapacity: 4096),
                          bank: TestSounds.bank(milliseconds: 5))
        let perThread = 250
        let seen = Collected()
        await withTaskGroup(of: Void.self) { group in
            for t in 0..<8 {
                group.addTask {
                    for i in 0..<perThread {
                        while !mixer.submitClick(.key, requestedAt: UInt64(t * perThread + i)) {}
                    }
                    seen.producersDone.add(1, ordering: .releasing)
                }
            }
            group.addTask {
                var onsets = [ClickOnset](repeating: ClickOnset(kind: .key, requestedAt: 0, frameOffset: 0), count: 4096)
                var block = [Float](repeating: 0, count: 64)
                var local: [UInt64] = []
                // A block may start nothing while clicks wait for voices to
                // fade, so render until every click has arrived (or, after the
                // producers finish, a generous number of blocks has passed).
                var idleAfterFinish = 0
                while local.count < 8 * perThread && idleAfterFinish < 100_000 {
                    let finished = seen.producersDone.load(ordering: .acquiring) == 8
                    let n = block.withUnsafeMutableBufferPointer { b in
                        onsets.withUnsafeMutableBufferPointer { mixer.render(into: b.baseAddress!, frameCount: 64, onsets: $0) }
                    }
                    local += onsets[0..<n].map(\.requestedAt)
                    if finished { idleAfterFinish += 1 }
                }
                seen.times.withLock { $0 = local }
            }
        }
        let times = seen.times.withLock { $0 }
        #expect(times.count == 8 * perThread)
        #expect(Set(times) == Set((0..<(8 * perThread)).map { UInt64($0) }))
    }
}
