import InputClick
import InputClickTesting
import Testing

/// A steady 0.4 host stream and a steady 0.2 click, so each output sample
/// reads the master gain directly. Ducking is off (0 dB) to keep the stream steady.
@Suite("The master volume")
struct MixerMasterVolumeTests {
    private func setUp() -> Mixer {
        let bank = TestSounds.uniformBank(TestSounds.constant(0.2, frames: 48_000))
        var ducking = DuckingParameters()
        ducking.depthDecibels = 0
        let mixer = Mixer(configuration: MixerConfiguration(channels: 1, ducking: ducking), bank: bank)
        let stream = HostStream(channels: 1, capacityFrames: 96_000)
        stream.write(TestSounds.constant(0.4, frames: 96_000))
        #expect(mixer.attach(stream))
        return mixer
    }

    @Test("it scales clicks and host streams together, before the limiter")
    func scalesTheWholeMix() {
        let mixer = setUp()
        #expect(mixer.renderArray(frames: 480).allSatisfy { abs($0 - 0.4) < 1e-6 })
        _ = mixer.submitClick(.key, requestedAt: 0)
        #expect(mixer.renderArray(frames: 480).allSatisfy { abs($0 - 0.6) < 1e-6 })
        mixer.setMasterVolume(0.5)
        _ = mixer.renderArray(frames: 480)   // the ramp
        #expect(mixer.renderArray(frames: 480).allSatisfy { abs($0 - 0.3) < 1e-6 })
    }

    @Test("a volume set before the first render holds from its first frame: a muted mix never leaks a block")
    func setBeforeFirstRender() {
        let mixer = setUp()
        mixer.setMasterVolume(0)
        _ = mixer.submitClick(.key, requestedAt: 0)
        #expect(mixer.renderArray(frames: 480).allSatisfy { $0 == 0 })
    }

    @Test("a change ramps across a block instead of stepping")
    func changesRamp() {
        let mixer = setUp()
        _ = mixer.renderArray(frames: 480)
        mixer.setMasterVolume(0)
        let out = mixer.renderArray(frames: 480)
        #expect(out.last == 0)
        #expect(AudioAnalysis.largestStep(out) < 0.01)
        #expect(mixer.renderArray(frames: 480).allSatisfy { $0 == 0 })
    }

    @Test("a gain above unity is still held under full scale by the limiter, and nonsense means silence")
    func limiterStillLast() {
        let mixer = setUp()
        _ = mixer.submitClick(.key, requestedAt: 0)
        mixer.setMasterVolume(8)
        let loud = mixer.renderArray(frames: 4800)
        #expect(AudioAnalysis.peak(loud) <= 1)
        #expect(AudioAnalysis.peak(loud) > 0.9)
        mixer.setMasterVolume(.nan)
        _ = mixer.renderArray(frames: 480)
        #expect(mixer.renderArray(frames: 480).allSatisfy { $0 == 0 })
    }
}
