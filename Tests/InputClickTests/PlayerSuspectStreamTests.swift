import InputClick
import InputClickTesting
import Testing

/// A device that stops making progress under a running stream. The offline output's real render loop beats
/// the player's heartbeat only while the test renders, on the player's simulated clock; the test then renders
/// nothing while that clock passes the liveness policy's suspect limit.
@Suite("A suspect stream")
struct PlayerSuspectStreamTests {
    /// How long the running stream's device may make no progress before it is suspect.
    private static func suspectLimit(of harness: PlayerHarness) throws -> UInt64 {
        let format = try #require(harness.player.statistics.format, "the stream runs")
        return harness.player.configuration.liveness.suspectAfterNanoseconds(for: format)
    }

    @Test func aTapOnADeviceThatStoppedMakingProgressIsSuspectNotPlayingAndCountedIfTheDeviceIsLost() throws {
        let harness = PlayerHarness()
        let (scheduler, player, gate) = (harness.scheduler, harness.player, harness.gate)
        harness.show()
        let suspectAfter = try Self.suspectLimit(of: harness)

        #expect(gate.playInputClick(.key) == .plays, "a device not played yet is not suspect")
        let audio = harness.render(milliseconds: 10)
        #expect(AudioAnalysis.peak(audio, channels: 2) > 0.01, "the device made progress: the first tap sounded")
        #expect(gate.playInputClick(.key) == .plays, "a device that just made progress is not suspect")
        scheduler.advance(byNanoseconds: suspectAfter)
        #expect(gate.decision() == .plays, "no progress for just the limit is not suspect yet")
        scheduler.advance(byNanoseconds: 50_000_000)
        #expect(gate.decision() == .suspect)
        #expect(gate.playInputClick(.space) == .suspect, "no progress for longer than the loop ever waits: not reported as playing")
        #expect(player.statistics.suspectClicks == 1)
        #expect(player.statistics.heldClicks == 0, "nothing came while the stream opened")

        harness.output.disconnect(.stalled)
        scheduler.runPending()
        #expect(player.state == .waitingForDevice)
        #expect(player.statistics.clicksLostWithDevice == 2, "the two taps after the render, never taken by the dead stream")
        #expect(gate.playInputClick(.key) == .deviceLost)
        player.shutdown()
    }

    @Test func aTapWhileTheStreamOpensIsHeldAndATapOnASuspectDeviceIsSuspect() throws {
        let harness = PlayerHarness()
        let (scheduler, player, gate) = (harness.scheduler, harness.player, harness.gate)
        gate.setVisibleInputViews([harness.keyboard])
        #expect(gate.playInputClick(.key) == .held, "the stream is still opening")
        scheduler.runPending()
        let suspectAfter = try Self.suspectLimit(of: harness)
        _ = harness.render(milliseconds: 10)
        scheduler.advance(byNanoseconds: suspectAfter + 50_000_000)
        #expect(gate.playInputClick(.key) == .suspect, "the stream runs, but its device made no progress")
        #expect(ClickDecision.suspect.identifier == "suspect")
        #expect(player.statistics.heldClicks == 1, "the tap while the stream opened")
        #expect(player.statistics.suspectClicks == 1, "the tap on the suspect device")
        player.shutdown()
    }
}
