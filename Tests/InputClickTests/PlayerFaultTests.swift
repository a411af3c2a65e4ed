import InputClick
import InputClickTesting
import Testing

@Suite struct PlayerFaultTests {
    @Test func aFailedOpenIsRetriedWithGrowingBackoff() {
        let harness = PlayerHarness()
        harness.output.failNextOpens(3)
        harness.show()
        #expect(harness.player.state == .waitingForDevice)
        #expect(harness.output.openCount == 0)
        // Retries after 100, 200 and 400 ms; the third succeeds... the fourth attempt opens.
        harness.scheduler.advance(byNanoseconds: 99_000_000)
        #expect(harness.output.openCount == 0)
        harness.scheduler.advance(byNanoseconds: 2_000_000)   // t = 101 ms: attempt 2 fails
        harness.scheduler.advance(byNanoseconds: 199_000_000) // t = 300 ms: attempt 3 fails
        #expect(harness.output.openCount == 0)
        harness.scheduler.advance(byNanoseconds: 399_000_000)
        #expect(harness.output.openCount == 0, "opened before the backoff had passed")
        harness.scheduler.advance(byNanoseconds: 2_000_000)
        #expect(harness.output.openCount == 1)
        #expect(harness.player.state == .running)
    }

    @Test func aDeviceThatIsMissingGivesExactlyOneWarningAndDropsClicks() {
        let harness = PlayerHarness()
        harness.output.isAvailable = false
        harness.show()
        harness.scheduler.advance(byNanoseconds: 30_000_000_000)
        #expect(harness.reports.warnings.count == 1)
        #expect(harness.reports.warnings.first?.contains("offline") == true)
        #expect(harness.reports.warnings.first?.contains("no such device") == true)
        #expect(harness.gate.playInputClick() == .noOutput)
        #expect(harness.gate.decision() == .noOutput)
        // Hiding and showing again does not repeat the warning.
        harness.hide()
        harness.show()
        harness.scheduler.advance(byNanoseconds: 5_000_000_000)
        #expect(harness.reports.warnings.count == 1)
    }

    @Test func hidingWhileWaitingForADeviceStopsTheRetries() {
        let harness = PlayerHarness()
        harness.output.isAvailable = false
        harness.show()
        harness.hide()
        let attempts = harness.scheduler.pendingCount
        harness.scheduler.advance(byNanoseconds: 10_000_000_000)
        #expect(harness.player.state == .closed)
        #expect(harness.scheduler.pendingCount == 0)
        #expect(attempts <= 1)
        harness.output.isAvailable = true
        harness.scheduler.advance(byNanoseconds: 10_000_000_000)
        #expect(harness.output.openCount == 0, "a hidden player must not open the device")
    }

    @Test func aDeviceLostWhileTypingDropsClicksAndTheyResumeWhenItReturns() {
        let harness = PlayerHarness()
        harness.show()
        #expect(harness.gate.playInputClick() == .plays)
        _ = harness.render(milliseconds: 10)
        harness.output.isAvailable = false
        harness.output.disconnect(.deviceLost)
        harness.scheduler.runPending()
        #expect(harness.player.state == .waitingForDevice)
        #expect(!harness.output.isStreamOpen, "the lost stream must be closed")
        #expect(harness.gate.playInputClick() == .deviceLost)
        #expect(harness.gate.decision() == .deviceLost)
        harness.scheduler.advance(byNanoseconds: 1_000_000_000)
        #expect(harness.output.openCount == 1)
        harness.output.isAvailable = true
        harness.scheduler.advance(byNanoseconds: 2_000_000_000)
        #expect(harness.player.state == .running)
        #expect(harness.output.openCount == 2)
        // Back after a loss, the device proves itself first: the tap is suspect
        // (it plays if the device takes audio within 100 ms), and the note
        // that it is back waits for that proof.
        #expect(harness.gate.playInputClick(.return) == .suspect)
        #expect(harness.reports.warnings.count == 1)
        let audio = harness.render(milliseconds: 20)
        #expect(SyntheticClickSounds.identify(audio[...], channels: 2, sampleRate: 48_000) == .return)
        harness.scheduler.advance(byNanoseconds: 100_000_000)  // the lifecycle looks for the proof every 100 ms
        #expect(harness.gate.playInputClick(.key) == .plays, "a device that consumed audio is trusted again")
        #expect(harness.player.statistics.faults == 1)
        #expect(harness.reports.warnings.count == 2, "one warning for the loss, one saying it is back")
    }

