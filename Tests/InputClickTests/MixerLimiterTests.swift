import InputClick
import InputClickTesting
import Testing

@Suite("The limiter")
struct MixerLimiterTests {
    @Test("every voice of the pool and a full-scale stream starting in one frame never exceed full scale")
    func worstCaseNeverClips() {
        let configuration = MixerConfiguration(channels: 2)
        let loud = TestSounds.tone(frequency: 200, milliseconds: 60, amplitude: 1)
        let mixer = Mixer(configuration: configuration, bank: TestSounds.uniformBank(loud, channels: 2))
        let stream = HostStream(channels: 2, capacityFrames: 48_000)
        stream.write((0..<48_000).map { $0 % 2 == 0 ? Float(1) : Float(-1) })
        mixer.attach(stream)
        for i in 0..<configuration.voiceCount { _ = mixer.submitClick(ClickKind(rawValue: UInt8(i % 5))!, requestedAt: 0) }
        let out = mixer.renderArray(frames: 24_000)
        #expect(AudioAnalysis.peak(out, channels: 2) <= 1)
        #expect(AudioAnalysis.peak(out, channels: 2) <= Float(Decibels.toGain(configuration.limiterCeilingDecibels)) + 1e-6)
        #expect(out.allSatisfy { $0.isFinite })
        // The limiter is not a mute: the clicks are still loud.
        #expect(AudioAnalysis.peak(out, channels: 2) > 0.9)
    }

    @Test("quiet material passes the limiter untouched")
    func quietPassesUntouched() {
        let tone = TestSounds.tone(frequency: 500, milliseconds: 50, amplitude: 0.5)
        let mixer = Mixer(configuration: MixerConfiguration(channels: 1), bank: TestSounds.uniformBank(tone))
        _ = mixer.submitClick(.key, requestedAt: 0)
        let out = mixer.renderArray(frames: tone.count)
        #expect(zip(out, tone).allSatisfy { abs($0 - $1) < 1e-6 })
    }
}
