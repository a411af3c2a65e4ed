import Dispatch
import InputClick
import InputClickTesting
import Synchronization
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
        #expect(harness.gate.playInputClick(.key, at: harness.scheduler.now + 30_000_000) == .held)
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
        let old = harness.scheduler.now - ClickPlayer.holdLimitNanoseconds - 50_000_000
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

    @Test func everyTapAnsweredHeldOrPlayingWhileTapsRaceTheOpenIsPlayed() {
        for _ in 0..<20 {
            let harness = PlayerHarness()
            let gate = harness.gate
            let answered = Atomic<Int>(0)
            gate.setVisibleInputViews([harness.keyboard])   // the hold takes taps from now
            let tappers = DispatchGroup()
            for _ in 0..<2 {
                DispatchQueue.global().async(group: tappers) {
                    for _ in 0..<60 {
                        let decision = gate.playInputClick(.key)
                        if decision.isAccepted { answered.add(1, ordering: .relaxed) }
                    }
                }
            }
            harness.scheduler.runPending()                  // the open settles the hold while taps come
            tappers.wait()
            _ = harness.render(milliseconds: 1_000)
            let statistics = harness.player.statistics
            #expect(statistics.heldClicksDropped == 0)
            #expect(harness.player.latency.count == answered.load(ordering: .relaxed),
                    "a tap let into the hold as it was settled was left behind")
        }
    }

    @Test func aRunningStreamAndAClosedHiddenPlayerNeverHold() {
        let harness = PlayerHarness()
        #expect(harness.gate.playInputClick(.key) == .noVisibleInputView)
        #expect(harness.player.submit(.key, requestedAt: harness.scheduler.now) == .noOutput, "closed, nothing showing")
        harness.show()
        #expect(harness.gate.playInputClick(.key) == .plays)
        #expect(harness.player.statistics.heldClicks == 0)
    }
}

/// Taps that come while a retry's open runs, after the device failed.
@Suite("Holding taps while a retry opens")
struct PlayerRetryHoldTests {
    /// An offline output that runs `duringNextOpen` inside its next open: a tap
    /// made there comes while the open runs.
    final class TappedOpenOutput: AudioOutput {
        let inner = OfflineOutput()
        private let hook = Mutex<(@Sendable () -> Void)?>(nil)
        var name: String { inner.name }
        func duringNextOpen(_ work: @escaping @Sendable () -> Void) { hook.withLock { $0 = work } }
        func openStream(_ request: OutputStreamRequest) throws -> any AudioOutputStream {
            let work = hook.withLock { hook in
                let work = hook
                hook = nil
                return work
            }
            work?()
            return try inner.openStream(request)
        }
    }

    struct Rig {
        let output = TappedOpenOutput()
        let scheduler = ManualControlScheduler()
        let reports = PlayerReports()
        let player: ClickPlayer
        let gate: InputClickGate
        let keyboard = OptedInInputView()
        let retry = RetryBackoff()

        init() {
            let reports = self.reports
            player = ClickPlayer(output: output,
                                 configuration: ClickPlayerConfiguration(retry: retry, warningHandler: { reports.warn($0) }),
                                 scheduler: scheduler, sounds: SyntheticClickSounds.provider)
            gate = InputClickGate(sink: player, rateLimit: .unlimited)
        }

        /// Shows the keyboard with the device failing: the player waits for it.
        func showWithTheDeviceGone() {
            output.inner.failNextOpens(1)
            gate.setVisibleInputViews([keyboard])
            scheduler.runPending()
        }

        /// Runs the retry, tapping while its open runs; returns the tap's decision.
        func tapDuringTheRetrysOpen() -> ClickDecision {
            let decision = Mutex<ClickDecision?>(nil)
            let gate = self.gate
            output.duringNextOpen { decision.withLock { $0 = gate.playInputClick(.key) } }
            scheduler.advance(byNanoseconds: retry.delay(forAttempt: 0))
            return decision.withLock { $0 } ?? .noOutput
        }
    }

    @Test func aTapWhileARetrysOpenRunsIsHeldAndPlaysOnceTheStreamRuns() {
        let rig = Rig()
        rig.showWithTheDeviceGone()
        #expect(rig.player.state == .waitingForDevice)
        #expect(rig.tapDuringTheRetrysOpen() == .held, "a tap during a retry's open is held, not refused")
        #expect(rig.player.state == .running)
        _ = rig.output.inner.render(frameCount: 48_000 / 20)
        #expect(rig.player.latency.count == 1, "the held tap played once the retry's stream ran")
        #expect(rig.player.statistics.heldClicks == 1)
        #expect(rig.player.statistics.heldClicksDropped == 0)
    }

    @Test func aTapWhileARetrysOpenFailsIsHeldThenDroppedAndCounted() {
        let rig = Rig()
        rig.showWithTheDeviceGone()
        rig.output.inner.failNextOpens(1)
        #expect(rig.tapDuringTheRetrysOpen() == .held)
        #expect(rig.player.state == .waitingForDevice)
        #expect(rig.player.statistics.heldClicksDropped == 1, "the held tap was dropped with the failed open, and counted")
        #expect(rig.gate.playInputClick(.key) == .noOutput, "no hold between retries")
    }
}
