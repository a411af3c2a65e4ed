import Foundation
import Dispatch
import InputClick
import InputClickTesting
import Testing

@Suite struct PlayerLifecycleTests {
    @Test func theStreamOpensOnTheControlQueueWhenAClickEnabledViewBecomesVisible() {
        let harness = PlayerHarness()
        harness.gate.setVisibleInputViews([harness.keyboard])
        #expect(harness.output.openCount == 0, "the reporting thread must not open the device itself")
        harness.scheduler.runPending()
        #expect(harness.output.isRendering)
        #expect(harness.player.state == .running)
        #expect(harness.gate.decision() == .plays)
    }

    @Test func aViewThatDoesNotOptInOpensNothing() {
        let harness = PlayerHarness()
        final class QuietView: InputViewAudioFeedback {}
        harness.gate.setVisibleInputViews([QuietView()])
        harness.scheduler.runPending()
        #expect(harness.output.openCount == 0)
        #expect(harness.player.state == .closed)
    }

    @Test func theStreamStaysOpenDuringTheLingerAndClosesAfterIt() {
        let harness = PlayerHarness()
        harness.show()
        harness.hide()
        #expect(harness.player.state == .lingering)
        harness.scheduler.advance(byNanoseconds: PlayerHarness.linger - 1_000_000)
        #expect(harness.output.isStreamOpen, "closed before the linger passed")
        harness.scheduler.advance(byNanoseconds: 2_000_000)
        #expect(!harness.output.isStreamOpen, "still holding the device after the linger")
        #expect(harness.player.state == .closed)
        #expect(harness.output.closeCount == 1)
        #expect(harness.scheduler.pendingCount == 0, "a hidden player must leave no timers behind")
    }

    @Test func showingAgainDuringTheLingerKeepsTheSameStream() {
        let harness = PlayerHarness()
        harness.show()
        harness.hide()
        harness.scheduler.advance(byNanoseconds: PlayerHarness.linger / 2)
        harness.show()
        harness.scheduler.advance(byNanoseconds: PlayerHarness.linger * 2)
        #expect(harness.output.openCount == 1)
        #expect(harness.output.isRendering)
        #expect(harness.player.state == .running)
    }

    @Test func aStaleLingerTimerDoesNotCloseALaterStream() {
        let harness = PlayerHarness()
        harness.show()
        harness.hide()
        harness.scheduler.advance(byNanoseconds: PlayerHarness.linger / 2)
        harness.show()
        harness.hide()
        // The first linger would end now; the second has half to go.
        harness.scheduler.advance(byNanoseconds: PlayerHarness.linger / 2 + 1_000_000)
        #expect(harness.output.isStreamOpen)
        harness.scheduler.advance(byNanoseconds: PlayerHarness.linger)
        #expect(!harness.output.isStreamOpen)
    }

    @Test func manyShowsAndHidesEndInTheStateOfTheLastOne() {
        let harness = PlayerHarness()
        var generator = SystemRandomNumberGenerator()
        var lastVisible = false
        for _ in 0..<200 {
            lastVisible = Bool.random(using: &generator)
            harness.player.clickEnabledInputViewVisibilityChanged(lastVisible)
        }
        harness.player.clickEnabledInputViewVisibilityChanged(true)
        harness.scheduler.runPending()
        #expect(harness.player.state == .running)
        harness.player.clickEnabledInputViewVisibilityChanged(false)
        harness.scheduler.advance(byNanoseconds: PlayerHarness.linger + 1)
        #expect(harness.player.state == .closed)
        #expect(!harness.output.isStreamOpen)
        #expect(harness.output.openCount == harness.output.closeCount)
    }

    @Test func showAndHideFromManyThreadsAtOnceNeverLeavesTheDeviceHeldAfterTheLastHide() {
        let output = OfflineOutput()
        let configuration = ClickPlayerConfiguration(lingerNanoseconds: 5_000_000, warningHandler: { _ in })
        let player = ClickPlayer(output: output, configuration: configuration, sounds: SyntheticClickSounds.provider)
        let gate = InputClickGate(sink: player, rateLimit: .unlimited)
        gate.addVisibilityObserver(player)
        let keyboard = OptedInInputView()
        DispatchQueue.concurrentPerform(iterations: 400) { i in
            gate.setVisibleInputViews(i % 3 == 0 ? [] : [keyboard])
            _ = gate.playInputClick()
        }
        gate.setVisibleInputViews([])
        // Every show and hide is queued by now, the last hide last; run them
        // all (an open may still be pending), then wait out the linger.
        let deadline = MonotonicClock.now() + 5_000_000_000
        repeat {
            player.flushControlQueue()
            usleep(1_000)
        } while (output.isStreamOpen || player.state != .closed) && MonotonicClock.now() < deadline
        #expect(!output.isStreamOpen)
        #expect(player.state == .closed)
        #expect(output.openCount == output.closeCount)
        player.shutdown()
    }

    @Test func shutdownClosesTheStreamAndLaterShowsOpenNothing() {
        let harness = PlayerHarness()
        harness.show()
        harness.player.shutdown()
        #expect(!harness.output.isStreamOpen)
        harness.hide()
        harness.show()
        #expect(harness.output.openCount == 1)
        #expect(harness.player.state == .shutDown)
    }
}

@Suite struct PlayerFramesWrittenTests {
    @Test func framesWrittenCountsTheOpenStreamsFramesAndIsNilWhileClosed() {
        let harness = PlayerHarness()
        #expect(harness.player.framesWritten == nil)
        #expect(harness.player.longestSoundFrames == nil)
        harness.show()
        #expect(harness.player.framesWritten == 0)
        let bank = SyntheticClickSounds.bank()
        let longest = ClickKind.allCases.map { bank.samples($0).count / bank.channels }.max()
        #expect(harness.player.longestSoundFrames == longest)
        #expect(bank.longestFrameCount == longest)
        _ = harness.gate.playInputClick()
        _ = harness.render(milliseconds: 10)
        #expect(harness.player.framesWritten == 480)
        let record = harness.player.latency.records().first
        #expect(record.map { $0.streamFrame < 480 } == true)
        harness.hide()
        harness.scheduler.advance(byNanoseconds: PlayerHarness.linger + 1)
        #expect(harness.player.framesWritten == nil)
    }
}
