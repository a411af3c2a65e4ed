import Foundation
import InputClick
import Synchronization
import Testing

/// What a drain waits on: a wait that looks again only when the render side signals.
@Suite("Waiting for the render thread without polling")
struct RenderProgressSignalTests {
    @Test func aWaiterNobodySignalsLooksAtTheStartAndAtItsDeadlineOnly() {
        let signal = RenderProgressSignal()
        var checks = 0
        let done = signal.wait(untilNanoseconds: MonotonicClock.deadline(after: .milliseconds(50))) {
            checks += 1
            return false
        }
        #expect(!done)
        #expect(checks == 2, "looked \(checks) times: a poll, not a wait")
    }

    @Test func aSignalFromAnotherThreadWakesTheWaiter() {
        let signal = RenderProgressSignal()
        let progressed = Atomic<Bool>(false)
        var checks = 0
        // A deadline two minutes off: a wait that returns before it was ended by the signal. (No time limit:
        // the framework's clock for one starts before this body gets one of its pool's threads, which sink
        // tests blocking both cores' threads can keep for over a minute.)
        let deadline = MonotonicClock.deadline(after: .seconds(120))
        let done = signal.wait(untilNanoseconds: deadline) {
            checks += 1
            if checks == 1 {
                // The waiter is registered by now: what this thread does next is either seen or signalled.
                Thread.detachNewThread {
                    progressed.store(true, ordering: .releasing)
                    signal.signal()
                }
            }
            return progressed.load(ordering: .acquiring)
        }
        let returned = ClickClock.monotonic.now()
        #expect(done)
        #expect(returned < deadline, "the wait ended at its deadline, not at the signal")
        #expect(checks <= 2)
    }

    @Test func aSignalWithNobodyWaitingIsNotKeptForALaterWaiter() {
        let signal = RenderProgressSignal()
        for _ in 0..<1_000 { signal.signal() }
        var checks = 0
        _ = signal.wait(untilNanoseconds: MonotonicClock.deadline(after: .milliseconds(20))) {
            checks += 1
            return false
        }
        #expect(checks == 2, "signals sent while nobody waited woke a later wait")
    }
}
