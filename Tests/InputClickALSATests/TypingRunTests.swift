import Foundation
import InputClick
import InputClickALSA
import InputClickTesting
import Testing

extension ThroughTheVirtualSink {
    @Suite struct TypingRunTests {
        @Test func twentySecondsOfTypingWithBurstsMissesNoClick() throws {
            let rig = try SinkRig(capture: true)
            #expect(rig.showAndWaitUntilRunning())
            let format = try #require(rig.player.statistics.format)
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
                let decision = rig.gate.playInputClick(tap.kind)
                if decision == .plays { played.append(tap.kind) } else { refused.append(decision) }
            }
            // The only refusals allowed are the gate's own rate limit on bursts of one kind.
            #expect(refused.allSatisfy { $0 == .rateLimited }, "refused: \(refused)")
            #expect(rig.waitForWrittenClicks(played.count))
            #expect(rig.hideAndWaitUntilClosed())

            let records = rig.player.latency.records()
            #expect(records.count == played.count, "every click the gate let through was written")
            #expect(records.map(\.kind) == played)
            let audio = try rig.capturedAudio(format.sampleFormat)
            let onsets = AudioAnalysis.onsets(audio.samples, channels: audio.channels, threshold: 0.01, quietFrames: 48)
            #expect(onsets.count == played.count, "every click is in the played audio")
            #expect(onsets.map(Int64.init) == records.map(\.streamFrame))
            let heard = onsets.map {
                SyntheticClickSounds.identify(audio.samples[($0 * audio.channels)...], channels: audio.channels,
                                              sampleRate: audio.sampleRate)
            }
            let mismatches = zip(heard, played).filter { $0.0 != $0.1 }.count
            #expect(mismatches == 0)
            let report = rig.player.latency.report()
            print("typing run: \(played.count) clicks, underruns \(rig.player.statistics.underruns)\n\(report)")
        }
    }
}
