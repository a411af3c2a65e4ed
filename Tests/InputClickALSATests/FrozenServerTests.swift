import Dispatch
import Foundation
import InputClick
import InputClickALSA
import InputClickTesting
import Synchronization
import Testing

extension ThroughTheVirtualSink {
    /// The sink's server frozen with SIGSTOP, as a debugger or a stuck daemon
    /// would leave it: alsa-lib then blocks in `snd_pcm_open` and
    /// `snd_pcm_close` until the server runs again. No call of the player's
    /// API may wait for it, taps are refused as device-lost (never reported
    /// as playing), the player says it waits for the device, one warning
    /// covers the episode, and every accepted click is accounted for.
    ///
    /// The times printed (from the SIGSTOP to the player noticing, and of
    /// the shutdown) are the issue's figures; they are not asserted beyond
    /// "before the server is resumed", because a loaded machine can stall
    /// the test itself.
    @Suite struct FrozenServerTests {
        /// What a typing thread saw during a freeze.
        private final class Typing: Sendable {
            let decisions = Mutex<[(time: UInt64, decision: ClickDecision)]>([])
            let longestCall = Atomic<UInt64>(0)
            let stop = Atomic(false)
            let finished = DispatchSemaphore(value: 0)

            func start(_ gate: InputClickGate) {
                Thread.detachNewThread { [self] in
                    while !stop.load(ordering: .acquiring) {
                        let before = ClickClock.monotonic.now()
                        let decision = gate.playInputClick(.key)
                        let took = ClickClock.monotonic.now() - before
                        decisions.withLock { $0.append((before, decision)) }
                        if took > longestCall.load(ordering: .relaxed) { longestCall.store(took, ordering: .relaxed) }
                        usleep(40_000) // a typist's pace
                    }
                    finished.signal()
                }
            }

            func end() -> Bool {
                stop.store(true, ordering: .releasing)
                return finished.wait(timeout: .now() + 10) == .success
            }

            func count(_ decision: ClickDecision, from start: UInt64, to end: UInt64 = .max) -> Int {
                decisions.withLock { $0.filter { $0.time >= start && $0.time < end && $0.decision == decision }.count }
            }
        }

        /// Freezes the server for `seconds`, typing all along; the player
        /// notices, refuses taps as device-lost, and comes back once it runs.
        @Test(arguments: [1, 10])
        func aServerFrozenForSecondsBlocksNothingAndClicksComeBackAfterIt(seconds: Int) throws {
            let rig = try SinkRig(lingerMilliseconds: 200, stallMilliseconds: 130)
            #expect(rig.showAndWaitUntilRunning())
            let typing = Typing()
            typing.start(rig.gate)
            #expect(rig.waitForWrittenClicks(3), "clicks were not written before the freeze")
            let pid = try #require(VirtualSink.serverPID(), "no server PID")
            let messagesAtFreeze = rig.warnings.filter { !SinkRig.isHeldDrop($0) }.count
            let frozenAt = ClickClock.monotonic.now()
            #expect(kill(pid, SIGSTOP) == 0)
            var thawed = false
            defer { if !thawed { kill(pid, SIGCONT) } }

            // Noticed while frozen: the state says so (a wait for it returns).
            let noticed = rig.player.waitUntil(.waitingForDevice, timeout: .seconds(5))
            let noticedAt = ClickClock.monotonic.now()
            #expect(noticed == .reached, "the player did not notice the frozen server: \(rig.player.state)")
            // Stay frozen for the rest of the time, typing.
            let thawAt = frozenAt + UInt64(seconds) * 1_000_000_000
            if noticedAt < thawAt { ClickClock.monotonic.sleep(untilNanoseconds: thawAt) }
            let frozenUntil = ClickClock.monotonic.now()
            // While frozen, the episode's one warning and no note (no stream
            // can prove itself): a loaded sink may have had an episode of its
            // own before the freeze, warned and noted.
            _ = rig.waitForWarnings { $0.filter { !SinkRig.isHeldDrop($0) }.count % 2 == 1 }
            let beforeThaw = rig.warnings.filter { !SinkRig.isHeldDrop($0) }
            kill(pid, SIGCONT)
            thawed = true

            // Back: clicks are written again, and the note that the device is back comes once.
            let written = rig.player.latency.count
            #expect(rig.waitForWrittenClicks(written + 3, seconds: 20), "clicks did not come back after the freeze")
            // The warning of the episode and the note that it is over (a warning
            // of held taps dropped at the reopen may come between them).
            #expect(rig.waitForWarnings { Self.episodes($0) != nil }, "no note that the device is back: \(rig.warnings)")
            #expect(typing.end(), "the typing thread hung")

            let refusedAsLost = typing.count(.deviceLost, from: noticedAt, to: frozenUntil)
            let reportedPlaying = typing.count(.plays, from: noticedAt, to: frozenUntil)
            let refusedOtherwise = typing.count(.noOutput, from: noticedAt, to: frozenUntil)
            #expect(refusedAsLost > 0, "taps during the freeze were not refused as device-lost")
            #expect(reportedPlaying == 0, "\(reportedPlaying) taps during the freeze were reported as playing")
            #expect(refusedOtherwise == 0, "\(refusedOtherwise) taps during the freeze were refused as no-output, not device-lost")
            #expect(typing.longestCall.load(ordering: .relaxed) < 300_000_000,
                    "a tap blocked for \(typing.longestCall.load(ordering: .relaxed) / 1_000_000) ms")
            #expect(beforeThaw.count % 2 == 1 && Self.episodes(beforeThaw + ["is open again"]) != nil,
                    "while frozen, one warning of the episode and no note: \(beforeThaw)")
            // One episode for the whole freeze, however often it reopens and fails: at most the one warning
            // (none if an episode was already open when it froze).
            #expect(beforeThaw.count - messagesAtFreeze <= 1, "more than one message while frozen: \(beforeThaw)")

