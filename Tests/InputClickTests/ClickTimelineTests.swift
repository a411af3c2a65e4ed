import InputClick
import InputClickTesting
import Testing

@Suite("Rendering a click timeline offline")
struct ClickTimelineTests {
    @Test("each click starts at exactly its frame, with its own sound, and the tail is kept")
    func clicksLandFrameExactly() {
        let bank = TestSounds.bank(milliseconds: 20)
        let mixer = Mixer(configuration: MixerConfiguration(channels: 1), bank: bank)
        let timeline = ClickTimeline([
            .init(time: 250_000_000, kind: .delete),     // frame 12 000
            .init(time: 10_000_000, kind: .key),         // frame 480
            .init(time: 500_020_833, kind: .return),     // frame 24 001
        ])
        let audio = timeline.render(through: mixer, tailFrames: 960)
        #expect(audio.count == 24_001 + 960)
        for (frame, kind) in [(480, ClickKind.key), (12_000, .delete), (24_001, .return)] {
            #expect(AudioAnalysis.correlation(audio, at: frame, with: bank.samples(kind)) > 0.999)
            #expect(audio[frame - 1] == 0)
        }
        #expect(AudioAnalysis.onsets(audio, threshold: 0.001, quietFrames: 48).count == 3)
    }

    @Test("an empty timeline renders only the tail, silent")
    func emptyTimeline() {
        let mixer = Mixer(configuration: MixerConfiguration(channels: 2), bank: TestSounds.bank(channels: 2))
        let audio = ClickTimeline([]).render(through: mixer, tailFrames: 100)
        #expect(audio.count == 200)
        #expect(audio.allSatisfy { $0 == 0 })
    }
}

@Suite("Click timeline arithmetic")
struct ClickTimelineArithmeticTests {
    @Test("frame positions round to the nearest frame and never overflow, even centuries in")
    func framePositions() {
        let timeline = ClickTimeline([])
        #expect(timeline.frame(of: 0, sampleRate: 48_000) == 0)
        #expect(timeline.frame(of: 10_416, sampleRate: 48_000) == 0)      // 0.49999 frame
        #expect(timeline.frame(of: 10_417, sampleRate: 48_000) == 1)      // 0.50002 frame
        #expect(timeline.frame(of: 1_000_000_000, sampleRate: 44_100) == 44_100)
        #expect(timeline.frame(of: UInt64.max, sampleRate: 768_000) == 18_446_744_073 * 768_000 + 544_936)
        #expect(ClickTimeline([.init(time: 7, kind: .key), .init(time: 3, kind: .delete)]).duration == 7)
    }
}
