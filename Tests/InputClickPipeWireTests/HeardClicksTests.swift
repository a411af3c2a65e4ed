import Foundation
import InputClick
import InputClickPipeWire
import InputClickTesting
import TestSupport
import Testing

extension ThroughStockPipeWire {
    /// Clicks typed through the native backend on PipeWire as Debian ships
    /// it: each one heard in the sink's monitor or counted lost with a
    /// reason, and the graph's quantum never changed while typing.
    @Suite struct HeardClicksTests {
        /// Taps per run, and the pause between them: long enough that each
        /// click (under 30 ms) stands alone in the recording.
        static let taps = 40
        static let spacingMicroseconds: UInt32 = 120_000

        @Test("every click typed through the native PipeWire stream is heard in the monitor, and the quantum never changes while typing",
              arguments: ServerLatencyPolicy.allCases)
        func everyClickIsHeardAndTheQuantumStays(policy: ServerLatencyPolicy) throws {
            let sink = StockPipeWire.shared
            let recordingSince = ClickClock.monotonic.now()
            // Two recorders of the monitor: each may miss cycles of the graph on
            // a loaded machine, each its own (seen here: 0 and 512 frames of
            // one run), and with them a 6 ms click whole.
            let recordings = [try MonitorRecording(sink), try MonitorRecording(sink)]
            let rig = NativePlayerRig(sink, policy: policy)
            #expect(rig.showAndWaitUntilRunning(), "\(rig.accounting)")
            // The stream's own arrival may change the quantum: that is the show,
            // not a tap. Its first cycle ran at the quantum it was granted; the
            // daemon's log saying the graph runs at that quantum is the end of the show's changes.
            let granted = try #require(rig.player.statistics.format?.periodFrames, "\(rig.accounting)")
            #expect(sink.waitUntilLoggedQuantum(granted, seconds: 5),
                    "the daemon never logged the quantum the stream runs at, \(granted): \(sink.quantumChanges().suffix(3))")
            let quantumBefore = sink.quantumChanges()
            let underrunsBefore = rig.player.statistics.underruns
            for _ in 0..<Self.taps {
                rig.tap()
                usleep(Self.spacingMicroseconds) // a typist's pace
            }
            #expect(rig.player.waitForRenderProgress(timeout: .seconds(10)) {
                rig.player.latency.count + rig.reportedLost >= rig.accepted
            })
            // A change a tap made is logged long before the last taps drain.
            let quantumAfter = sink.quantumChanges()
            let underrunsWhileTyping = rig.player.statistics.underruns - underrunsBefore
            #expect(rig.hideAndWaitUntilClosed())
            let written = rig.player.latency.records()
            // Each written click must be heard where the player wrote it: at its
            // stream frame, counted from the first click's sound, give or take
            // the cycles a recorder missed (at a 64-frame quantum, up to 14 in
            // 6 s here under load); alone, or inside another click's sound when
            // the graph held two taps back and played them together. A
            // recorder can also miss a cycle and then take one twice, so that it
            // lacks a click with no frame lost (seen here: 1 click in 150, once
            // in each of several loaded runs, the other recorder holding it):
            // a click counts as heard when either recording holds it. One that
            // neither holds is lost, and the player must have counted at least
            // as many underruns while typing (a cycle of the graph that played
            // none of its audio: PullCycleContinuity). The bound is on counts,
            // not places: an underrun in the silence between clicks covers it
            // too. Every sound must be a written click's.
            // 50 ms of quiet between sounds: a click cut by a gap counts once.
            var heard: [WrittenClicksHeard] = []
            var lengths: [String] = []
            for recording in recordings {
                let audio = try #require(recording.stop(), "pw-record's file cannot be read")
                #expect(audio.channels == 2 && audio.sampleRate == 48_000)
                heard.append(WrittenClicksHeard(written: written.map { Int($0.streamFrame) }, samples: audio.samples,
                                                channels: audio.channels, threshold: 0.01, quietFrames: 2_400, slack: 48,
                                                origin: nil, drift: 2_400))
                lengths.append("\(Double(audio.frameCount) / Double(audio.sampleRate))")
            }
            let heardByEither = Set(heard.flatMap { $0.alone + $0.withAnother })
            let heardByNeither = written.map { Int($0.streamFrame) }.filter { !heardByEither.contains($0) }
            // What the recorders got against the time they ran.
            let wall = Double(ClickClock.monotonic.now() - recordingSince) / 1e9
            let summary = "\(policy): heard \(heard.map(\.onsets.count)) of \(Self.taps) taps, \(rig.accepted) accepted, \(rig.accounting), "
                + "recorded \(lengths.joined(separator: " and ")) s of \(wall) s, "
                + "\(heard[0].withAnother.count) heard with another, frames lost by the recorders \(heard.map(\.recordingLost)), "
                + "unheard by each \(heard.map(\.unheard)), missing where they lost frames \(heard.map(\.unrecorded)), "
                + "heard by neither \(heardByNeither), underruns while typing \(underrunsWhileTyping), "
                + "quantum changes while typing \(quantumAfter.count - quantumBefore.count) (\(quantumAfter.suffix(3)))"
            print("through native PipeWire: \(summary)")
            #expect(rig.accepted == Self.taps, "\(summary)")
            #expect(written.count + rig.reportedLost == rig.accepted, "a click neither written nor counted lost: \(summary)")
            #expect(heardByNeither.count <= underrunsWhileTyping,
                    "more clicks written and heard by neither recorder than underruns counted while typing: \(summary)")
            for recording in heard {
                #expect(recording.unexplained.isEmpty, "sounds nobody wrote: \(recording); \(summary)")
            }
            #expect(quantumAfter.count == quantumBefore.count, "the graph's quantum changed while typing: \(summary)")
        }

        @Test("the stream carries the event role, the application's name and icon, and the policy's latency")
        func theStreamAnnouncesItself() throws {
            let sink = StockPipeWire.shared
            let rig = NativePlayerRig(sink, policy: .lowest)
            #expect(rig.showAndWaitUntilRunning(), "\(rig.accounting)")
            let nodes = sink.streamNodes().filter { $0["application.name"] as? String == "InputClick" }
            #expect(rig.hideAndWaitUntilClosed())
            let node = try #require(nodes.first, "no InputClick stream in pw-dump")
            #expect(node["media.role"] as? String == "Event")
            #expect(node["media.category"] as? String == "Playback")
            #expect(node["application.icon-name"] as? String == "input-keyboard")
            #expect(node["node.latency"] as? String == "64/48000")
        }
    }
}
