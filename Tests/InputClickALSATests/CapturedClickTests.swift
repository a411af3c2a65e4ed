import Foundation
import InputClick
import InputClickALSA
import InputClickTesting
import Testing

extension ThroughTheVirtualSink {
    @Suite struct CapturedClickTests {
        @Test(arguments: [SchedulingPreference.automatic, .onDemand, .append])
        func eachClickIsInThePlayedAudioAtItsRecordedFrameWithItsOwnSound(_ scheduling: SchedulingPreference) throws {
            let rig = try SinkRig(capture: true, scheduling: scheduling)
            #expect(rig.showAndWaitUntilRunning())
            let format = try #require(rig.player.statistics.format)
            #expect(format.sampleFormat == .float32, "the sink accepts float, the first format asked for")
            #expect(format.sampleRate == 48_000)
            usleep(100_000) // pacing, as every sleep here: the keyboard is shown a moment before the first tap
            let kinds: [ClickKind] = [.key, .delete, .modifier, .space, .return, .key, .key, .space, .delete, .return]
            for kind in kinds {
                rig.tap(kind)
                usleep(80_000)
            }
            #expect(rig.accepted.map(\.kind) == kinds, "every tap plays, or is held while the busy sink stalls")
            #expect(rig.waitForAcceptedClicks(), "\(rig.player.latency.count) of \(kinds.count) written; \(rig.accounting)")
            let keptRunning = rig.player.statistics.keepsRunning == true
            #expect(rig.hideAndWaitUntilClosed())

            let audio = try rig.capturedAudio(format.sampleFormat)
            #expect(audio.sampleRate == 48_000 && audio.channels == format.channels)
            let records = rig.player.latency.records()
            #expect(rig.accountsForEveryClick(records), "written \(records.map(\.kind)) of \(rig.accepted); \(rig.accounting)")
            // What was written is a render with each click at its recorded frame:
            // no click, and no part of one, is missing, and nothing else is there.
            let check = CapturedClickCheck(records: records, audio: audio,
                                           expected: rig.expectedAudio(records, frames: audio.frameCount))
            #expect(check.difference == nil, "the capture differs from a render with the clicks at their recorded frames \(check.differenceDescription); frames \(records.map(\.streamFrame)); \(rig.accounting)")
            // Every sound that starts in the captured audio is a click starting
            // at its recorded frame (not the tail of one whose start was lost).
            #expect(check.strayOnsets.isEmpty, "sounds start where no click was written: \(check.strayOnsets)")
            // Each click that does not overlap another sounds as its own kind.
            // (A stream that stops while silent writes nothing between clicks,
            // and a stall of the busy sink starts the clicks asked for meanwhile
            // together: clicks may touch or overlap in the capture.)
            #expect(!check.alone.isEmpty && check.misheard.isEmpty,
                    "alone: \(check.alone.count) of \(records.count); not heard as their own kind: \(check.misheard.map { records[$0].streamFrame })")
            print("captured clicks (\(scheduling)): \(records.count) written, \(check.onsets.count) onsets, \(check.alone.count) alone; \(rig.accounting)")
            // The clicks were not held back and played in a batch: the first was
            // written before the last tap, 0.72 s later. (How closely each click
            // follows its tap is latency, which inputclick-bench measures; a busy
            // machine can stall the virtual sink, and did for over 0.25 s.)
            if let first = records.first, let last = records.last {
                let tapSpan = Double(last.requestedAt - first.requestedAt) / 1e9
                let writeSpan = Double(last.writtenAt - first.writtenAt) / 1e9
                #expect(first.writtenAt < last.requestedAt, "\(writeSpan) s of writes for \(tapSpan) s of taps")
                let audioSpan = Double(last.streamFrame - first.streamFrame) / Double(audio.sampleRate)
                let statistics = rig.player.statistics
                if scheduling == .append || keptRunning {
                    // A stream that never stops (appending, or kept running on a
                    // sound server's graph): it was started once, and again
                    // only after each underrun (which took it dry and stopped it).
                    #expect(statistics.starts <= 1 + statistics.underruns + statistics.suspends, "\(rig.accounting)")
                    // It is captured on the sink's clock, never ahead of the wall
                    // clock: the audio spans no more than the taps. (Not as
                    // much: the JACK sink runs without real-time priority, and
                    // a loaded machine slowed it to 0.31 s less than the taps'
                    // 0.72 s with no underrun of ours; the time a device runs
                    // dry is in no capture either.)
                    #expect(audioSpan < tapSpan + 0.25, "\(audioSpan) s of audio for \(tapSpan) s of taps")
                    // But it plays the pauses: clicks written back to back, the gaps lost, span a few
                    // clicks' length, far below a quarter of the taps' (the slowed sink gave 0.57 of them).
                    #expect(audioSpan > tapSpan / 4, "\(audioSpan) s of audio for \(tapSpan) s of taps: the pauses were not played")
                } else {
                    // A stream that stops while silent writes nothing between clicks:
                    // the capture holds each click and its tail, not the pauses.
                    #expect(audioSpan < tapSpan - 0.2, "\(audioSpan) s of audio for \(tapSpan) s of taps: the stream never slept")
                }
            }
        }