    @Test func aDeviceReopenedThatNeverConsumesStaysInTheEpisodeWithOneWarning() {
        let harness = PlayerHarness()
        harness.show()
        _ = harness.render(milliseconds: 10)
        // A server that accepts connections but plays nothing: every reopened
        // stream fails again before it consumed anything.
        for _ in 0..<5 {
            harness.output.disconnect(.deviceLost)
            harness.scheduler.runPending()
            #expect(harness.player.state == .waitingForDevice)
            #expect(harness.gate.playInputClick() == .deviceLost)
            // Each stream that failed unproven doubles the wait, up to 1.6 s.
            harness.scheduler.advance(byNanoseconds: 2_000_000_000)
            #expect(harness.player.state == .running)
            #expect(harness.gate.playInputClick() == .suspect, "an unproven device's taps are not reported as playing")
            harness.scheduler.advance(byNanoseconds: 300_000_000)
        }
        #expect(harness.player.statistics.faults == 5)
        #expect(harness.reports.warnings.count == 1, "one warning for the whole episode: \(harness.reports.warnings)")
    }

    @Test func aStreamThatRanTwoSimulatedSecondsBeforeItFailedStartsTheBackoffAgain() {
        let harness = PlayerHarness()
        harness.output.failNextOpens(1)
        harness.show()                                           // the first open fails: one step of backoff
        harness.scheduler.advance(byNanoseconds: RetryBackoff().delay(forAttempt: 0))
        #expect(harness.player.state == .running)
        _ = harness.render(milliseconds: 10)
        // The player's clock is the scheduler's: advancing it is the stream running for the healthy run.
        harness.scheduler.advance(byNanoseconds: LivenessPolicy.standard.healthyRunNanoseconds)
        harness.output.disconnect(.deviceLost)
        harness.scheduler.runPending()
        #expect(harness.player.state == .waitingForDevice)
        harness.scheduler.advance(byNanoseconds: RetryBackoff().delay(forAttempt: 0))
        #expect(harness.player.state == .running, "after a healthy run the retry waits the first delay, not the grown one")
        #expect(harness.output.openCount == 2)
    }

    @Test func clicksDroppedDuringAnOutageAreNotPlayedLater() {
        let harness = PlayerHarness()
        harness.show()
        harness.output.disconnect(.deviceLost)
        harness.scheduler.runPending()
        for _ in 0..<10 { _ = harness.gate.playInputClick() }
        harness.scheduler.advance(byNanoseconds: 1_000_000_000)
        #expect(harness.player.state == .running)
        let audio = harness.render(milliseconds: 20)
        #expect(AudioAnalysis.peak(audio) == 0)
    }

    @Test func aFaultWhileLingeringJustCloses() {
        let harness = PlayerHarness()
        harness.show()
        harness.hide()
        harness.output.disconnect(.deviceLost)
        harness.scheduler.runPending()
        #expect(harness.player.state == .closed)
        harness.scheduler.advance(byNanoseconds: 10_000_000_000)
        #expect(harness.output.openCount == 1)
        #expect(harness.reports.warnings.isEmpty)
    }

    @Test func backoffGrowsToItsMaximumAndStaysThere() {
        let backoff = RetryBackoff(initialNanoseconds: 100, factor: 2, maximumNanoseconds: 1_000)
        #expect((0..<7).map { backoff.delay(forAttempt: $0) } == [100, 200, 400, 800, 1_000, 1_000, 1_000])
    }
}

/// A full click queue is its own reason, counted apart from clicks with no output.
@Suite struct QueueFullTests {
    @Test func aFloodThatFillsTheQueueIsRefusedAsQueueFullAndCounted() {
        let harness = PlayerHarness()
        harness.show()
        // Nothing renders, so the queue fills; the harness's gate has no rate limit.
        let gate = harness.gate
        var decisions: [ClickDecision: Int] = [:]
        for _ in 0..<10_000 { decisions[gate.playInputClick(.key), default: 0] += 1 }
        let capacity = harness.player.configuration.mixer.clickQueueCapacity
        #expect((decisions[.plays] ?? 0) >= capacity && (decisions[.plays] ?? 0) < 2 * capacity)
        #expect(decisions[.queueFull] == 10_000 - (decisions[.plays] ?? 0))
        #expect(decisions[.noOutput] == nil)
        #expect(gate.decision() == .queueFull)
        #expect(harness.player.statistics.queueFullClicks == decisions[.queueFull])
        #expect(harness.player.statistics.droppedClicks == 0)
    }
}
