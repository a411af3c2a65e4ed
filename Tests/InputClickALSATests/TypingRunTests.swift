import Foundation
import InputClick
import InputClickALSA
import InputClickTesting
import Testing

extension ThroughTheVirtualSink {
    @Suite struct TypingRunTests {
        @Test(arguments: [SchedulingPreference.automatic, .append])
        func twentySecondsOfTypingWithBurstsMissesNoClick(_ scheduling: SchedulingPreference) throws {
            // The gate's rate limit has its own tests; here every tap must go
            // through (played, or held while the busy sink stalls).
            let rig = try SinkRig(capture: true, scheduling: scheduling, formats: [.float32], rateLimit: .unlimited)
            #expect(rig.showAndWaitUntilRunning())
            let format = try #require(rig.player.statistics.format)
            let inForce = rig.player.statistics.scheduling
            var script = TypistScript(seed: 20)
            let taps = script.taps(seconds: 20)
            #expect(taps.count > 100)
            var refused: [ClickDecision] = []
            var next = Date()
            for tap in taps {
                next += tap.pause
                let wait = next.timeIntervalSinceNow
                if wait > 0 { usleep(UInt32(wait * 1_000_000)) }
                // Late (a busy machine)? Go on from now rather than catch up
                // with taps back to back, which no typist makes.
                if wait < 0 { next = Date() }
                let decision = rig.tap(tap.kind)
                if !decision.isAccepted { refused.append(decision) }
            }
            #expect(refused.isEmpty, "refused: \(refused)")
            #expect(rig.accepted.count == taps.count)
            #expect(rig.waitForAcceptedClicks(), "\(rig.player.latency.count) of \(taps.count) written; \(rig.accounting)")
            let keptRunning = rig.player.statistics.keepsRunning == true
            #expect(rig.hideAndWaitUntilClosed())

            let records = rig.player.latency.records()
            #expect(rig.accountsForEveryClick(records), "every click the gate let through was written (or, held, counted); \(rig.accounting)")
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
                // A stream kept running on a sound server's graph also has the
                // server's cycle ahead of what it writes (snd_pcm_delay counts it).
                let serverCycle = keptRunning
                    ? ServerLatencyPolicy.balanced.frames(atSampleRate: format.sampleRate) : 0
                let near = Double(64 + 2 * format.periodFrames + serverCycle)
                #expect(queuedAhead.filter { $0 <= near }.count * 10 >= records.count * 9,
                        "clicks queued behind audio (frames ahead): \(queuedAhead.sorted().map { Int($0) }); \(rig.accounting)")
            }
            let audio = try rig.capturedAudio(format.sampleFormat)
            // What was written is a render with every click at its recorded
            // frame: no click, and no period of one, is missing (an underrun
            // drops what the device held, never what is still to be written).
            let check = CapturedClickCheck(records: records, audio: audio,
                                           expected: rig.expectedAudio(records, frames: audio.frameCount))
            #expect(check.difference == nil, "the capture differs from a render with the clicks at their recorded frames \(check.differenceDescription); \(rig.accounting)")
            // Every sound that starts in it is a click at its recorded frame,
            // not the tail of one whose start was lost.
            #expect(check.strayOnsets.isEmpty, "sounds start where no click was written: \(check.strayOnsets)")
            // Clicks asked for while the (non-real-time) sink stalled start
            // together in the next period and overlap; most stand alone, each
            // with its own sound.
            #expect(check.alone.count * 10 >= records.count * 9, "clicks bunched up: only \(check.alone.count) of \(records.count) stand alone")
            #expect(check.misheard.isEmpty, "clicks not heard as their own kind: \(check.misheard.map { records[$0].streamFrame })")
            let report = rig.player.latency.report()
            print("typing run (\(scheduling)): \(records.count) of \(taps.count) clicks written, \(rig.accounting)\n\(report)")
        }
    }
}
