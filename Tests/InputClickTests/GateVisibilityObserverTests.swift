import InputClick
import InputClickTesting
import Synchronization
import Testing

private final class Toolbar {}

private final class RecordingObserver: InputViewVisibilityObserver {
    let changes = Mutex<[Bool]>([])
    func clickEnabledInputViewVisibilityChanged(_ visible: Bool) { changes.withLock { $0.append(visible) } }
}

@Suite("Visibility observers")
struct GateVisibilityObserverTests {
    @Test("observers hear only real changes in whether a click-enabled view is visible")
    func observersHearTransitions() {
        let gate = InputClickGate(sink: RecordingSink())
        let observer = RecordingObserver()
        gate.addVisibilityObserver(observer)
        let keyboard = OptedInInputView(), toolbar = Toolbar()
        gate.setVisibleInputViews([toolbar])            // visible, not opted in: no change
        gate.setVisibleInputViews([keyboard])           // opted in: true
        gate.setVisibleInputViews([keyboard, toolbar])  // still opted in: no change
        gate.setVisibleInputViews([toolbar])            // false
        gate.setVisibleInputViews([])                   // still false
        #expect(observer.changes.withLock { $0 } == [true, false])
        #expect(gate.isClickEnabledInputViewVisible == false)
    }

    @Test("an observer added while a keyboard is visible is told at once, and a removed one hears nothing")
    func lateObserverAndRemoval() {
        let gate = InputClickGate(sink: RecordingSink())
        let keyboard = OptedInInputView()
        gate.setVisibleInputViews([keyboard])
        let observer = RecordingObserver()
        gate.addVisibilityObserver(observer)
        #expect(observer.changes.withLock { $0 } == [true])
        gate.removeVisibilityObserver(observer)
        gate.setVisibleInputViews([])
        #expect(observer.changes.withLock { $0 } == [true])
    }

    @Test("show and hide from many threads at once leave a consistent state and strictly alternating notifications")
    func concurrentShowAndHide() async {
        let gate = InputClickGate(sink: RecordingSink())
        let observer = RecordingObserver()
        gate.addVisibilityObserver(observer)
        let keyboard = OptedInInputView()
        await withTaskGroup(of: Void.self) { group in
            for t in 0..<8 {
                group.addTask {
                    for i in 0..<200 { gate.setVisibleInputViews((i + t) % 2 == 0 ? [keyboard] : []) }
                }
            }
        }
        gate.setVisibleInputViews([])
        let changes = observer.changes.withLock { $0 }
        #expect(changes.last == false)
        #expect(zip(changes, changes.dropFirst()).allSatisfy { $0 != $1 })
    }
}
