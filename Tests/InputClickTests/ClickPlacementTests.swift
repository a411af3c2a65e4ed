import InputClick
import InputClickTesting
import Testing

@Suite struct ClickPlacementTests {
    private func bank() -> SoundBank { TestSounds.bank(sampleRate: 48_000, channels: 2) }

    private func render(_ entries: [ClickTimeline.Entry], variation: ClickVariation? = nil) -> [Float] {
        let mixer = Mixer(configuration: MixerConfiguration(variation: variation), bank: bank())
        return ClickTimeline(entries).render(through: mixer, tailFrames: 4800)
    }

    @Test func aCentredUnvariedClickRendersExactlyAsBefore() {
        let plain = render([.init(time: 0, kind: .key)])
        let placed = render([.init(time: 0, kind: .key, placement: ClickPlacement(pan: 0, gainDecibels: 0))])
        #expect(plain == placed)
        #expect(AudioAnalysis.peak(plain, channels: 2) > 0)
    }

    @Test func panLowersOnlyTheFarChannel() {
        let right = render([.init(time: 0, kind: .key, placement: ClickPlacement(pan: 0.5))])
        let center = render([.init(time: 0, kind: .key)])
        let left = AudioAnalysis.channel(right, channels: 2, index: 0), rightChannel = AudioAnalysis.channel(right, channels: 2, index: 1)
        let centerLeft = AudioAnalysis.channel(center, channels: 2, index: 0)
        let ratio = AudioAnalysis.rms(left) / AudioAnalysis.rms(centerLeft)
        #expect(abs(ratio - 0.5) < 0.01)
        #expect(AudioAnalysis.rms(rightChannel) == AudioAnalysis.rms(AudioAnalysis.channel(center, channels: 2, index: 1)))
    }

    @Test func gainDecibelsScalesTheClick() {
        let quiet = render([.init(time: 0, kind: .key, placement: ClickPlacement(gainDecibels: -10))])
        let full = render([.init(time: 0, kind: .key)])
        let difference = AudioAnalysis.decibels(AudioAnalysis.rms(quiet, channels: 2)) - AudioAnalysis.decibels(AudioAnalysis.rms(full, channels: 2))
        #expect(abs(difference + 10) < 0.1)
    }

    @Test func theSameSeedRendersTheSameAudioAndAnotherSeedDiffers() {
        let entries = (0..<10).map { ClickTimeline.Entry(time: UInt64($0) * 150_000_000, kind: .key) }
        let a = render(entries, variation: ClickVariation(seed: 7))
        let b = render(entries, variation: ClickVariation(seed: 7))
        let c = render(entries, variation: ClickVariation(seed: 8))
        #expect(a == b)
        #expect(a != c)
        #expect(a != render(entries))
    }

    @Test func variationStaysWithinOneDecibelAndTwoPercent() {
        let variation = ClickVariation(seed: 99)
        var gains: [Float] = [], rates: [Float] = []
        for serial in UInt64(1)...2000 {
            let f = variation.factors(forClick: serial)
            gains.append(f.gain)
            rates.append(f.rate)
        }
        let decibels = gains.map { AudioAnalysis.decibels($0) }
        #expect(decibels.allSatisfy { abs($0) <= 1.0001 })
        #expect(rates.allSatisfy { abs($0 - 1) <= 0.02 + 1e-6 })
        #expect(decibels.max()! > 0.9 && decibels.min()! < -0.9)     // it does vary, across the whole range
        #expect(rates.max()! > 1.018 && rates.min()! < 0.982)
    }

    @Test func unvariedPlacementsIgnoreTheVariation() {
        let entries = (0..<5).map { ClickTimeline.Entry(time: UInt64($0) * 150_000_000, kind: .key,
                                                        placement: ClickPlacement(varies: false)) }
        #expect(render(entries, variation: ClickVariation(seed: 3)) == render(entries))
    }

    @Test func theGateDropsVariationAndPanDuringSecureEntry() {
        final class Sink: ClickSink, @unchecked Sendable {
            var placements: [ClickPlacement] = []
            var isAcceptingClicks: Bool { true }
            func submitClick(_ kind: ClickKind, requestedAt: UInt64) -> Bool { true }
            func submitClick(_ kind: ClickKind, requestedAt: UInt64, placement: ClickPlacement) -> Bool {
                placements.append(placement)
                return true
            }
        }
        let sink = Sink()
        let gate = InputClickGate(sink: sink, settings: ClickSettings(), rateLimit: .unlimited)
        let view = OptedInInputView()
        gate.setVisibleInputViews([view])
        gate.playInputClick(.delete, at: 1, placement: ClickPlacement(pan: 0.2, gainDecibels: -3))
        gate.setSecureTextEntry(true)
        gate.playInputClick(.delete, at: 2, placement: ClickPlacement(pan: 0.2, gainDecibels: -3))
        #expect(sink.placements == [ClickPlacement(pan: 0.2, gainDecibels: -3), ClickPlacement(varies: false)])
    }

    @Test func aRewoundRenderOfPannedVariedClicksRepeatsItExactly() {
        let configuration = MixerConfiguration(variation: ClickVariation(seed: 5))
        let period = 64
        func run(rewinding: Bool) -> [Float] {
            let mixer = Mixer(configuration: configuration, bank: bank())
            mixer.prepareHistory(periods: 16)
            var out = [Float](repeating: 0, count: period * 2 * 200)
            var scratch = [Float](repeating: 0, count: period * 2 * 8)
            out.withUnsafeMutableBufferPointer { buffer in
                for block in 0..<200 {
                    if block % 10 == 0 {
                        _ = mixer.submitClick(block % 20 == 0 ? .key : .space, requestedAt: 0,
                                              placement: ClickPlacement(pan: block % 20 == 0 ? -0.25 : 0.2))
                    }
                    if rewinding && block % 10 == 5 {
                        // Render four periods ahead, then take them back.
                        let frame = mixer.renderedFrames
                        scratch.withUnsafeMutableBufferPointer { mixer.render(into: $0.baseAddress!, frameCount: period * 4) }
                        #expect(mixer.rewind(toFrame: frame))
                    }
                    mixer.render(into: buffer.baseAddress! + block * period * 2, frameCount: period)
                }
            }
            return out
        }
        let straight = run(rewinding: false)
        #expect(run(rewinding: true) == straight)
        #expect(AudioAnalysis.peak(straight, channels: 2) > 0)
    }
}
