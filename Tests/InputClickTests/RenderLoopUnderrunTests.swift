import InputClick
import InputClickTesting
import Testing

/// An underrun that the render loop finds only when it writes a period comes
/// after that period was rendered, so the clicks in it have already started
/// in the mixer. The loop on a simulated device: such a period still goes
/// into the recovered device whole and plays when it restarts; a device
/// that refuses it even then loses it, and its clicks are counted.
@Suite struct RenderLoopUnderrunTests {
    typealias Scheduling = RenderLoopSchedulingTests

    @Test(arguments: [ClickScheduling.rewind, .onDemand, .append])
    func aClickWhoseWriteRunsIntoAnUnderrunIsWrittenWholeAfterTheRecoveryAndPlays(scheduling: ClickScheduling) throws {
        // The key comes while the return's click and its tail are queued, and
        // the write of its first period finds the device run dry.
        let run = Scheduling.run(scheduling: scheduling, taps: [10: [.return], 13: [.key]], ticks: 300,
                                 underrunsAtWrite: [13: 1])
        #expect(run.device.underruns == 1)
        #expect(run.records.map(\.kind) == [.return, .key], "every click was written")
        #expect(run.clicksLost == 0)
        #expect(run.device.starts == 2, "the device was started again after the recovery")
        // What was written is a plain render with each click at its recorded
        // frame: no period of the key is missing.
        let truth = Scheduling.reference(clicks: run.records, frames: run.device.written.count / 2, host: nil)
        #expect(truth == run.device.written)
        // And the device played the key whole.
        let key = try #require(run.records.last)
        let length = SyntheticClickSounds.bank().samples(.key).count / 2
        let played = run.device.playedSnapshot[(Int(key.streamFrame) * 2)..<((Int(key.streamFrame) + length) * 2)]
        #expect(played.allSatisfy { !$0.isNaN }, "the key's frames were played")
        #expect(Scheduling.noStaleFrame(run.device))
    }

    @Test(arguments: [ClickScheduling.rewind, .onDemand, .append])
    func aPeriodTheDeviceRefusesEvenAfterRecoveringCountsItsClicksAsLost(scheduling: ClickScheduling) {
        // Two underruns in a row: the write after the recovery fails too.
        let run = Scheduling.run(scheduling: scheduling, taps: [10: [.return], 13: [.key], 150: [.space]], ticks: 300,
                                 underrunsAtWrite: [13: 2])
        #expect(run.device.underruns == 2)
        #expect(run.records.map(\.kind) == [.return, .space], "the key was never written")
        #expect(run.clicksLost == 1, "and it was counted as lost")
        #expect(Scheduling.noStaleFrame(run.device))
    }
}

/// An underrun found while the loop waits, when nothing is left to sound:
/// the loop sleeps until the next tap, and the stream is then stopped while
/// silent like any other, not a running device that makes no progress.
@Suite struct RenderLoopUnderrunAtRestTests {
    /// What the renderer said about the sleeping stream.
    final class Asleep: @unchecked Sendable {
        var suspect: Bool?
        var stopped: Bool?
    }

    @Test(arguments: [ClickScheduling.rewind, .onDemand])
    func anUnderrunOnceTheClicksHaveSoundedLeavesTheStreamStoppedNotStalled(scheduling: ClickScheduling) {
        // The key's whole sound is rendered into the buffer when it starts; the
        // device underruns two ticks later with only its tail queued. The next
        // tap comes 2 s later, past the loop's 1 s stall timeout.
        let asleep = Asleep()
        let run = RenderLoopSchedulingTests.run(scheduling: scheduling, taps: [10: [.key], 1_600: [.space]], ticks: 1_800,
                                                underrunAtTicks: [12]) { tick, now, renderer in
            guard tick == 500 else { return }
            asleep.suspect = renderer.heartbeat.isSuspect(now: now)
            asleep.stopped = renderer.isStoppedWhileSilent
        }
        #expect(run.device.underruns == 1)
        #expect(asleep.stopped == true, "a stream asleep after an underrun counts as stopped while silent (drain returns)")
        #expect(asleep.suspect == false, "taps on a sleeping stream play; they are not suspect")
        #expect(run.records.map(\.kind) == [.key, .space], "the next tap started the device afresh, not a stall")
        #expect(run.device.starts == 2)
    }
}
