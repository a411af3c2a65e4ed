import InputClick
import InputClickTesting
import Testing

@Suite("Clicks land where and as they should")
struct MixerClickPlacementTests {
    @Test("a click starts at the first frame of the next render, and plays its kind's sound unchanged",
          arguments: ClickKind.allCases)
    func eachKindLandsAtTheNextRender(kind: ClickKind) {
        let bank = TestSounds.bank(channels: 2)
        let mixer = Mixer(configuration: MixerConfiguration(channels: 2), bank: bank)
        let silence = mixer.renderArray(frames: 480)
        #expect(AudioAnalysis.peak(silence, channels: 2) == 0)

        #expect(mixer.submitClick(kind, requestedAt: 1))
        let out = mixer.renderArray(frames: 4800)
        #expect(AudioAnalysis.onsets(out, channels: 2).first.map { $0 < 48 } == true)
        let expected = bank.samples(kind)
        // The sound plays sample for sample (gain 1, under the limiter's ceiling).
        var worst: Float = 0
        for i in 0..<expected.count { worst = max(worst, abs(out[i] - expected[i])) }
        #expect(worst < 1e-6)
        // And nothing after it ends.
        #expect(AudioAnalysis.peak(Array(out[expected.count...]), channels: 2) == 0)
        // It is recognisably its kind and no other.
        let left = AudioAnalysis.channel(out, channels: 2)
        for other in ClickKind.allCases {
            let reference = AudioAnalysis.channel(bank.samples(other), channels: 2)
            let c = AudioAnalysis.correlation(left, at: 0, with: reference)
            if other == kind { #expect(c > 0.99) } else { #expect(c < 0.5) }
        }
    }

    @Test("onsets report each click's request time and position in the block")
    func onsetsAreReported() {
        let mixer = Mixer(configuration: MixerConfiguration(channels: 1), bank: TestSounds.bank())
        _ = mixer.submitClick(.space, requestedAt: 42)
        _ = mixer.submitClick(.return, requestedAt: 43)
        var out = [Float](repeating: 0, count: 64)
        var onsets = [ClickOnset](repeating: ClickOnset(kind: .key, requestedAt: 0, frameOffset: -1), count: 4)
        let count = out.withUnsafeMutableBufferPointer { o in
            onsets.withUnsafeMutableBufferPointer { mixer.render(into: o.baseAddress!, frameCount: 64, onsets: $0) }
        }
        #expect(count == 2)
        #expect(onsets[0] == ClickOnset(kind: .space, requestedAt: 42, frameOffset: 0))
        #expect(onsets[1] == ClickOnset(kind: .return, requestedAt: 43, frameOffset: 0))
    }

    @Test("the click volume scales clicks, and volume 0 silences them")
    func clickGainScales() {
        let bank = TestSounds.bank()
        let mixer = Mixer(configuration: MixerConfiguration(channels: 1), bank: bank)
        mixer.setClickGain(0.5)
        _ = mixer.renderArray(frames: 64)  // let the gain settle
        _ = mixer.submitClick(.key, requestedAt: 0)
        let half = mixer.renderArray(frames: 2400)
        #expect(abs(AudioAnalysis.peak(half) - 0.5 * AudioAnalysis.peak(bank.samples(.key))) < 0.01)
        mixer.setClickGain(0)
        _ = mixer.renderArray(frames: 64)
        _ = mixer.submitClick(.key, requestedAt: 0)
        #expect(AudioAnalysis.peak(mixer.renderArray(frames: 2400)) == 0)
    }

    @Test("a volume change mid-click ramps instead of stepping")
    func clickGainRamps() {
        let mixer = Mixer(configuration: MixerConfiguration(channels: 1),
                          bank: TestSounds.uniformBank(TestSounds.constant(0.5, frames: 4800)))
        _ = mixer.submitClick(.key, requestedAt: 0)
        var out = mixer.renderArray(frames: 256)
        mixer.setClickGain(0.25)
        out += mixer.renderArray(frames: 256)
        #expect(AudioAnalysis.largestStep(Array(out[1...])) < 0.01)
        #expect(abs(out.last! - 0.125) < 0.001)
    }

    @Test("a replacement bank plays for new clicks while the sounding click finishes on the old one")
    func bankSwapKeepsSoundingClicks() {
        let old = TestSounds.uniformBank(TestSounds.constant(0.25, frames: 960))
        let new = TestSounds.uniformBank(TestSounds.constant(0.5, frames: 960))
        let mixer = Mixer(configuration: MixerConfiguration(channels: 1, clickOnClickDuckingDecibels: 0), bank: old)
        _ = mixer.submitClick(.key, requestedAt: 0)
        let first = mixer.renderArray(frames: 480)
        #expect(first.allSatisfy { abs($0 - 0.25) < 1e-6 })
        #expect(mixer.install(new))
        _ = mixer.submitClick(.key, requestedAt: 0)
        let overlap = mixer.renderArray(frames: 480)
        #expect(overlap.allSatisfy { abs($0 - 0.75) < 1e-6 })   // old tail + new click
        let after = mixer.renderArray(frames: 480)
        #expect(after.allSatisfy { abs($0 - 0.5) < 1e-6 })
        mixer.collectGarbage()
    }

    @Test("a bank of another format is refused")
    func bankFormatMustMatch() {
        let mixer = Mixer(configuration: MixerConfiguration(channels: 2), bank: TestSounds.bank(channels: 2))
        #expect(mixer.install(TestSounds.bank(channels: 1)) == false)
        #expect(mixer.install(TestSounds.bank(sampleRate: 44_100, channels: 2)) == false)
    }
}
