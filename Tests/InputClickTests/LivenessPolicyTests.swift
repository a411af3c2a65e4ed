@testable import InputClick
import InputClickTesting
import Testing

/// The liveness limits: one value, handed to the parts that apply them, and the fixed ones beside it.
@Suite("One liveness policy")
struct LivenessPolicyTests {
    @Test func theStandardPolicyHasTheDocumentedLimitsAndThePartsUseThem() {
        let standard = LivenessPolicy.standard
        #expect(standard.holdLimitNanoseconds == 100_000_000)
        #expect(standard.staleClickLimitNanoseconds == 100_000_000)
        #expect(standard.suspectMarginNanoseconds == 100_000_000)
        #expect(standard.stallTimeoutNanoseconds == 130_000_000)
        #expect(standard.healthyRunNanoseconds == 2_000_000_000)
        #expect(LivenessPolicy.serverStallTimeoutNanoseconds == 500_000_000)
        #expect(LivenessPolicy.minimumStallTimeoutNanoseconds == 50_000_000)
        #expect(LivenessPolicy.minimumPipeWireStallTimeoutNanoseconds == 200_000_000)
        #expect(LivenessPolicy.proofCheckNanoseconds == 100_000_000)
        #expect(PlayerLifecycle.proofCheckNanoseconds == LivenessPolicy.proofCheckNanoseconds)
        #expect(ClickPlayer.holdLimitNanoseconds == standard.holdLimitNanoseconds)
        #expect(Mixer.staleClickLimitNanoseconds == standard.staleClickLimitNanoseconds)
        #expect(ClickPlayerConfiguration().liveness == standard)
        #expect(MixerConfiguration().staleClickLimitNanoseconds == standard.staleClickLimitNanoseconds)
        let format = OutputFormat(sampleRate: 48_000, channels: 2, sampleFormat: .float32, periodFrames: 256, bufferFrames: 48_000)
        #expect(RenderHeartbeat.suspectAfterNanoseconds(for: format) == 500_000_000 + standard.suspectMarginNanoseconds,
                "half a one-second buffer, plus the margin")
    }

    @Test func aPlayerHoldsTapsAndKeepsStaleClicksAsLongAsItsPolicySays() {
        let scheduler = ManualControlScheduler(start: 1_000_000_000)
        var configuration = ClickPlayerConfiguration(warningHandler: { _ in })
        configuration.liveness.holdLimitNanoseconds = 2_000_000_000
        // A held tap goes to the mixer as expiring when stale: its limit is the policy's too.
        configuration.liveness.staleClickLimitNanoseconds = 2_000_000_000
        let output = OfflineOutput()
        let player = ClickPlayer(output: output, configuration: configuration, scheduler: scheduler,
                                 sounds: SyntheticClickSounds.provider)
        player.clickEnabledInputViewVisibilityChanged(true)
        // Older than the standard 100 ms, younger than this player's 2 s.
        #expect(player.submit(.key, requestedAt: scheduler.now - 500_000_000, placement: .center) == .held)
        scheduler.runPending()
        _ = output.render(frameCount: 4_800)
        #expect(player.statistics.heldClicksDropped == 0)
        #expect(player.statistics.staleClicksDropped == 0)
        #expect(player.latency.count == 1, "the tap held for 500 ms played")
    }

    @Test func aLifecyclesHealthyRunComesFromItsPolicy() {
        var value = PlayerLifecycle(deviceName: "test", lingerNanoseconds: 1_000, retry: RetryBackoff(initialNanoseconds: 100,
                                    maximumNanoseconds: 400), healthyRunNanoseconds: 50)
        _ = value.handle(.shown)
        _ = value.handle(.openFailed(message: "busy"))
        _ = value.handle(.retryDue(token: 1))
        _ = value.handle(.opened(at: 1_000))
        _ = value.handle(.proofChecked(token: value.proofToken, proven: true))
        #expect(value.handle(.faulted(message: "gone", kind: .deviceLost, at: 1_050))
                    .contains(.schedule(.retry(token: 2), afterNanoseconds: 100)), "a 50 ns run is healthy under this policy")
    }

    @Test func theFaultsKindReachesTheLifecycleAndStaysWhileThePlayerWaits() {
        var value = PlayerLifecycle(deviceName: "test", lingerNanoseconds: 1_000, retry: RetryBackoff())
        _ = value.handle(.shown)
        _ = value.handle(.opened(at: 0))
        #expect(value.lastFault == nil)
        _ = value.handle(.faulted(message: "no progress", kind: .stalled, at: 10))
        #expect(value.lastFault == .stalled)
        _ = value.handle(.hidden)
        #expect(value.lastFault == nil, "hiding ends the wait for the device")
    }
}
