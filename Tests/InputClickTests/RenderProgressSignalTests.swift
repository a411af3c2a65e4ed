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

    @Test(.timeLimit(.minutes(1)))
    func aSignalFromAnotherThreadWakesTheWaiter() {
        let signal = RenderProgressSignal()
        let progressed = Atomic<Bool>(false)
        var checks = 0
        // Two minutes: only the signal can end the wait within the time limit.
        let done = signal.wait(untilNanoseconds: MonotonicClock.deadline(after: .seconds(120))) {
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
        #expect(done)
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
