import InputClick
import InputClickTesting
import Testing

/// Taps that come while the stream is still opening.
@Suite("Holding taps while the stream opens")
struct PlayerHoldTests {
    @Test func aTapWhileTheStreamOpensIsHeldAndPlaysOnceItRuns() {
        let harness = PlayerHarness()
        harness.gate.setVisibleInputViews([harness.keyboard])   // the open is queued, not done
        #expect(harness.gate.decision() == .held)
        #expect(harness.gate.playInputClick(.return) == .held)
        harness.scheduler.runPending()                          // the stream opens and runs
        #expect(harness.player.state == .running)
        #expect(!harness.player.drain(timeout: .zero), "the held click was accepted and awaits its render")
        let audio = harness.render(milliseconds: 50)
        #expect(AudioAnalysis.peak(audio) > 0.05, "the held click sounds in the first render")
        #expect(harness.player.latency.count == 1)
        let statistics = harness.player.statistics
        #expect(statistics.heldClicks == 1)
        #expect(statistics.heldClicksDropped == 0)
    }

    @Test func aDrainWhileTheStreamOpensWaitsForTheHeldTapsToSettle() {
        let harness = PlayerHarness()
        harness.gate.setVisibleInputViews([harness.keyboard])
        #expect(harness.gate.playInputClick(.return) == .held)
        // Nothing has opened yet: the held tap is not done, so a drain cannot report success.
        #expect(!harness.player.drain(timeout: .milliseconds(20)), "a drain before the open settled the hold")
        harness.scheduler.runPending()
        #expect(!harness.player.drain(timeout: .zero), "the held click was accepted and awaits its render")
    }

    @Test func aTapStampedAfterNowIsYoungAndPlays() {
        let harness = PlayerHarness()
        harness.gate.setVisibleInputViews([harness.keyboard])
        #expect(harness.gate.playInputClick(.key, at: MonotonicClock.now() + 30_000_000) == .held)
        harness.scheduler.runPending()
        _ = harness.render(milliseconds: 50)
        #expect(harness.player.statistics.heldClicksDropped == 0)
        #expect(harness.player.latency.count == 1)
    }

    @Test func clicksStillQueuedWhenThePlayerShutsDownAreCounted() {
        let harness = PlayerHarness()
        harness.show()
        #expect(harness.gate.playInputClick(.key) == .plays)
        harness.player.shutdown()   // before any render took the click
        #expect(harness.player.statistics.clicksLostWithDevice == 1)
    }

    @Test func aTapHeldLongerThanTheLimitIsDroppedCountedAndWarnedAbout() {
        let harness = PlayerHarness()
        harness.gate.setVisibleInputViews([harness.keyboard])
        let old = MonotonicClock.now() - ClickPlayer.holdLimitNanoseconds - 50_000_000
        #expect(harness.gate.playInputClick(.key, at: old) == .held)
        #expect(harness.gate.playInputClick(.space) == .held)
        harness.scheduler.runPending()
        _ = harness.render(milliseconds: 50)
        #expect(harness.player.latency.records().map(\.kind) == [.space], "only the young tap played")
        let statistics = harness.player.statistics
        #expect(statistics.heldClicks == 2)
        #expect(statistics.heldClicksDropped == 1)
        #expect(harness.reports.warnings.contains { $0.contains("1 tap held") && $0.contains("100 ms") })
    }

    @Test func tapsHeldForAnOpenThatFailsAreDroppedAndLaterTapsAreRefused() {
        let harness = PlayerHarness()
        harness.output.failNextOpens(1)
        harness.gate.setVisibleInputViews([harness.keyboard])
        #expect(harness.gate.playInputClick(.key) == .held)
        harness.scheduler.runPending()
        #expect(harness.player.state == .waitingForDevice)
        #expect(harness.player.statistics.heldClicksDropped == 1)
        // One warning for the episode: the open failure's, which says why clicks are dropped.
        #expect(harness.reports.warnings.count == 1, "\(harness.reports.warnings)")
        #expect(harness.reports.warnings.first?.contains("Clicks are dropped") == true, "\(harness.reports.warnings)")
        #expect(harness.gate.playInputClick(.key) == .noOutput, "no hold while waiting for the device")
    }

    @Test func theHoldIsBoundedAndRefusesBeyondItsCapacity() {
        let harness = PlayerHarness()
        harness.gate.setVisibleInputViews([harness.keyboard])
        var decisions: [ClickDecision] = []
        for _ in 0..<(ClickPlayer.holdCapacity + 5) { decisions.append(harness.gate.playInputClick(.key)) }
        #expect(decisions.filter { $0 == .held }.count == ClickPlayer.holdCapacity)
        #expect(decisions.filter { $0 == .noOutput }.count == 5)
        harness.scheduler.runPending()
        #expect(harness.player.statistics.heldClicksDropped == 0)
    }

    @Test func aRunningStreamAndAClosedHiddenPlayerNeverHold() {
        let harness = PlayerHarness()
        #expect(harness.gate.playInputClick(.key) == .noVisibleInputView)
        #expect(harness.player.submit(.key, requestedAt: MonotonicClock.now()) == .noOutput, "closed, nothing showing")
        harness.show()
        #expect(harness.gate.playInputClick(.key) == .plays)
        #expect(harness.player.statistics.heldClicks == 0)
    }
}