        @Test func nothingIsPlayedWhenTheGateSaysNo() throws {
            let rig = try SinkRig(capture: true, settings: ClickSettings(clicksEnabled: false))
            #expect(rig.showAndWaitUntilRunning())
            for kind in ClickKind.allCases {
                #expect(rig.gate.playInputClick(kind) == .clicksOff)
                usleep(30_000)
            }
            usleep(100_000) // a window, not a wait: a click the gate wrongly let through would be captured in it
            let format = try #require(rig.player.statistics.format)
            #expect(rig.player.statistics.scheduling == .rewind)
            let keptRunning = rig.player.statistics.keepsRunning == true
            #expect(rig.hideAndWaitUntilClosed())
            let audio = try rig.capturedAudio(format.sampleFormat)
            if !keptRunning {
                // No click asked the stream to start: it slept and wrote (next to) nothing.
                #expect(audio.frameCount < 48_000 / 10, "the stream wrote \(audio.frameCount) frames of silence")
            }
            // Kept running on a sound server's graph, it wrote silence throughout: nothing else.
            #expect(AudioAnalysis.peak(audio.samples) == 0)
            #expect(rig.player.latency.count == 0)
        }

        @Test func aSixteenBitDeviceGetsConvertedSamplesWithTheClicksIntact() throws {
            let rig = try SinkRig(capture: true, formats: [.signed16])
            #expect(rig.showAndWaitUntilRunning())
            #expect(rig.player.statistics.format?.sampleFormat == .signed16)
            usleep(50_000)
            let kinds: [ClickKind] = [.space, .modifier, .key]
            for kind in kinds {
                rig.tap(kind)
                usleep(80_000)
            }
            // A tap while the running device has made no progress for a while
            // (the busy sink, or the render thread kept off the processor) is
            // `held`, not `plays`: it is written if the render thread takes it
            // within 100 ms of the tap, else dropped as stale and counted.
            #expect(rig.accepted.map(\.kind) == kinds, "every tap plays, or is held while the busy sink stalls")
            #expect(rig.waitForAcceptedClicks(), "\(rig.player.latency.count) of \(kinds.count) written; \(rig.accounting)")
            // The last click sounds out before the stream closes, so the capture holds all of it.
            _ = rig.player.drain(timeout: .seconds(2))
            #expect(rig.hideAndWaitUntilClosed())
            let audio = try rig.capturedAudio(.signed16)
            #expect(audio.bitsPerSample == 16 && !audio.isFloat)
            let records = rig.player.latency.records()
            #expect(rig.accountsForEveryClick(records), "written \(records.map(\.kind)) of \(rig.accepted); \(rig.accounting)")
            // The converted samples are a render of the clicks written, each at
            // its recorded frame, to within a 16-bit step; each click alone is
            // heard as its own kind, and no sound starts anywhere else.
            // Some click was written (a run where every tap was held and
            // dropped would hold nothing to compare), and the capture holds
            // each written click whole: the comparison below covers them all.
            #expect(!records.isEmpty, "no click was written: \(rig.accounting)")
            let bank = SyntheticClickSounds.bank()
            let ends = records.map { Int($0.streamFrame) + bank.samples($0.kind).count / 2 }
            #expect(ends.allSatisfy { $0 <= audio.frameCount },
                    "the capture (\(audio.frameCount) frames) ends before clicks written at \(records.map(\.streamFrame)) do")
            let check = CapturedClickCheck(records: records, audio: audio,
                                           expected: rig.expectedAudio(records, frames: audio.frameCount),
                                           tolerance: 2 / 32_768)
            #expect(check.difference == nil, "the capture differs from a render with the clicks at their recorded frames \(check.differenceDescription); frames \(records.map(\.streamFrame)); \(rig.accounting)")
            #expect(check.strayOnsets.isEmpty, "sounds start where no click was written: \(check.strayOnsets)")
            #expect(!check.alone.isEmpty && check.misheard.isEmpty,
                    "alone: \(check.alone.count) of \(records.count); not heard as their own kind: \(check.misheard.map { records[$0].streamFrame })")
            print("16-bit device: \(records.count) of \(kinds.count) written, held \(rig.accepted.filter(\.held).map(\.kind)); \(rig.accounting)")
        }
    }
}
