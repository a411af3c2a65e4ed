import InputClick
import InputClickTesting
import Testing

@Suite struct PlayerClickTests {
    @Test func clicksAreHeldWhileTheStreamOpensAndRefusedAtOnceWhenNoneWillOpen() {
        let harness = PlayerHarness()
        harness.gate.setVisibleInputViews([harness.keyboard])
        // Visible, but the control queue has not opened the stream yet: held (PlayerHoldTests).
        #expect(harness.gate.playInputClick() == .held)
        harness.scheduler.runPending()
        #expect(harness.gate.playInputClick() == .plays)
        harness.hide()
        harness.scheduler.advance(byNanoseconds: PlayerHarness.linger * 2)
        // Hidden and closed: the gate refuses first; the player itself refuses at once.
        #expect(harness.player.submit(.key, requestedAt: harness.scheduler.now) == .noOutput)
        #expect(harness.player.statistics.droppedClicks == 1)
    }

    @Test func aClickStartsAtTheBeginningOfTheNextRenderedPeriod() {
        let harness = PlayerHarness()
        harness.show()
        _ = harness.render(milliseconds: 10)
        #expect(harness.gate.playInputClick(.key) == .plays)
        let audio = harness.render(milliseconds: 20)
        let onsets = AudioAnalysis.onsets(audio, channels: 2, threshold: 0.01, quietFrames: 48)
        #expect(onsets == [0])
        #expect(AudioAnalysis.peak(audio) > 0.1)
    }

    @Test(arguments: ClickKind.allCases)
    func eachKindPlaysItsOwnSound(kind: ClickKind) {
        let harness = PlayerHarness()
        harness.show()
        #expect(harness.gate.playInputClick(kind) == .plays)
        let audio = harness.render(milliseconds: 30)
        #expect(SyntheticClickSounds.identify(audio[...], channels: 2, sampleRate: 48_000) == kind)
    }

    @Test func clicksSpacedInTimeLandAtTheirPeriods() {
        let harness = PlayerHarness()
        harness.show()
        var audio: [Float] = []
        for kind in [ClickKind.key, .space, .delete, .return] {
            _ = harness.gate.playInputClick(kind)
            audio += harness.render(milliseconds: 40)
        }
        let onsets = AudioAnalysis.onsets(audio, channels: 2, threshold: 0.01, quietFrames: 48)
        #expect(onsets == [0, 1920, 3840, 5760])
        let kinds = onsets.map { SyntheticClickSounds.identify(audio[($0 * 2)...], channels: 2, sampleRate: 48_000) }
        #expect(kinds == [.key, .space, .delete, .return])
    }

    @Test func nothingPlaysWhenTheGateSaysNo() {
        let harness = PlayerHarness(settings: ClickSettings(clicksEnabled: false))
        harness.show()
        #expect(harness.gate.playInputClick() == .clicksOff)
        let audio = harness.render(milliseconds: 30)
        #expect(!audio.isEmpty)
        #expect(AudioAnalysis.peak(audio) == 0)
    }

    @Test func everyPlayedClickIsRecordedWithBothLatencyFigures() {
        let harness = PlayerHarness()
        harness.show()
        for _ in 0..<5 {
            _ = harness.gate.playInputClick()
            _ = harness.render(milliseconds: 20)
        }
        let records = harness.player.latency.records()
        #expect(records.count == 5)
        for record in records {
            #expect(record.writtenAt >= record.requestedAt)
            #expect(record.reachesConverterAt >= record.writtenAt)
            // One 64-frame period is queued after each offline write; the click
            // starts the period, so it is 0 frames ahead of the period's end minus 64.
            #expect(record.toConverter >= record.toWrite)
        }
        #expect(records.map(\.streamFrame) == [0, 960, 1920, 2880, 3840])
        let report = harness.player.latency.report()
        #expect(report.toWrite.count == 5)
        #expect(report.toConverter.max >= report.toConverter.p50)
    }
}
