import InputClick
import InputClickTesting
import Testing

@Suite("A player never plays a click late")
struct PlayerStaleClickTests {
    @Test("a tap that waited more than 100 ms for a stalled device is dropped and counted; one within 100 ms plays")
    func staleTapsAreDroppedAndCounted() {
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
        clock.advance(by: 101_000_000)   // the device made no progress for 101 ms
        #expect(AudioAnalysis.peak(output.render(frameCount: 1_440)) == 0)
        #expect(player.statistics.staleClicksDropped == 1)

        #expect(player.submit(.key, requestedAt: clock.now) == .plays)
        clock.advance(by: 100_000_000)   // exactly 100 ms: still in time
        #expect(AudioAnalysis.peak(output.render(frameCount: 1_440)) > 0.1)
        #expect(player.statistics.staleClicksDropped == 1)
        player.shutdown()
    }

    @Test("a player's mixers use the monotonic clock unless told otherwise, so a tap stamped a second ago is dropped")
    func theDefaultClockIsMonotonic() {
        let harness = PlayerHarness()
        harness.show()
        _ = harness.render(milliseconds: 10)
        #expect(harness.player.submit(.key, requestedAt: MonotonicClock.now() - 1_000_000_000) == .plays)
        #expect(AudioAnalysis.peak(harness.render(milliseconds: 30)) == 0)
        #expect(harness.player.statistics.staleClicksDropped == 1)
    }
}
