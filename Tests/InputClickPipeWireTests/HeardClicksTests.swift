import Foundation
import InputClick
import InputClickPipeWire
import InputClickTesting
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
            let recordingSince = MonotonicClock.now()
            let recording = try MonitorRecording(sink)
            let rig = NativePlayerRig(sink, policy: policy)
            #expect(rig.showAndWaitUntilRunning(), "\(rig.accounting)")
            // The stream's own arrival may change the quantum once: that is the show, not a tap.
            #expect(waitUntil(seconds: 5) { rig.player.statistics.format != nil })
            usleep(300_000)
            let quantumBefore = sink.quantumChanges()
            for _ in 0..<Self.taps {
                rig.tap()
                usleep(Self.spacingMicroseconds)
            }
            #expect(waitUntil(seconds: 10) { rig.player.latency.count + rig.reportedLost >= rig.accepted })
            usleep(300_000)
            let quantumAfter = sink.quantumChanges()
            #expect(rig.hideAndWaitUntilClosed())
            let audio = try #require(recording.stop(), "pw-record's file cannot be read")
            #expect(audio.channels == 2 && audio.sampleRate == 48_000)
            // 50 ms of quiet between onsets: a click cut by a gap counts once.
            let heard = AudioAnalysis.onsets(audio.samples, channels: audio.channels, threshold: 0.01, quietFrames: 2_400).count
            let written = rig.player.latency.count
            // What the recorder got against the time it ran: a recorder that fell
            // behind (or a graph that stalled) shows here, for telling a lost
            // recording from a lost click.
            let wall = Double(MonotonicClock.now() - recordingSince) / 1e9
            let recorded = Double(audio.frameCount) / Double(audio.sampleRate)
            let summary = "\(policy): heard \(heard) of \(Self.taps) taps, \(rig.accepted) accepted, \(rig.accounting), "
                + "recorded \(recorded) s of \(wall) s, "
                + "quantum changes while typing \(quantumAfter.count - quantumBefore.count) (\(quantumAfter.suffix(3)))"
            print("through native PipeWire: \(summary)")
            #expect(rig.accepted == Self.taps, "\(summary)")
            #expect(written + rig.reportedLost == rig.accepted, "a click neither written nor counted lost: \(summary)")
            #expect(heard == written, "clicks written but not heard, or heard twice: \(summary)")
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
