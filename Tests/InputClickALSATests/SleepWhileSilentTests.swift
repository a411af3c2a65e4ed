import Foundation
import InputClick
import InputClickALSA
import InputClickTesting
import TestSupport
import Testing

extension ThroughTheVirtualSink {
    /// While a keyboard is visible and nothing sounds, the render thread
    /// sleeps on its wake-up: no periodic wake-ups and next to no CPU, on the
    /// JACK sink and on ALSA's `null` PCM (which takes audio faster than real
    /// time and would spin a loop that trusted it). Scheduler counters, not
    /// wall-clock timings, so a loaded machine cannot fail them.
    @Suite struct SleepWhileSilentTests {
        private func idleActivity(of rig: SinkRig, clicksFirst: Int) throws -> (cpu: UInt64, wakeups: Int) {
            #expect(rig.showAndWaitUntilRunning())
            for _ in 0..<clicksFirst {
                #expect(rig.gate.playInputClick(.key) == .plays)
                usleep(60_000)
            }
            #expect(rig.waitForWrittenClicks(clicksFirst))
            // Let the last click sound out and the device stop.
            usleep(300_000)
            let before = try #require(SinkRig.renderThreadActivity())
            usleep(1_000_000)
            let after = try #require(SinkRig.renderThreadActivity())
            #expect(rig.hideAndWaitUntilClosed())
            return (after.cpuNanoseconds - before.cpuNanoseconds, after.wakeups - before.wakeups)
        }

        @Test func onTheJackSinkTheSilentVisibleEngineSleepsWithNoWakeUps() throws {
            let rig = try SinkRig()
            let idle = try idleActivity(of: rig, clicksFirst: 3)
            #expect(idle.wakeups <= 1, "the render thread woke \(idle.wakeups) times in a silent second")
            #expect(idle.cpu < 10_000_000, "the render thread used \(idle.cpu / 1000) µs of CPU in a silent second (1 % is 10 ms)")
            #expect(rig.player.statistics.starts == 3, "each click, 60 ms apart, started the stopped device")
        }

        @Test func onNullTheSilentVisibleEngineUsesUnderOnePercentOfACore() throws {
            let path = TestEnvironment.temporaryFile("null", extension: "wav")
            defer { try? FileManager.default.removeItem(atPath: path) }
            let rig = try SinkRig(device: "inputclick_null_capture:FILE=\(path)")
            let idle = try idleActivity(of: rig, clicksFirst: 2)
            #expect(idle.wakeups <= 1, "the render thread woke \(idle.wakeups) times in a silent second")
            #expect(idle.cpu < 10_000_000, "the render thread used \(idle.cpu / 1000) µs of CPU in a silent second")
        }

        @Test func onNullClicksAreAppendedAtTheClocksPaceAndAllPlayed() throws {
            let path = TestEnvironment.temporaryFile("null", extension: "wav")
            defer { try? FileManager.default.removeItem(atPath: path) }
            let rig = try SinkRig(device: "inputclick_null_capture:FILE=\(path)", lingerMilliseconds: 0)
            #expect(rig.showAndWaitUntilRunning())
            let format = try #require(rig.player.statistics.format)
            #expect(rig.player.statistics.scheduling == .onDemand, "null's rewind is fake: never rewind there")
            let kinds: [ClickKind] = [.return, .key, .space, .delete, .key, .modifier]
            let started = MonotonicClock.now()
            for kind in kinds {
                #expect(rig.gate.playInputClick(kind) == .plays)
                usleep(15_000)   // within each other's tails: appended, not rewound
            }
            #expect(rig.waitForWrittenClicks(kinds.count))
            // Paced by the clock: the written audio never runs more than a
            // buffer (and 1 %) ahead of the time since the device started.
            let written = try #require(rig.player.framesWritten)
            let elapsed = Double(MonotonicClock.now() - started) / 1e9
            #expect(Double(written) <= elapsed * 1.01 * Double(format.sampleRate) + Double(format.bufferFrames) * 2,
                    "\(written) frames written in \(elapsed) s")
            let statistics = rig.player.statistics
            #expect(statistics.rewinds == 0)
            #expect(rig.hideAndWaitUntilClosed())
            let audio = try CapturedAudio(path: path, float32: format.sampleFormat == .float32)
            let onsets = AudioAnalysis.onsets(audio.samples, channels: audio.channels, threshold: 0.01, quietFrames: 48)
            let records = rig.player.latency.records()
            #expect(records.map(\.kind) == kinds)
            #expect(onsets.map(Int64.init) == records.map(\.streamFrame), "every click at the frame recorded")
        }
    }
}
