import Foundation
import InputClick
import InputClickALSA
import InputClickTesting
import Testing

extension ThroughTheVirtualSink {
    @Suite struct TypingRunTests {
        @Test(arguments: [SchedulingPreference.automatic, .append])
        func twentySecondsOfTypingWithBurstsMissesNoClick(_ scheduling: SchedulingPreference) throws {
            // The gate's rate limit has its own tests; here every tap must play.
            let rig = try SinkRig(capture: true, scheduling: scheduling, rateLimit: .unlimited)
            #expect(rig.showAndWaitUntilRunning())
            let format = try #require(rig.player.statistics.format)
            let inForce = rig.player.statistics.scheduling
            var script = TypistScript(seed: 20)
            let taps = script.taps(seconds: 20)
            #expect(taps.count > 100)
            var played: [ClickKind] = []
            var refused: [ClickDecision] = []
            var next = Date()
            for tap in taps {
                next += tap.pause
                let wait = next.timeIntervalSinceNow
                if wait > 0 { usleep(UInt32(wait * 1_000_000)) }
                // Late (a busy machine)? Go on from now rather than catch up
                // with taps back to back, which no typist makes.
                if wait < 0 { next = Date() }
                let decision = rig.gate.playInputClick(tap.kind)
                if decision == .plays { played.append(tap.kind) } else { refused.append(decision) }
            }
            #expect(refused.isEmpty, "refused: \(refused)")
            #expect(played.count == taps.count)
            #expect(rig.waitForWrittenClicks(played.count))
            #expect(rig.hideAndWaitUntilClosed())

            let records = rig.player.latency.records()
            #expect(records.count == played.count, "every click the gate let through was written")
            #expect(records.map(\.kind) == played)
            // The converter estimate comes from snd_pcm_delay at each write: the
            // audio queued ahead of the click, never more than the buffer and a period.
            let nanosecondsPerFrame = 1e9 / Double(format.sampleRate)
            let queuedAhead = records.map { Double($0.reachesConverterAt &- $0.writtenAt) / nanosecondsPerFrame }
            #expect(queuedAhead.allSatisfy { $0 <= Double(format.bufferFrames + format.periodFrames) + 1 },
                    "queued ahead (frames): \(queuedAhead.max() ?? 0)")
            if scheduling == .append {
                // Behind a full buffer, always.
                #expect(queuedAhead.filter { $0 >= 1 }.count * 2 > records.count, "snd_pcm_delay seems never to have answered")
            } else {
                // Started on demand (nothing ahead) or inserted by rewind (the
                // safeguard and less than a period ahead), never behind the deep buffer.
                #expect(inForce == .rewind)
                let near = Double(64 + 2 * format.periodFrames)
                #expect(queuedAhead.filter { $0 <= near }.count * 10 >= records.count * 9,
                        "clicks queued behind audio (frames ahead): \(queuedAhead.sorted().suffix(10))")
            }
            let audio = try rig.capturedAudio(format.sampleFormat)
            let onsets = AudioAnalysis.onsets(audio.samples, channels: audio.channels, threshold: 0.01, quietFrames: 48)
            // Every click is in the played audio at its recorded frame. Clicks
            // asked for while the (non-real-time) sink stalled start together in
            // the next period and sound as one onset: expect one onset per such
            // cluster, at its first click, and check each lone click's sound.
            let bank = SyntheticClickSounds.bank(sampleRate: format.sampleRate, channels: audio.channels)
            // A click stands apart from the one before once that one has sounded out.
            func length(_ kind: ClickKind) -> Int64 { Int64(bank.samples(kind).count / audio.channels) + 48 }
            let frames = records.map(\.streamFrame)
            let startsCluster = frames.indices.map { $0 == 0 || frames[$0] - frames[$0 - 1] >= length(records[$0 - 1].kind) }
            let alone = frames.indices.map { startsCluster[$0] && ($0 + 1 == frames.count || startsCluster[$0 + 1]) }
            #expect(onsets.map(Int64.init) == frames.indices.filter { startsCluster[$0] }.map { frames[$0] },
                    "every click is in the played audio at its frame")
            #expect(alone.filter { $0 }.count * 10 >= frames.count * 9, "clicks bunched up: only \(alone.filter { $0 }.count) of \(frames.count) stand alone")
            let mismatches = frames.indices.filter { alone[$0] }.filter { index in
                SyntheticClickSounds.identify(audio.samples[(Int(frames[index]) * audio.channels)...], channels: audio.channels,
                                              sampleRate: audio.sampleRate) != played[index]
            }.count
            #expect(mismatches == 0)
            let report = rig.player.latency.report()
            print("typing run: \(played.count) clicks, underruns \(rig.player.statistics.underruns)\n\(report)")
        }
    }
}
