import InputClick
import InputClickTesting
import Testing

/// Whatever a host passes, the mixer neither crashes, hangs, nor plays garbage.
@Suite("The mixer under hostile input")
struct MixerHostileInputTests {
    @Test("ducking values that are not finite or out of range are clamped, and the output stays finite", arguments: [
        DuckingParameters(depthDecibels: .nan), DuckingParameters(attackMilliseconds: .infinity),
        DuckingParameters(holdMilliseconds: .nan), DuckingParameters(releaseMilliseconds: -.infinity),
        DuckingParameters(depthDecibels: 40, attackMilliseconds: 0, holdMilliseconds: 1e300, releaseMilliseconds: 0),
    ])
    func badDucking(parameters: DuckingParameters) {
        let clamped = parameters.clamped()
        #expect(DuckingParameters.depthRange.contains(clamped.depthDecibels))
        #expect(DuckingParameters.attackRange.contains(clamped.attackMilliseconds))
        #expect(DuckingParameters.holdRange.contains(clamped.holdMilliseconds))
        #expect(DuckingParameters.releaseRange.contains(clamped.releaseMilliseconds))
        // Through setDucking and through the configuration, both.
        for mixer in [Mixer(configuration: MixerConfiguration(channels: 1), bank: TestSounds.bank()),
                      Mixer(configuration: MixerConfiguration(channels: 1, ducking: parameters), bank: TestSounds.bank())] {
            mixer.setDucking(parameters)
            let stream = HostStream(channels: 1)
            stream.write(TestSounds.constant(0.5, frames: 4800))
            mixer.attach(stream)
            _ = mixer.submitClick(.key, requestedAt: 0)
            let out = mixer.renderArray(frames: 4800)
            #expect(out.allSatisfy { $0.isFinite && abs($0) <= 1 })
            #expect(out[4000] > 0)      // the stream still plays, ducked or not
        }
    }

    @Test("a configuration with zero or absurd sizes is brought into range and renders")
    func badConfiguration() {
        let configuration = MixerConfiguration(voiceCount: 0, maxFramesPerRender: 0, clickQueueCapacity: -5,
                                               clickOnClickRampMilliseconds: .nan, stealFadeMilliseconds: .infinity,
                                               limiterCeilingDecibels: .nan, limiterReleaseMilliseconds: 0)
        let valid = configuration.validated()
        #expect(valid.voiceCount == 1 && valid.maxFramesPerRender == 16 && valid.clickQueueCapacity == 16)
        #expect(valid.limiterCeilingDecibels == MixerConfiguration().limiterCeilingDecibels)
        let mixer = Mixer(configuration: configuration, bank: TestSounds.bank(channels: 2))
        #expect(mixer.configuration == valid)
        for _ in 0..<4 { _ = mixer.submitClick(.key, requestedAt: 0) }
        let out = mixer.renderArray(frames: 2400)
        #expect(out.allSatisfy { $0.isFinite })
        #expect(AudioAnalysis.peak(out, channels: 2) > 0.1)
    }

    @Test("a host stream with NaN samples or a NaN gain plays silence, not a full-scale step")
    func notANumberIsSilence() {
        let mixer = Mixer(configuration: MixerConfiguration(channels: 1), bank: TestSounds.bank())
        let stream = HostStream(channels: 1)
        stream.write(TestSounds.constant(0.5, frames: 480))
        stream.gain = .nan
        mixer.attach(stream)
        #expect(mixer.renderArray(frames: 480).allSatisfy { $0 == 0 })
        stream.gain = -2
        #expect(stream.gain == 0)
    }

    @Test("a partial trailing frame is not written, instead of stopping the host")
    func partialFrame() {
        let stream = HostStream(channels: 2, capacityFrames: 10)
        #expect(stream.write([0.1, 0.1, 0.2]) == 1)
        #expect(stream.queuedFrames == 1)
    }

    @Test("a mixer freed with a detach still queued leaves the host's stream alive and usable")
    func queuedDetachThenFree() {
        let stream = HostStream(channels: 1, capacityFrames: 480)
        do {
            let mixer = Mixer(configuration: MixerConfiguration(channels: 1), bank: TestSounds.bank())
            #expect(mixer.attach(stream))
            _ = mixer.renderArray(frames: 64)
            #expect(mixer.detach(stream))   // queued, never rendered
        }
        // Had the mixer released the unretained detach, this would touch freed memory.
        #expect(stream.write(TestSounds.constant(0.25, frames: 10)) == 10)
        #expect(stream.queuedFrames == 10)
    }

    @Test("messages that must wait keep their order: a detach queued behind a waiting install is not overtaken")
    func controlOrderIsKept() {
        // Five installs while a long click sounds fill every bank slot; the last waits.
        let long = TestSounds.uniformBank(TestSounds.constant(0.1, frames: 48_000))
        let mixer = Mixer(configuration: MixerConfiguration(channels: 1, clickOnClickDuckingDecibels: 0), bank: long)
        var banks: [SoundBank] = []
        for _ in 0..<4 {
            _ = mixer.submitClick(.key, requestedAt: 0)
            _ = mixer.renderArray(frames: 16)
            let bank = TestSounds.uniformBank(TestSounds.constant(0.1, frames: 48_000))
            banks.append(bank)
            #expect(mixer.install(bank))
        }
        let stream = HostStream(channels: 1, capacityFrames: 48_000)
        stream.write(TestSounds.constant(0.5, frames: 48_000))
        #expect(mixer.attach(stream))
        #expect(mixer.detach(stream))
        // Whatever waits, the stream must never play twice in one block (0.5 + 0.5).
        for _ in 0..<50 {
            let out = mixer.renderArray(frames: 960)
            #expect(out.allSatisfy { $0 < 0.95 })
        }
        #expect(AudioAnalysis.peak(mixer.renderArray(frames: 48_000)) < 0.05)
    }
}
