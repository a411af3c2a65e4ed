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
        /// The render thread's CPU time and wake-ups over a silent second
        /// after `clicksFirst` clicks, and whether the device was stopped then.
        private func idleActivity(of rig: SinkRig, clicksFirst: Int)
            throws -> (cpu: UInt64, wakeups: Int, stopped: Bool?, keptRunning: Bool, format: OutputFormat?) {
            #expect(rig.showAndWaitUntilRunning())
            for _ in 0..<clicksFirst {
                rig.tap(.key)
                usleep(60_000) // a typist's pace
            }
            #expect(rig.accepted.count == clicksFirst, "every tap plays, or is held while the busy sink stalls")
            #expect(rig.waitForAcceptedClicks(), "\(rig.accounting)")
            // Let the last click sound out and the device stop: the render thread signals its stop.
            _ = rig.player.waitForRenderProgress(timeout: .seconds(5)) { rig.player.isStoppedWhileSilent == true }
            let before = try #require(SinkRig.renderThreadActivity())
            usleep(1_000_000) // the silent second measured
            let after = try #require(SinkRig.renderThreadActivity())
            let stopped = rig.player.isStoppedWhileSilent
            let statistics = rig.player.statistics
            #expect(rig.hideAndWaitUntilClosed())
            return (after.cpuNanoseconds - before.cpuNanoseconds, after.wakeups - before.wakeups, stopped,
                    statistics.keepsRunning == true, statistics.format)
        }

        @Test func onTheJackSinkTheSilentVisibleEngineSleepsWithNoWakeUps() throws {
            let rig = try SinkRig()
            let idle = try idleActivity(of: rig, clicksFirst: 3)
            if idle.keptRunning {
                // On a sound server's graph (PipeWire's ALSA plugin) the stream is
                // kept running while visible, so that no tap re-times the graph:
                // it wakes once per cycle it asked for, never stops, and never spins.
                let format = try #require(idle.format)
                let cycles = ServerLatencyPolicy.balanced.frames(atSampleRate: format.sampleRate)
                #expect(idle.stopped == false, "a stream kept running stopped; \(rig.accounting)")
                #expect(idle.wakeups <= 2 * format.sampleRate / cycles + 10,
                        "the render thread woke \(idle.wakeups) times in a silent second, for \(cycles)-frame cycles")
                // Each wake-up finds a cycle's silence to write, never nothing: a
                // loop that waited for more room than the device wakes it at
                // spun here at half a core (251 ms of CPU in the second).
                #expect(idle.cpu < 150_000_000, "the render thread used \(idle.cpu / 1000) µs of CPU in a silent second")
                return
            }
            #expect(idle.wakeups <= 1, "the render thread woke \(idle.wakeups) times in a silent second")
            #expect(idle.cpu < 10_000_000, "the render thread used \(idle.cpu / 1000) µs of CPU in a silent second (1 % is 10 ms)")
            // Stopped once the clicks had sounded out. (How many times it was
            // started is not fixed: each of the three clicks, 60 ms apart,
            // starts it afresh unless a stall of the busy sink kept it running
            // until the next, and an underrun restarts it.)
            #expect(idle.stopped == true, "the device runs while nothing sounds; \(rig.accounting)")
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
            let rig = try SinkRig(device: "inputclick_null_capture:FILE=\(path)", lingerMilliseconds: 0, formats: [.float32])
            #expect(rig.showAndWaitUntilRunning())
            let format = try #require(rig.player.statistics.format)
            #expect(rig.player.statistics.scheduling == .onDemand, "null's rewind is fake: never rewind there")
            let kinds: [ClickKind] = [.return, .key, .space, .delete, .key, .modifier]
            let started = ClickClock.monotonic.now()
            for kind in kinds {
                rig.tap(kind)
                usleep(15_000)   // within each other's tails: appended, not rewound
            }
            #expect(rig.accepted.map(\.kind) == kinds, "every tap plays, or is held while the busy machine stalls")
            #expect(rig.waitForAcceptedClicks(), "\(rig.player.latency.count) of \(kinds.count) written; \(rig.accounting)")
            // Paced by the clock: the written audio never runs more than a
            // buffer (and 1 %) ahead of the time since the device started.
            let written = try #require(rig.player.framesWritten)
            let elapsed = Double(ClickClock.monotonic.now() - started) / 1e9
            #expect(Double(written) <= elapsed * 1.01 * Double(format.sampleRate) + Double(format.bufferFrames) * 2,
                    "\(written) frames written in \(elapsed) s")
            let statistics = rig.player.statistics
            #expect(statistics.rewinds == 0)
            #expect(rig.hideAndWaitUntilClosed())
            let audio = try CapturedAudio(path: path, float32: true)
            let records = rig.player.latency.records()
            #expect(rig.accountsForEveryClick(records), "written \(records.map(\.kind)) of \(rig.accepted); \(rig.accounting)")
            // Every click at the frame recorded: the capture is a render with
            // the clicks there, and every sound in it starts at one of them.
            // (A stall of the busy machine can bring two clicks closer than
            // their sounds are long, so that they overlap.)
            let check = CapturedClickCheck(records: records, audio: audio,
                                           expected: rig.expectedAudio(records, frames: audio.frameCount))
            #expect(check.difference == nil, "the capture differs from a render with the clicks at their recorded frames \(check.differenceDescription); frames \(records.map(\.streamFrame))")
            #expect(check.strayOnsets.isEmpty, "sounds start where no click was written: \(check.strayOnsets)")
        }
    }
}
