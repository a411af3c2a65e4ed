import InputClick
import InputClickTesting
import Testing

/// The host stream is a steady 0.5, and clicks are made inaudible (click
/// volume 0), so each output sample reads the stream's ducking gain directly.
@Suite("Host streams duck under clicks")
struct MixerStreamDuckingTests {
    let rate = 48_000
    let ducking = DuckingParameters()   // −12 dB, 5 ms attack, 150 ms hold, 250 ms release
    let clickMilliseconds = 30.0

    private func setUp() -> (Mixer, HostStream) {
        let bank = TestSounds.uniformBank(TestSounds.constant(0.3, frames: Int(clickMilliseconds * 48)))
        let mixer = Mixer(configuration: MixerConfiguration(channels: 1, ducking: ducking), bank: bank)
        mixer.setClickGain(0)
        let stream = HostStream(channels: 1, capacityFrames: 10 * rate)
        stream.write(TestSounds.constant(0.5, frames: 10 * rate))
        #expect(mixer.attach(stream))
        return (mixer, stream)
    }

    private func gainDB(_ sample: Float) -> Double { AudioAnalysis.decibels(sample / 0.5) }

    @Test("the stream plays at unity while no click sounds")
    func unityWithoutClicks() {
        let (mixer, _) = setUp()
        let out = mixer.renderArray(frames: 4800)
        #expect(out.allSatisfy { abs($0 - 0.5) < 1e-6 })
    }

    @Test("a click ducks the stream to the set depth within the attack time, smoothly")
    func depthWithinAttack() {
        let (mixer, _) = setUp()
        _ = mixer.renderArray(frames: 480)
        _ = mixer.submitClick(.key, requestedAt: 0)
        let out = mixer.renderArray(frames: 4800)
        let attackFrames = Int(ducking.attackMilliseconds * 48)
        #expect(abs(gainDB(out[attackFrames]) - ducking.depthDecibels) <= 1)
        #expect(abs(gainDB(out[1200]) - ducking.depthDecibels) <= 1)
        #expect(AudioAnalysis.largestStep(out) < 0.01)
    }

    @Test("the stream recovers within hold plus release after the last click ends, without a step")
    func recoveryWithinRelease() {
        let (mixer, _) = setUp()
        _ = mixer.submitClick(.key, requestedAt: 0)
        let total = Int((clickMilliseconds + ducking.holdMilliseconds + ducking.releaseMilliseconds + 50) * 48)
        let out = mixer.renderArray(frames: total)
        let clickEnd = Int(clickMilliseconds * 48)
        let releaseStart = clickEnd + Int(ducking.holdMilliseconds * 48)
        let recovered = releaseStart + Int(ducking.releaseMilliseconds * 48)
        // Held at depth through the hold…
        #expect(abs(gainDB(out[releaseStart - 10]) - ducking.depthDecibels) <= 1)
        // …halfway back in dB halfway through the release…
        #expect(abs(gainDB(out[releaseStart + Int(ducking.releaseMilliseconds * 24)]) - ducking.depthDecibels / 2) <= 1)
        // …and back at unity by the end of it.
        #expect(gainDB(out[recovered]) > -0.1)
        #expect(AudioAnalysis.largestStep(out) < 0.01)
    }

    @Test("typing at 10 taps per second keeps the stream ducked instead of pumping it")
    func noPumping() {
        let (mixer, _) = setUp()
        var out: [Float] = []
        for _ in 0..<30 {
            _ = mixer.submitClick(.key, requestedAt: 0)
            out += mixer.renderArray(frames: 4800)   // 100 ms
        }
        let settled = out[(Int(ducking.attackMilliseconds * 48))...]
        let gains = settled.map { gainDB($0) }
        #expect(gains.max()! - gains.min()! < 1)
        #expect(abs(gains.max()! - ducking.depthDecibels) < 1)
    }

    @Test("new ducking settings take effect at the next render")
    func duckingIsLive() {
        let (mixer, _) = setUp()
        mixer.setDucking(DuckingParameters(depthDecibels: -6))
        _ = mixer.submitClick(.key, requestedAt: 0)
        let out = mixer.renderArray(frames: 960)
        #expect(abs(gainDB(out[900]) - -6) < 0.5)
    }

    @Test("a detached stream stops playing, and a stream that runs dry plays silence")
    func detachAndUnderrun() {
        let (mixer, stream) = setUp()
        #expect(mixer.detach(stream))
        #expect(AudioAnalysis.peak(mixer.renderArray(frames: 480)) == 0)
        let short = HostStream(channels: 1, capacityFrames: 1000)
        short.write(TestSounds.constant(0.5, frames: 100))
        mixer.attach(short)
        let out = mixer.renderArray(frames: 480)
        #expect(out[0..<100].allSatisfy { abs($0 - 0.5) < 1e-6 })
        #expect(out[100...].allSatisfy { $0 == 0 })
        mixer.collectGarbage()
    }

    @Test("a stream of another channel count is refused, and NaN input is silenced")
    func streamValidation() {
        let mixer = Mixer(configuration: MixerConfiguration(channels: 2), bank: TestSounds.bank(channels: 2))
        #expect(mixer.attach(HostStream(channels: 1)) == false)
        let stream = HostStream(channels: 2)
        stream.write([.nan, .infinity, 0.25, 0.25])
        #expect(mixer.attach(stream))
        let out = mixer.renderArray(frames: 2)
        #expect(out == [0, 0, 0.25, 0.25])
    }
}

@Suite("Attaching host streams")
struct MixerStreamAttachmentTests {
    @Test("a mixer takes at most eight streams, refuses a second attach of one stream, and frees a slot on detach")
    func attachLimits() {
        let mixer = Mixer(configuration: MixerConfiguration(channels: 1), bank: TestSounds.bank())
        let streams = (0..<(Mixer.maxStreams + 1)).map { _ in HostStream(channels: 1, capacityFrames: 480) }
        for stream in streams.prefix(Mixer.maxStreams) { #expect(mixer.attach(stream)) }
        #expect(mixer.attach(streams[0]) == false)
        #expect(mixer.attach(streams[Mixer.maxStreams]) == false)
        #expect(mixer.detach(streams[Mixer.maxStreams]) == false)
        #expect(mixer.detach(streams[0]))
        #expect(mixer.attach(streams[Mixer.maxStreams]))
        for (i, stream) in streams.enumerated() { stream.write(TestSounds.constant(0.01 * Float(i + 1), frames: 10)) }
        let out = mixer.renderArray(frames: 10)
        // Streams 1…8 play (0.02 + … + 0.09), stream 0 does not.
        #expect(abs(out[0] - (2...9).map { 0.01 * Float($0) }.reduce(0, +)) < 1e-5)
    }
}
