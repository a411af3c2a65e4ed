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

@Suite("One wiring")
struct GateWiringTests {
    @Test("a gate made with a player opens its stream on show with no other call, and adding the player again changes nothing")
    func playerIsWiredByTheGate() {
        let harness = PlayerHarness()   // makes InputClickGate(sink: player) and nothing more
        harness.gate.addVisibilityObserver(harness.player)
        harness.show()
        #expect(harness.output.openCount == 1)
        #expect(harness.player.state == .running)
        #expect(harness.gate.playInputClick() == .plays)
    }

    @Test("an observer may call back into the gate from its notification")
    func observerMayCallBack() {
        final class Reentrant: InputViewVisibilityObserver, @unchecked Sendable {
            weak var gate: InputClickGate?
            let decisions = Mutex<[ClickDecision]>([])
            func clickEnabledInputViewVisibilityChanged(_ visible: Bool) {
                guard let gate else { return }
                decisions.withLock { $0.append(gate.decision()) }
                if visible { gate.setVisibleInputViews([]) }
            }
        }
        let gate = InputClickGate(sink: RecordingSink(), rateLimit: .unlimited)
        let observer = Reentrant()
        observer.gate = gate
        gate.addVisibilityObserver(observer)
        gate.setVisibleInputViews([OptedInInputView()])
        #expect(observer.decisions.withLock { $0 } == [.plays, .noVisibleInputView])
        #expect(!gate.isClickEnabledInputViewVisible)
    }

    @Test("play says which sound it chose from the same state it decided on")
    func playReportsTheSoundKind() {
        let gate = InputClickGate(sink: RecordingSink(), rateLimit: .unlimited)
        #expect(gate.play(.delete, at: 1) == ClickOutcome(decision: .noVisibleInputView, soundKind: .delete))
        gate.setVisibleInputViews([OptedInInputView()])
        #expect(gate.play(.delete, at: 2) == ClickOutcome(decision: .plays, soundKind: .delete))
        gate.setSecureTextEntry(true)
        #expect(gate.play(.delete, at: 3) == ClickOutcome(decision: .plays, soundKind: .key))
    }
}
