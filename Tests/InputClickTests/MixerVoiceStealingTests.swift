import InputClick
import InputClickTesting
import Testing

@Suite("Voice stealing")
struct MixerVoiceStealingTests {
    @Test("with every voice busy, new clicks still start and the stolen ones fade out without a step")
    func stealingNeverDropsAndNeverSteps() {
        // Long, low tones so that any cut would be a large step.
        let tone = TestSounds.tone(frequency: 110, milliseconds: 400, amplitude: 0.05)
        let configuration = MixerConfiguration(channels: 1, voiceCount: 4, clickOnClickDuckingDecibels: 0)
        let mixer = Mixer(configuration: configuration, bank: TestSounds.uniformBank(tone))
        var out: [Float] = []
        var started = 0
        var onsets = [ClickOnset](repeating: ClickOnset(kind: .key, requestedAt: 0, frameOffset: 0), count: 8)
        var block = [Float](repeating: 0, count: 64)
        for i in 0..<200 {
            if i % 4 == 0 { _ = mixer.submitClick(.key, requestedAt: UInt64(i)) }  // 12 clicks per 4 voices' worth of time
            let n = block.withUnsafeMutableBufferPointer { b in
                onsets.withUnsafeMutableBufferPointer { mixer.render(into: b.baseAddress!, frameCount: 64, onsets: $0) }
            }
            started += n
            out += block
        }
        #expect(started == 50)
        // A full-amplitude cut of 4 summed tones would step by up to 0.2; a tone's
        // own slope is about 0.0007 per frame per voice.
        #expect(AudioAnalysis.largestStep(out) < 0.01)
        // The mix never held more than the pool: at most 4 tones (plus one fading) at once.
        #expect(AudioAnalysis.peak(out) <= 0.05 * 5 + 1e-3)
    }

    @Test("a burst of clicks larger than the pool in one block starts every one of them")
    func burstLargerThanPool() {
        let mixer = Mixer(configuration: MixerConfiguration(channels: 1, voiceCount: 8), bank: TestSounds.bank())
        for i in 0..<20 { #expect(mixer.submitClick(.key, requestedAt: UInt64(i))) }
        var onsets = [ClickOnset](repeating: ClickOnset(kind: .key, requestedAt: 0, frameOffset: 0), count: 32)
        var block = [Float](repeating: 0, count: 256)
        let n = block.withUnsafeMutableBufferPointer { b in
            onsets.withUnsafeMutableBufferPointer { mixer.render(into: b.baseAddress!, frameCount: 256, onsets: $0) }
        }
        #expect(n == 20)
        #expect(onsets[0..<20].map(\.requestedAt) == (0..<20).map { UInt64($0) })
        #expect(AudioAnalysis.peak(block) <= 1)
    }
}
