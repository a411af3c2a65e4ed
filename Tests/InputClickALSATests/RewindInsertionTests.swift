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
        /// - Parameter gapMicroseconds: The time between taps; `nil`: each tap
        ///   as soon as the click before it was written, while its tail and
        ///   the buffer behind it are queued.
        private func playAndCompare(host: [Float]?, kinds: [ClickKind], gapMicroseconds: UInt32?) throws {
            let rig = try SinkRig(capture: true, formats: [.float32])
            if let host {
                let stream = HostStream(channels: 2, capacityFrames: host.count / 2 + 1)
                #expect(stream.write(host) == host.count / 2)
                rig.player.attach(stream)
            }
            #expect(rig.showAndWaitUntilRunning())
            #expect(rig.player.statistics.scheduling == .rewind)
            usleep(100_000) // pacing: the host's audio plays a moment before the first tap
            for kind in kinds {
                rig.tap(kind)
                if let gapMicroseconds {
                    usleep(gapMicroseconds)
                } else {
                    #expect(rig.waitForAcceptedClicks(), "\(rig.player.latency.count) of \(rig.accepted.count) written; \(rig.accounting)")
                }
            }
            #expect(rig.accepted.map(\.kind) == kinds, "every tap plays, or is held while the busy sink stalls")
            #expect(rig.waitForAcceptedClicks(), "\(rig.player.latency.count) of \(kinds.count) written; \(rig.accounting)")
            // The last click sounds out before the stream closes, so the capture holds all of it.
            _ = rig.player.drain(timeout: .seconds(2))
            let statistics = rig.player.statistics
            #expect(rig.hideAndWaitUntilClosed())
            let records = rig.player.latency.records()
            #expect(rig.accountsForEveryClick(records), "written \(records.map(\.kind)) of \(rig.accepted); \(rig.accounting)")
            let last = try #require(records.last, "no click was written")
            #expect(statistics.rewinds >= 1, "no click was inserted by rewind: starts \(statistics.starts), queued behind \(statistics.queuedBehind), frames \(records.map(\.streamFrame))")
            if gapMicroseconds == nil {
                // Some tap really came within the click before it (each can come later on a loaded machine).
                let bank = SyntheticClickSounds.bank()
                let overlapping = zip(records, records.dropFirst()).filter { earlier, later in
                    Int(later.streamFrame - earlier.streamFrame) < bank.samples(earlier.kind).count / 2
                }
                #expect(!overlapping.isEmpty, "no click began within the one before it: \(records.map(\.streamFrame))")
            }
            let audio = try rig.capturedAudio(.float32)
            let lastEnd = Int(last.streamFrame) + SyntheticClickSounds.bank().samples(last.kind).count / 2
            #expect(audio.frameCount >= lastEnd, "the capture ends before the last click does")
            let frames = min(audio.frameCount, lastEnd + 4800)
            let check = CapturedClickCheck(records: records, audio: audio,
                                           expected: rig.expectedAudio(records, frames: frames, host: host))
            #expect(check.difference == nil, "the capture differs from the render \(check.differenceDescription); \(rig.accounting)")
            print("rewind insertion: \(records.count) of \(kinds.count) written at \(records.map(\.streamFrame)); \(rig.accounting)")
        }

        @Test func clicksDuringEachOthersTailsPlayWholeAndExactly() throws {
            // Each tap once the click before it was written: within its tail
            // (the test sounds last 6 to 14 ms), while it and a deep buffer are
            // queued. (Taps 3 ms apart came together on a loaded machine, the
            // render thread woke once for all, and nothing was rewound.)
            try playAndCompare(host: nil, kinds: [.return, .key, .space, .delete, .key, .modifier, .return, .space,
                                                  .delete, .key, .space, .return],
                               gapMicroseconds: nil)
        }

        @Test func aHostStreamStaysContinuousAcrossSeveralRewinds() throws {
            try playAndCompare(host: ReferenceRender.twoTone(seconds: 3), kinds: [.key, .space, .key, .delete, .return, .key, .modifier],
                               gapMicroseconds: 90_000)
        }
    }
}
