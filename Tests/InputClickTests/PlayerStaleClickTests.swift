import InputClick
import InputClickTesting
import Testing

@Suite("A tap reported as playing is written, late if need be")
struct PlayerStaleClickTests {
    @Test("a tap reported as playing is written even when the device then stalls for longer than 100 ms")
    func aPlayingTapIsWrittenLate() {
        let clock = SimulatedClock(start: 10_000_000_000)
        let output = OfflineOutput()
        let scheduler = ManualControlScheduler()
        let player = ClickPlayer(output: output,
                                 configuration: ClickPlayerConfiguration(mixer: MixerConfiguration(clock: .manual(clock))),
                                 settings: ClickSettings(), scheduler: scheduler, sounds: SyntheticClickSounds.provider)
        let gate = InputClickGate(sink: player, settings: ClickSettings(), rateLimit: .unlimited)
        gate.setVisibleInputViews([OptedInInputView()])
        scheduler.runPending()
        _ = output.render(frameCount: 480)

        #expect(player.submit(.key, requestedAt: clock.now) == .plays)
        clock.advance(by: 150_000_000)   // the device made no progress for 150 ms
        #expect(AudioAnalysis.peak(output.render(frameCount: 1_440)) > 0.1)
        #expect(player.statistics.staleClicksDropped == 0)
        player.shutdown()
    }

    @Test("a player's mixers read the player's clock unless told otherwise, and a tap stamped a second ago that was reported as playing still plays")
    func theDefaultClockKeepsPlayingTaps() {
        let harness = PlayerHarness()
        harness.show()
        _ = harness.render(milliseconds: 10)
        #expect(harness.player.submit(.key, requestedAt: harness.scheduler.now - 1_000_000_000) == .plays)
        #expect(AudioAnalysis.peak(harness.render(milliseconds: 30)) > 0.1)
        #expect(harness.player.statistics.staleClicksDropped == 0)
    }
}
