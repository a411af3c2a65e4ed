import Dispatch
import InputClick
import InputClickTesting
import Testing

/// One clock: a player's scheduler's, read by everything the player drives.
@Suite("One clock")
struct ClickClockTests {
    @Test func aSleepOnASimulatedClockReturnsOnceTheClockIsMovedToItsDeadline() {
        let simulated = SimulatedClock(start: 0)
        let clock = ClickClock.simulated(simulated)
        let woke = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            clock.sleep(untilNanoseconds: 1_000)
            woke.signal()
        }
        simulated.advance(by: 999)
        #expect(woke.wait(timeout: .now() + .milliseconds(50)) == .timedOut, "woke before its deadline")
        simulated.advance(by: 1)
        #expect(woke.wait(timeout: .now() + .seconds(10)) == .success)
    }

    @Test func theGateStampsTapsAndTheStreamTimesWritesOnThePlayersSimulatedClock() {
        let harness = PlayerHarness()
        #expect(harness.player.clock == harness.scheduler.clock)
        harness.show()
        harness.scheduler.advance(byNanoseconds: 5_000_000)
        #expect(harness.gate.playInputClick(.key) == .plays)
        _ = harness.render(milliseconds: 10)
        let record = harness.player.latency.records().first
        #expect(record?.requestedAt == PlayerHarness.start + 5_000_000)
        #expect(record?.writtenAt == PlayerHarness.start + 5_000_000)
    }
}
