import InputClick
import InputClickTesting
import Testing

@Suite("A click more than 100 ms old when the render takes it is dropped, never played late")
struct MixerStaleClickTests {
    private static let millisecond: UInt64 = 1_000_000

    /// A mono mixer on a clock the test moves by hand.
    private func mixer(clock: SimulatedClock, history: Int = 0) -> Mixer {
        let mixer = Mixer(configuration: MixerConfiguration(channels: 1, clock: .manual(clock)), bank: TestSounds.bank())
        if history > 0 { mixer.prepareHistory(periods: history) }
        return mixer
    }

    @Test("a held click queued behind a device stalled for 150 ms is dropped and counted; one 99 ms old plays")
    func staleDroppedFreshPlays() {
        let clock = SimulatedClock(start: 5_000 * Self.millisecond)
        let mixer = mixer(clock: clock)
        #expect(mixer.submitClick(.key, requestedAt: clock.now, placement: .center, expiresWhenStale: true))
        clock.advance(by: 150 * Self.millisecond)   // the device stalls: nothing renders
        let late = mixer.renderArray(frames: 480)
        #expect(AudioAnalysis.peak(late) == 0)
        #expect(mixer.staleClicksDropped == 1)
        #expect(!mixer.hasQueuedClicks)

        #expect(mixer.submitClick(.key, requestedAt: clock.now, placement: .center, expiresWhenStale: true))
        clock.advance(by: 99 * Self.millisecond)
        let inTime = mixer.renderArray(frames: 480)
        #expect(AudioAnalysis.peak(inTime) > 0.1)
        #expect(mixer.staleClicksDropped == 1)
    }

    @Test("a click that does not expire (its caller was told it plays) plays however late the device takes it")
    func aPromisedClickPlaysLate() {
        let clock = SimulatedClock(start: 5_000 * Self.millisecond)
        let mixer = mixer(clock: clock)
        #expect(mixer.submitClick(.key, requestedAt: clock.now))
        clock.advance(by: 1_000 * Self.millisecond)   // the device stalls for a second
        #expect(AudioAnalysis.peak(mixer.renderArray(frames: 480)) > 0.1)
        #expect(mixer.staleClicksDropped == 0)
    }

    @Test("a click stamped after the clock's reading plays, and a mixer with no clock plays every click however old")
    func futureAndUncheckedClicksPlay() {
        let clock = SimulatedClock(start: 0)
        let checked = mixer(clock: clock)
        #expect(checked.submitClick(.key, requestedAt: 10_000 * Self.millisecond, placement: .center, expiresWhenStale: true))
        #expect(AudioAnalysis.peak(checked.renderArray(frames: 480)) > 0.1)
        #expect(checked.staleClicksDropped == 0)

        let unchecked = Mixer(configuration: MixerConfiguration(channels: 1), bank: TestSounds.bank())
        #expect(unchecked.submitClick(.key, requestedAt: 0, placement: .center, expiresWhenStale: true))
        _ = unchecked.renderArray(frames: 48_000)   // a second of audio time, no clock
        #expect(unchecked.submitClick(.key, requestedAt: 0, placement: .center, expiresWhenStale: true))
        #expect(AudioAnalysis.peak(unchecked.renderArray(frames: 480)) > 0.1)
        #expect(unchecked.staleClicksDropped == 0)
    }

    @Test("on the frames clock, the age is audio time: a click stamped 150 ms of frames ago is dropped, one 50 ms ago plays")
    func framesClockIsAudioTime() {
        let mixer = Mixer(configuration: MixerConfiguration(channels: 1, clock: .frames(originNanoseconds: 0)),
                          bank: TestSounds.bank())
        _ = mixer.renderArray(frames: 9_600)   // 200 ms at 48 kHz
        #expect(mixer.submitClick(.key, requestedAt: 50 * Self.millisecond, placement: .center, expiresWhenStale: true))
        #expect(AudioAnalysis.peak(mixer.renderArray(frames: 480)) == 0)
        #expect(mixer.staleClicksDropped == 1)
        #expect(mixer.submitClick(.key, requestedAt: mixer.renderedFrames.nanosecondsAt48k - 50 * Self.millisecond, placement: .center, expiresWhenStale: true))
        #expect(AudioAnalysis.peak(mixer.renderArray(frames: 480)) > 0.1)
        #expect(mixer.staleClicksDropped == 1)
    }

    @Test("a click that started is never dropped when a rewind renders it again, however late the clock")
    func startedClicksSurviveARewind() throws {
        let clock = SimulatedClock(start: 1_000 * Self.millisecond)
        let mixer = mixer(clock: clock, history: 8)
        _ = mixer.renderArray(frames: 64)
        #expect(mixer.submitClick(.key, requestedAt: clock.now, placement: .center, expiresWhenStale: true))
        let first = mixer.renderArray(frames: 64) + mixer.renderArray(frames: 64)
        let checkpoint = try #require(mixer.earliestRewindFrame(atOrAfter: 64))
        clock.advance(by: 1_000 * Self.millisecond)
        #expect(mixer.rewind(toFrame: checkpoint))
        let again = mixer.renderArray(frames: Int(128 - (checkpoint - 64)))
        #expect(Array(first.suffix(again.count)) == again)
        #expect(AudioAnalysis.peak(first) > 0.1)
        #expect(mixer.staleClicksDropped == 0)
    }

    @Test("a stale click dropped in a period does not change that period: a rewind to before it renders it identically")
    func aDropLeavesNothingToUndo() {
        let clock = SimulatedClock(start: 1_000 * Self.millisecond)
        let mixer = mixer(clock: clock, history: 8)
        _ = mixer.renderArray(frames: 64)
        #expect(mixer.submitClick(.key, requestedAt: clock.now - 500 * Self.millisecond, placement: .center, expiresWhenStale: true))
        let period = mixer.renderArray(frames: 64)
        #expect(mixer.staleClicksDropped == 1)
        #expect(mixer.rewind(toFrame: 64))
        #expect(mixer.renderArray(frames: 64) == period)
        #expect(mixer.staleClicksDropped == 1)
    }
}

private extension Int64 {
    /// These frames' duration at 48 kHz, in nanoseconds.
    var nanosecondsAt48k: UInt64 { UInt64(self) * 1_000_000_000 / 48_000 }
}
