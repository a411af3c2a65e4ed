import InputClick
import InputClickTesting
import Testing

@Suite("Click-on-click ducking")
struct MixerClickOnClickDuckingTests {
    @Test("a new click lowers the clicks still sounding by 6 dB, smoothly")
    func newClickLowersOlderOnes() {
        // Every kind is a steady level for the older click; the newer one is silence,
        // so the output shows the older click's gain alone.
        var sounds: [ClickKind: [Float]] = [:]
        for kind in ClickKind.allCases { sounds[kind] = TestSounds.constant(0.4, frames: 4800) }
        sounds[.space] = TestSounds.constant(0, frames: 480)
        let mixer = Mixer(configuration: MixerConfiguration(channels: 1),
                          bank: SoundBank(sampleRate: 48_000, channels: 1, sounds: sounds))
        _ = mixer.submitClick(.key, requestedAt: 0)
        let before = mixer.renderArray(frames: 480)
        _ = mixer.submitClick(.space, requestedAt: 0)
        let after = mixer.renderArray(frames: 960)
        let drop = AudioAnalysis.decibels(after.last!) - AudioAnalysis.decibels(before.last!)
        #expect(abs(drop - -6) < 0.5)
        // Reached within the 2 ms ramp, without a step.
        #expect(abs(AudioAnalysis.decibels(after[120]) - AudioAnalysis.decibels(after.last!)) < 0.1)
        #expect(AudioAnalysis.largestStep(before + after) < 0.01)
    }

    @Test("the depth follows the configuration")
    func depthIsConfigurable() {
        var sounds: [ClickKind: [Float]] = [:]
        for kind in ClickKind.allCases { sounds[kind] = TestSounds.constant(0.4, frames: 4800) }
        sounds[.space] = TestSounds.constant(0, frames: 480)
        let mixer = Mixer(configuration: MixerConfiguration(channels: 1, clickOnClickDuckingDecibels: -12),
                          bank: SoundBank(sampleRate: 48_000, channels: 1, sounds: sounds))
        _ = mixer.submitClick(.key, requestedAt: 0)
        _ = mixer.renderArray(frames: 64)
        _ = mixer.submitClick(.space, requestedAt: 0)
        let after = mixer.renderArray(frames: 480)
        #expect(abs(AudioAnalysis.decibels(after.last!) - AudioAnalysis.decibels(0.4) - -12) < 0.5)
    }
}
