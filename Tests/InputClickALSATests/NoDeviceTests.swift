import Foundation
import InputClick
import InputClickALSA
import InputClickTesting
import Testing

extension ThroughTheVirtualSink {
    @Suite struct NoDeviceTests {
        @Test func withNoDeviceClicksAreDroppedAndOneClearWarningSaysWhy() throws {
            // Configured, but there is nothing behind it: like `default` on a machine with no sound card.
            let rig = try SinkRig(device: "inputclick_absent")
            rig.gate.setVisibleInputViews([rig.keyboard])
            #expect(rig.player.waitUntil(.waitingForDevice, timeout: .seconds(5)) == .reached)
            for _ in 0..<20 {
                let before = Date()
                // Refused, or held while a retry's open runs (and then dropped with it).
                let decision = rig.gate.playInputClick()
                #expect(decision == .noOutput || decision == .held, "\(decision)")
                // A block would last the device's open or stall timeout (0.5 s or more);
                // 0.3 s leaves room for a busy machine's scheduling.
                #expect(Date().timeIntervalSince(before) < 0.3)
                usleep(50_000) // a typist's pace
            }
            #expect(rig.warnings.count == 1, "\(rig.warnings)")
            let warning = try #require(rig.warnings.first)
            #expect(warning.contains("inputclick_absent"))
            #expect(warning.contains("Clicks are dropped"))
            #expect(rig.player.statistics.opens == 0)
            #expect(rig.player.statistics.heldClicksDropped == rig.player.statistics.heldClicks, "a held tap played")
            #expect(rig.hideAndWaitUntilClosed())
        }

        @Test func withTheSinkDownTheStreamOpensOnceItComesUp() throws {
            VirtualSink.stop()
            let rig = try SinkRig()
            rig.gate.setVisibleInputViews([rig.keyboard])
            #expect(rig.player.waitUntil(.waitingForDevice, timeout: .seconds(5)) == .reached)
            let decision = rig.gate.playInputClick()
            #expect(decision == .noOutput || decision == .held, "refused, or held while a retry's open runs: \(decision)")
            #expect(VirtualSink.start() == nil)
            #expect(rig.player.waitUntil(.running, timeout: .seconds(10)) == .reached)
            #expect(rig.gate.playInputClick() == .plays)
            #expect(rig.waitForWrittenClicks(1))
            #expect(rig.hideAndWaitUntilClosed())
        }
    }
}
