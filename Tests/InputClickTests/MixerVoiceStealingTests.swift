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

    /// A sustained sound: a 10 ms rise to 0.05, 300 ms steady, a 10 ms fall. Cutting
    /// one while it sounds steps by 0.05; fading eight at once moves at most 0.004 a frame.
    private static let sustained: [Float] = (0..<(320 * 48)).map { i in
        let rise = min(1, Float(i) / 480), fall = min(1, Float(320 * 48 - 1 - i) / 480)
        return 0.05 * min(rise, fall)
    }

    @Test("a burst larger than twice the pool, over voices already sounding, starts every click in order and cuts none")
    func burstLargerThanPool() {
        let mixer = Mixer(configuration: MixerConfiguration(channels: 1, voiceCount: 8, clickOnClickDuckingDecibels: 0),
                          bank: TestSounds.uniformBank(Self.sustained))
        var onsets = [ClickOnset](repeating: ClickOnset(kind: .key, requestedAt: 0, frameOffset: 0), count: 32)
        var block = [Float](repeating: 0, count: 64)
        var started: [UInt64] = []
        var perBlock: [Int] = []
        var out: [Float] = []
        func render(blocks: Int) {
            for _ in 0..<blocks {
                let n = block.withUnsafeMutableBufferPointer { b in
                    onsets.withUnsafeMutableBufferPointer { mixer.render(into: b.baseAddress!, frameCount: 64, onsets: $0) }
                }
                perBlock.append(n)
                started += onsets[0..<n].map(\.requestedAt)
                out += block
            }
        }
        // The whole pool sounds, fully risen…
        for i in 0..<8 { #expect(mixer.submitClick(.key, requestedAt: UInt64(i))) }
        render(blocks: 25)
        // …then 17 more at once: eight steal the sounding voices (which fade in
        // the other eight slots), the rest must wait for those fades, not cut them.
        perBlock = []
        for i in 8..<25 { #expect(mixer.submitClick(.key, requestedAt: UInt64(i))) }
        render(blocks: 80)
        #expect(perBlock.first == 8)
        #expect(started == (0..<25).map { UInt64($0) })
        #expect(AudioAnalysis.largestStep(out) < 0.02)
    }
    @Test("two hundred clicks at once through a pool of four never cut a voice")
    func hugeBurstNeverCuts() {
        let tone = TestSounds.tone(frequency: 110, milliseconds: 400, amplitude: 0.05)
        let mixer = Mixer(configuration: MixerConfiguration(channels: 1, voiceCount: 4, clickOnClickDuckingDecibels: 0),
                          bank: TestSounds.uniformBank(tone))
        for i in 0..<200 { #expect(mixer.submitClick(.key, requestedAt: UInt64(i))) }
        var started = 0
        var out: [Float] = []
        var onsets = [ClickOnset](repeating: ClickOnset(kind: .key, requestedAt: 0, frameOffset: 0), count: 64)
        var block = [Float](repeating: 0, count: 64)
        for _ in 0..<400 {
            started += block.withUnsafeMutableBufferPointer { b in
                onsets.withUnsafeMutableBufferPointer { mixer.render(into: b.baseAddress!, frameCount: 64, onsets: $0) }
            }
            out += block
        }
        #expect(started == 200)
        #expect(AudioAnalysis.largestStep(out) < 0.01)
    }
}
