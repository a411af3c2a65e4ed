import InputClick
import InputClickALSA
import InputClickTesting
import Testing
import TestSupport

extension ThroughTheVirtualSink {
    /// Draining before a close: the whole last click reaches the device.
    @Suite struct DrainCaptureTests {
        @Test func afterADrainTheWholeReturnClickWasWrittenEvenWhenTheStreamClosesAtOnce() throws {
            let rig = try SinkRig(capture: true)
            #expect(rig.showAndWaitUntilRunning())
            let format = try #require(rig.player.statistics.format)
            #expect(rig.player.drain(timeout: .zero), "nothing played yet: the drain returns at once")
            #expect(rig.gate.playInputClick(.return) == .plays)
            #expect(rig.player.drain(timeout: .seconds(10)))
            rig.player.shutdown()   // closes now: no linger, no hide

            let audio = try rig.capturedAudio(format.sampleFormat)
            let onsets = AudioAnalysis.onsets(audio.samples, channels: audio.channels, threshold: 0.01, quietFrames: 48)
            let onset = try #require(onsets.first)
            #expect(onsets.count == 1)
            let bank = try SyntheticClickSounds.provider(SoundBankRequest(sampleRate: format.sampleRate, channels: format.channels))
            let length = bank.sound(.return).frameCount
            #expect(audio.frameCount - onset >= length,
                    "\(audio.frameCount - onset) of the return click's \(length) frames reached the device")
            #expect(SyntheticClickSounds.identify(audio.samples[(onset * audio.channels)...], channels: audio.channels,
                                                  sampleRate: audio.sampleRate) == .return)
        }
    }
}
