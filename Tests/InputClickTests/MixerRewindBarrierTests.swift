import InputClick
import InputClickTesting
import Testing

@Suite("A rewind never goes back past what it cannot undo")
struct MixerRewindBarrierTests {
    /// A mono mixer keeping checkpoints, with `periods` of 64 frames rendered.
    private func mixerWithHistory(renderedPeriods periods: Int) -> Mixer {
        let mixer = Mixer(configuration: MixerConfiguration(channels: 1), bank: TestSounds.bank())
        mixer.prepareHistory(periods: 8)
        for _ in 0..<periods { _ = mixer.renderArray(frames: 64) }
        return mixer
    }

    @Test("with nothing started, every checkpoint can be rewound to")
    func quietPeriodsCanAllBeRewound() {
        let mixer = mixerWithHistory(renderedPeriods: 3)
        #expect(mixer.earliestRewindFrame(atOrAfter: 0) == 0)
        #expect(mixer.rewind(toFrame: 64))
        #expect(mixer.renderedFrames == 64)
    }

    @Test("a click started by a render that records onsets bars a rewind to before it")
    func aClickWithOnsetsRecordedBarsTheRewind() {
        let mixer = mixerWithHistory(renderedPeriods: 2)
        #expect(mixer.submitClick(.key, requestedAt: 0))
        var out = [Float](repeating: 0, count: 64)
        var onsets = [ClickOnset](repeating: ClickOnset(kind: .key, requestedAt: 0, frameOffset: 0), count: 4)
        let count = out.withUnsafeMutableBufferPointer { o in
            onsets.withUnsafeMutableBufferPointer { mixer.render(into: o.baseAddress!, frameCount: 64, onsets: $0) }
        }
        #expect(count == 1)
        _ = mixer.renderArray(frames: 64)
        #expect(mixer.earliestRewindFrame(atOrAfter: 0) == 192)
        #expect(!mixer.rewind(toFrame: 128))
    }

    @Test("a click started by a render that records no onsets bars a rewind to before it just the same")
    func aClickWithoutOnsetsRecordedBarsTheRewind() {
        let mixer = mixerWithHistory(renderedPeriods: 2)
        #expect(mixer.submitClick(.key, requestedAt: 0))
        _ = mixer.renderArray(frames: 64)   // no onset buffer: the click starts at frame 128
        _ = mixer.renderArray(frames: 64)
        #expect(mixer.earliestRewindFrame(atOrAfter: 0) == 192)
        #expect(!mixer.rewind(toFrame: 128))
        #expect(mixer.renderedFrames == 256)
    }
}
