import Foundation
import InputClick
import InputClickPipeWire
import InputClickTesting
import Testing

extension ThroughStockPipeWire {
    /// The stream's own data-loop thread: real-time, named as the output
    /// says, there while the stream is open and gone once it closes.
    @Suite struct StreamThreadTests {
        /// The threads of this process named `name`.
        private func threads(named name: String) -> Int {
            let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
            return tasks.filter {
                (try? String(contentsOfFile: "/proc/self/task/\($0)/comm", encoding: .utf8))?
                    .trimmingCharacters(in: .whitespacesAndNewlines) == name
            }.count
        }

        @Test("the stream renders on a real-time thread of its own, which ends when the keyboard's linger ends")
        func theRenderThreadLivesWithTheStream() {
            let rig = NativePlayerRig(StockPipeWire.shared)
            #expect(rig.showAndWaitUntilRunning(), "\(rig.accounting)")
            // The thread takes its name in the first cycle it renders: seen by the next.
            #expect(rig.player.waitForRenderProgress(timeout: .seconds(10)) { threads(named: "inputclick-pwt") == 1 })
            #expect(rig.player.statistics.isRealtime, "the data loop runs without real-time scheduling")
            #expect(rig.hideAndWaitUntilClosed())
            #expect(threads(named: "inputclick-pwt") == 0)
        }
    }
}
