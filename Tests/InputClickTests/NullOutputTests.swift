import Foundation
import InputClick
import InputClickTesting
import Testing

@Suite struct NullOutputTests {
    private func threadNames() -> [String] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return tasks.compactMap { try? String(contentsOfFile: "/proc/self/task/\($0)/comm", encoding: .utf8) }
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    /// Other tests in this process run players with render threads of their
    /// own, in parallel, so this one names its thread uniquely: with the
    /// default name, another test's live thread once made the last check
    /// fail (under TSan, with a CPU hog).
    @Test func theNullOutputRendersClicksInRealTimeOnANamedThreadAndStopsCleanly() throws {
        let threadName = "ic-null-test"
        let player = ClickPlayer(output: NullOutput(priority: nil, threadName: threadName),
                                 configuration: ClickPlayerConfiguration(lingerNanoseconds: 1_000_000, warningHandler: { _ in }),
                                 sounds: SyntheticClickSounds.provider)
        player.clickEnabledInputViewVisibilityChanged(true)
        player.flushControlQueue()
        #expect(player.state == .running)
        #expect(threadNames().contains(threadName))
        let start = player.clock.now()
        for _ in 0..<3 {
            #expect(player.submitClick(.key, requestedAt: player.clock.now()))
            usleep(20_000) // a typist's gap between taps
        }
        #expect(player.drain(timeout: .seconds(10)))
        #expect(player.latency.count == 3)
        for record in player.latency.records() { #expect(record.writtenAt >= start) }
        player.shutdown()
        #expect(!threadNames().contains(threadName), "the render thread outlived the stream")
    }
}