            // Every click accepted is accounted for.
            #expect(rig.player.drain(timeout: .seconds(10)), "the last clicks did not sound out")
            // One warning and one note per episode. The freeze is one; a loaded
            // sink that stalls past the stall timeout after the device was
            // proved back (it consumed audio) is another, with a fault of its own.
            #expect(rig.waitForWarnings { Self.episodes($0) != nil }, "an episode with no note that it is over: \(rig.warnings)")
            let statistics = rig.player.statistics
            let episodes = Self.episodes(rig.warnings) ?? 0
            #expect(episodes >= 1 && episodes <= statistics.faults,
                    "a warning and a note per episode, an episode per fault (\(statistics.faults)): \(rig.warnings)")
            // Taps held while the stream reopens are dropped when a loaded machine
            // takes over 100 ms to open it: counted, and said once per stream opened.
            let heldDrops = rig.warnings.filter(SinkRig.isHeldDrop)
            let named = heldDrops.compactMap { Int($0.prefix { $0.isNumber }) }.reduce(0, +)
            #expect(heldDrops.count < statistics.opens && named <= statistics.heldClicksDropped,
                    "held taps dropped at a reopen are counted and said once: \(rig.warnings)")
            let accepted = typing.decisions.withLock { $0.filter(\.decision.isAccepted).count }
            let accountedFor = rig.player.latency.count + statistics.clicksLostWithDevice + statistics.heldClicksDropped
                + statistics.staleClicksDropped
            #expect(accepted == accountedFor,
                    "\(accepted) accepted vs \(rig.player.latency.count) written + \(statistics.clicksLostWithDevice) lost + \(statistics.heldClicksDropped) held and dropped + \(statistics.staleClicksDropped) stale")
            print("frozen \(seconds) s: noticed after \((noticedAt - frozenAt) / 1_000_000) ms; \(refusedAsLost) taps refused as device-lost; "
                + "\(statistics.faults) faults, \(statistics.abandonedDeviceCalls) device calls abandoned; warnings: \(rig.warnings)")
            #expect(rig.hideAndWaitUntilClosed(seconds: 20))
        }

        /// How many episodes `warnings` tell of, held-tap drops aside: a
        /// warning, then the note that the device is back, and again; `nil`
        /// unless they come so and end with a note.
        private static func episodes(_ warnings: [String]) -> Int? {
            let messages = warnings.filter { !SinkRig.isHeldDrop($0) }
            let isNote = messages.map { $0.contains("is open again") }
            guard !messages.isEmpty, isNote.indices.allSatisfy({ isNote[$0] == ($0 % 2 == 1) }), isNote.last == true
            else { return nil }
            return messages.count / 2
        }

        /// Shutting the player down while the server is frozen returns while
        /// it is still frozen: the close it cannot finish goes on on a
        /// thread of its own, and is counted.
        @Test func aShutdownDuringAFreezeReturnsWhileTheServerIsStillFrozen() throws {
            let rig = try SinkRig(lingerMilliseconds: 200, stallMilliseconds: 130)
            #expect(rig.showAndWaitUntilRunning())
            #expect(rig.gate.playInputClick(.key) == .plays)
            #expect(rig.waitForWrittenClicks(1))
            let pid = try #require(VirtualSink.serverPID(), "no server PID")
            #expect(kill(pid, SIGSTOP) == 0)
            var thawed = false
            defer { if !thawed { kill(pid, SIGCONT) } }
            // Audio queued, so the frozen server is noticed; then shut down.
            _ = rig.gate.playInputClick(.key)
            #expect(rig.player.waitUntil(.waitingForDevice, timeout: .seconds(5)) == .reached)
            // Should shutdown wait for the server, the server is resumed after
            // 10 s, so that the test fails rather than hangs.
            let thawedByWatchdog = Atomic(false)
            let watchdog = DispatchWorkItem {
                thawedByWatchdog.store(true, ordering: .releasing)
                kill(pid, SIGCONT)
            }
            DispatchQueue.global().asyncAfter(deadline: .now() + 10, execute: watchdog)
            let before = ClickClock.monotonic.now()
            rig.player.shutdown()
            let took = ClickClock.monotonic.now() - before
            watchdog.cancel()
            let state = processState(pid)
            let watchdogFired = thawedByWatchdog.load(ordering: .acquiring)
            kill(pid, SIGCONT)
            thawed = true
            #expect(state == "T" && !watchdogFired,
                    "the server was no longer stopped when shutdown returned: state '\(state)', watchdog \(watchdogFired ? "fired" : "not fired")")
            #expect(rig.player.state == .shutDown)
            #expect(took < 5_000_000_000, "shutdown took \(took / 1_000_000) ms with the server frozen")
            print("shutdown with the server frozen took \(took / 1_000_000) ms; \(rig.player.statistics.abandonedDeviceCalls) device calls abandoned")
        }

        /// The state letter of process `pid` (`T` when stopped).
        private func processState(_ pid: pid_t) -> String {
            let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
            guard let close = stat.lastIndex(of: ")") else { return "" }
            return String(stat[stat.index(after: close)...].dropFirst().prefix(1))
        }
    }
}
