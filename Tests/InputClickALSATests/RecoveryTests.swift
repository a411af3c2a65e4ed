import Dispatch
import Foundation
import InputClick
import InputClickALSA
import Synchronization
import Testing

extension ThroughTheVirtualSink {
    @Suite struct RecoveryTests {
        /// What the typing thread saw.
        private final class Typing: Sendable {
            let decisions = Mutex<[(time: Date, decision: ClickDecision)]>([])
            let longestCall = Mutex<Double>(0)
            let stop = Atomic(false)
        }

        @Test func killingTheSinkMidTypingDropsClicksWithoutBlockingAndTheyResumeWhenItReturns() throws {
            let rig = try SinkRig(lingerMilliseconds: 200)
            #expect(rig.showAndWaitUntilRunning())
            let typing = Typing()
            let finished = DispatchSemaphore(value: 0)
            let gate = rig.gate
            Thread.detachNewThread {
                let kinds = ClickKind.allCases
                var i = 0
                while !typing.stop.load(ordering: .acquiring) {
                    let before = Date()
                    let decision = gate.playInputClick(kinds[i % kinds.count])
                    let took = Date().timeIntervalSince(before)
                    typing.decisions.withLock { $0.append((before, decision)) }
                    typing.longestCall.withLock { $0 = max($0, took) }
                    i += 1
                    usleep(60_000)
                }
                finished.signal()
            }

            #expect(waitUntil(seconds: 5) { rig.player.latency.count > 5 }, "clicks were not written before the kill")
            let writtenBeforeKill = rig.player.latency.count
            let killedAt = Date()
            VirtualSink.stop()
            #expect(waitUntil(seconds: 5) { rig.player.state == .waitingForDevice }, "the player did not notice the sink was gone")
            usleep(1_000_000)
            let restartedAt = Date()
            #expect(VirtualSink.start() == nil)
            #expect(waitUntil(seconds: 10) { rig.player.state == .running }, "the player did not come back")
            let writtenAfterRestart = rig.player.latency.count
            #expect(waitUntil(seconds: 5) { rig.player.latency.count > writtenAfterRestart + 3 },
                    "clicks must be written again after the restart")
            typing.stop.store(true, ordering: .releasing)
            #expect(finished.wait(timeout: .now() + 10) == .success, "the typing thread hung")

            let decisions = typing.decisions.withLock { $0 }
            #expect(writtenBeforeKill > 5)
            #expect(decisions.contains { $0.time > killedAt && $0.decision == .deviceLost },
                    "clicks during the outage must be refused as device-lost")
            #expect(decisions.contains { $0.time > restartedAt && $0.decision == .plays })
            #expect(rig.player.latency.count > writtenAfterRestart, "clicks must be written again after the restart")
            #expect(typing.longestCall.withLock { $0 } < 0.3, "playInputClick blocked for \(typing.longestCall.withLock { $0 }) s")
            #expect(rig.player.statistics.faults >= 1)
            #expect(rig.warnings.count == 2, "one warning for the loss and one for the return: \(rig.warnings)")
            #expect(rig.hideAndWaitUntilClosed())
        }
    }
}
