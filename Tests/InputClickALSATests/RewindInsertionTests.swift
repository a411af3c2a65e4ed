import Foundation
import InputClick
import InputClickALSA
import InputClickTesting
import TestSupport
import Testing

extension ThroughTheVirtualSink {
    /// Clicks inserted by rewind through real alsa-lib into the JACK sink:
    /// what the device received (saved by alsa-lib's file plugin, which
    /// takes rewinds out of what it has not yet saved) equals, sample for
    /// sample, a render with each click at its recorded frame from the
    /// start: no frame doubled, skipped or stale.
    @Suite struct RewindInsertionTests {
        /// A render with the same clicks at the same frames, through a mixer set up as the player's.
        private func reference(_ records: [LatencyRecord], frames: Int, host: [Float]?) -> [Float] {
            let settings = ClickSettings()
            var configuration = MixerConfiguration(sampleRate: 48_000, channels: 2)
            configuration.ducking = settings.ducking
            let mixer = Mixer(configuration: configuration, bank: SyntheticClickSounds.bank())
            mixer.setClickGain(settings.clickGain)
            return ReferenceRender.render(records, frames: frames, host: host, through: mixer)
        }

        private func playAndCompare(host: [Float]?, kinds: [ClickKind], gapMicroseconds: UInt32) throws {
            let rig = try SinkRig(capture: true, formats: [.float32])
            if let host {
                let stream = HostStream(channels: 2, capacityFrames: host.count / 2 + 1)
                #expect(stream.write(host) == host.count / 2)
                rig.player.attach(stream)
            }
            #expect(rig.showAndWaitUntilRunning())
            #expect(rig.player.statistics.scheduling == .rewind)
            usleep(100_000)
            for kind in kinds {
                #expect(rig.gate.playInputClick(kind) == .plays)
                usleep(gapMicroseconds)
            }
            #expect(rig.waitForWrittenClicks(kinds.count))
            usleep(200_000)
            let statistics = rig.player.statistics
            #expect(rig.hideAndWaitUntilClosed())
            let records = rig.player.latency.records()
            #expect(records.map(\.kind) == kinds)
            #expect(statistics.rewinds >= 1, "no click was inserted by rewind: starts \(statistics.starts), queued behind \(statistics.queuedBehind), frames \(records.map(\.streamFrame))")
            let audio = try rig.capturedAudio(.float32)
            let lastEnd = Int(records.last!.streamFrame) + SyntheticClickSounds.bank().samples(kinds.last!).count / 2
            #expect(audio.frameCount >= lastEnd, "the capture ends before the last click does")
            let frames = min(audio.frameCount, lastEnd + 4800)
            let truth = reference(records, frames: frames, host: host)
            var worst: Float = 0
            var first = -1
            for i in 0..<(frames * 2) {
                let difference = abs(truth[i] - audio.samples[i])
                if difference > 1e-6 && first < 0 { first = i / 2 }
                worst = max(worst, difference)
            }
            #expect(worst <= 1e-6, "the capture differs from the render from frame \(first) on, by up to \(worst)")
        }

        @Test func clicksDuringEachOthersTailsPlayWholeAndExactly() throws {
            // 3 ms apart, within each other's tails (the test sounds last 6 to
            // 14 ms): each new click comes while the last and a deep buffer are queued.
            try playAndCompare(host: nil, kinds: [.return, .key, .space, .delete, .key, .modifier, .return, .space,
                                                  .delete, .key, .space, .return],
                               gapMicroseconds: 3_000)
        }

        @Test func aHostStreamStaysContinuousAcrossSeveralRewinds() throws {
            try playAndCompare(host: ReferenceRender.twoTone(seconds: 3), kinds: [.key, .space, .key, .delete, .return, .key, .modifier],
                               gapMicroseconds: 90_000)
        }
    }
}
