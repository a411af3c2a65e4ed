import Foundation
import InputClick
import InputClickPulseAudio
import InputClickTesting
import TestSupport
import Testing

extension ThroughPulseAudio {
    /// A healthy server whose sink has mixed far ahead when the stream
    /// connects: PulseAudio 16's null sink renders 2 s ahead while no stream
    /// asks for less, and a new stream can rewind it only as far as its own
    /// latency, so nothing it writes plays (and the server asks for nothing)
    /// until that block has played out. A freshly started rig is in that
    /// state for its first 2 s; here the rig's pacer is stopped, so that the
    /// sink goes back to 2 s blocks, and the stream opens in one.
    @Suite("the native PulseAudio backend on a server whose sink mixed far ahead")
    struct PulseAudioSinkAheadTests {
        @Test("a stream opened while the null sink is 2 s ahead loses no click and reports no fault")
        func aStreamOpenedWhileTheSinkIsAheadLosesNoClick() throws {
            let sink = PulseAudioSink(name: "inputclick-pa-ahead-\(getpid())", ownedHere: true)
            defer { sink.stopIfOwned() }
            // The output's own stall timeout (500 ms), not the rig's 2 s: the
            // wait on the sink's block must not be taken for a frozen server.
            let rig = try PulseAudioRig(sink: sink, stallTimeoutNanoseconds: PulseAudioOutput().stallTimeoutNanoseconds)
            let events = try PulseAudioEvents(rig)
            let pacer = try #require(sink.pacerPID)
            // The pacer's recording is the sink's only source output yet.
            let pacerOutput = try #require(Self.sourceOutputs(rig).first, "the pacer does not record")
            // A second recording of the monitor, asking for 3 s, which leaves
            // the null sink's 2 s blocks as they are: the monitor hands it
            // what the sink mixed only when the sink mixes, holding back as
            // much as the sink can rewind (a block), so a block's worth
            // arrives at once when the sink mixes the next.
            let recording = try MonitorRecording(environment: sink.environment(), latencyMilliseconds: 3_000)
            defer { _ = recording.stop() }
            #expect(kill(pacer, SIGTERM) == 0)
            #expect(events.waitUntil("source-output", seconds: 10) { !Self.sourceOutputs(rig).contains(pacerOutput) },
                    "the pacer's recording is still on the server: \(Self.sourceOutputs(rig))")
            // The sink mixes its next block 2 s ahead once the current one
            // has played. No event of the server says so, but the recording
            // gaining a second since the pacer left does: the monitor hands
            // it audio only when the sink mixes, what the sink mixed a block before.
            // A pactl slow to answer (a loaded machine) may read the latency
            // after the block's first second: then the next block is waited
            // for and read again, up to 3 blocks.
            var ahead = 0
            for _ in 0..<3 {
                let recordedBefore = recording.recordedSeconds
                guard recording.waitUntilRecorded(seconds: recordedBefore + 1, limit: 10) else {
                    Issue.record("the recording gained only \(recording.recordedSeconds - recordedBefore) s in 10 s")
                    break
                }
                ahead = Self.sinkLatencyMicroseconds(rig)
                if ahead > 1_000_000 { break }
            }
            #expect(ahead > 1_000_000, "the null sink is not 1 s ahead: \(rig.pactl(["list", "sinks"]))")
            try #require(rig.showAndWaitUntilRunning(), "the stream did not open: \(rig.warnings)")
            // The open lasted until the sink mixed the stream in: what it had
            // mixed before has played out (the sink's latency can only fall meanwhile).
            let aheadAfterOpen = Self.sinkLatencyMicroseconds(rig)
            #expect(aheadAfterOpen < 500_000, "the sink is still \(aheadAfterOpen) µs ahead of a stream that opened")
            // One click alone first: the server asks for nothing until it plays
            // it (taps on a sounding click make it answer their rewinds), and
            // the drain waits until it has sounded out or the stream failed.
            var decisions = [rig.gate.playInputClick(.key)]
            let firstDrained = rig.player.drain(timeout: .seconds(5))
            for _ in 0..<5 {
                decisions.append(rig.gate.playInputClick(.key))
                usleep(50_000) // a typist's pace
            }
            #expect(rig.player.drain(timeout: .seconds(5)))
            let statistics = rig.player.statistics
            let written = rig.player.latency.report().toWrite.count
            rig.gate.setVisibleInputViews([])
            rig.player.shutdown()
            let lost = statistics.clicksLostWithDevice + statistics.staleClicksDropped + statistics.heldClicksDropped
            let summary = "\(written) written, \(lost) lost, \(statistics.faults) faults, "
                + "\(statistics.abandonedDeviceCalls) opens abandoned; events \(rig.events)"
            print("native PulseAudio, sink ahead: \(summary)")
            #expect(decisions.allSatisfy { $0 == .plays }, "\(decisions); \(summary)")
            #expect(rig.faultKinds.isEmpty, "\(summary)")
            // The open waited for the sink within the output's own limit, not past the player's.
            #expect(statistics.abandonedDeviceCalls == 0, "\(summary)")
            #expect(lost == 0, "\(summary)")
            #expect(firstDrained, "the first click did not sound out: \(summary)")
            #expect(written == 6, "\(summary)")
        }

        /// The indices of the rig's server's source outputs (`pactl list short source-outputs`), in order.
        static func sourceOutputs(_ rig: PulseAudioRig) -> [Int] {
            rig.pactl(["list", "short", "source-outputs"]).split(separator: "\n").compactMap { Int($0.prefix { $0.isNumber }) }
        }

        /// How far ahead the rig's null sink has mixed (`pactl list sinks`:
        /// "Latency: N usec, configured M usec"), 0 if not said.
        static func sinkLatencyMicroseconds(_ rig: PulseAudioRig) -> Int {
            for line in rig.pactl(["list", "sinks"]).split(separator: "\n") {
                let text = line.trimmingCharacters(in: .whitespaces)
                guard text.hasPrefix("Latency: ") else { continue }
                return Int(text.dropFirst("Latency: ".count).prefix { $0.isNumber }) ?? 0
            }
            return 0
        }
    }
}
