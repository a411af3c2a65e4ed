import Foundation
import InputClick
import InputClickPulseAudio
import InputClickTesting
import TestSupport
import Testing

extension ThroughPulseAudio {
    /// The server killed or frozen under an open stream: the stream reports
    /// the loss once (device-lost, or stalled), and closing returns while the
    /// server is still frozen (the time is printed, not asserted: a loaded
    /// machine may stall the test).
    @Suite("the native PulseAudio backend when its server dies")
    struct PulseAudioFaultTests {
        @Test("a killed server ends the stream as device-lost, and close returns")
        func aKilledServerEndsTheStreamAsDeviceLost() throws {
            // A server of its own: this test kills it.
            let sink = PulseAudioSink(name: "inputclick-pa-kill-\(getpid())", ownedHere: true)
            let rig = try PulseAudioRig(sink: sink)
            defer { sink.stopIfOwned() }
            try #require(rig.showAndWaitUntilRunning(), "the stream did not open: \(rig.warnings)")
            #expect(rig.gate.playInputClick(.key) == .plays)
            let pid = try #require(sink.daemonPID)
            #expect(kill(pid, SIGKILL) == 0)
            // A tap after the kill, then a blocking wait: the fault sends the
            // player to retrying, where it stays while the server is gone.
            _ = rig.gate.playInputClick(.key)
            #expect(rig.player.waitUntil(.waitingForDevice, timeout: .seconds(20)) == .reached, "no fault reported: \(rig.warnings)")
            let statistics = rig.player.statistics
            let started = ClickClock.monotonic.now()
            rig.gate.setVisibleInputViews([])
            rig.player.shutdown()
            let closeMilliseconds = Double(ClickClock.monotonic.now() - started) / 1e6
            print("native PulseAudio, server killed: \(statistics.faults) faults, shutdown took \(closeMilliseconds) ms; "
                  + "warnings \(rig.warnings)")
            #expect(statistics.faults == 1)
            #expect(rig.warnings.contains { $0.contains("PulseAudio") }, "\(rig.warnings)")
            #expect(rig.faultKinds == [.deviceLost], "\(rig.events)")
            #expect(rig.events.contains { $0.hasPrefix("fault:") && $0.contains("Connection terminated") }, "\(rig.events)")
        }

        @Test("a frozen server ends the stream as stalled while a click waits, and shutdown does not wait for it")
        func aFrozenServerEndsTheStreamAsStalled() throws {
            let sink = PulseAudioSink(name: "inputclick-pa-stop-\(getpid())", ownedHere: true)
            let rig = try PulseAudioRig(sink: sink)
            defer { sink.stopIfOwned() }
            try #require(rig.showAndWaitUntilRunning(), "the stream did not open: \(rig.warnings)")
            let pid = try #require(sink.daemonPID)
            #expect(kill(pid, SIGSTOP) == 0)
            defer { kill(pid, SIGCONT) }
            // A click that waits on the frozen server, then a blocking wait for the fault's retry.
            _ = rig.gate.playInputClick(.key)
            #expect(rig.player.waitUntil(.waitingForDevice, timeout: .seconds(20)) == .reached, "no fault reported: \(rig.warnings)")
            let started = ClickClock.monotonic.now()
            rig.gate.setVisibleInputViews([])
            // Shut down on a thread of its own, so that a shutdown that waited
            // on the frozen server fails this test instead of hanging it.
            let returned = DispatchSemaphore(value: 0)
            let player = rig.player
            Thread.detachNewThread {
                player.shutdown()
                returned.signal()
            }
            #expect(returned.wait(timeout: .now() + 5) == .success, "shutdown still waits, 5 s on, for the frozen server")
            let closeMilliseconds = Double(ClickClock.monotonic.now() - started) / 1e6
            print("native PulseAudio, server frozen: shutdown took \(closeMilliseconds) ms; events \(rig.events)")
            #expect(rig.faultKinds.first == .stalled, "\(rig.events)")
            #expect(rig.player.state == .shutDown)
        }

        @Test("opening with no server there fails naming pa_context_connect and PulseAudio's reason")
        func openingWithNoServerFailsWithTheCallAndReason() throws {
            // A private directory: no other user can have put a server's socket where this looks.
            let directory = try makePrivateDirectory(prefix: "inputclick-no-pulse-")
            defer { rmdir(directory) }
            let output = PulseAudioOutput(server: "unix:\(directory)/native")
            #expect(throws: PulseAudioOutputError.self) { _ = try output.openStream(OutputStreamRequest()) }
            do {
                _ = try output.openStream(OutputStreamRequest())
            } catch {
                let text = "\(error)"
                #expect(text.contains("pa_context_connect failed: Connection refused"), "\(text)")
                #expect((error as? PulseAudioOutputError)?.meansDeviceLost == true)
            }
        }

        @Test("closing a stream twice is harmless")
        func closingTwiceIsHarmless() throws {
            let rig = try PulseAudioRig()
            let events = try PulseAudioEvents(rig)
            let stream = try rig.output.openStream(OutputStreamRequest())
            stream.close()
            stream.close()
            #expect(events.waitUntil("sink-input", seconds: 10) { rig.pactl(["list", "short", "sink-inputs"]).isEmpty },
                    "the stream is still on the server: \(rig.pactl(["list", "short", "sink-inputs"]))")
        }
    }
}
