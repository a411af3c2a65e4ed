import Foundation
import TestSupport
import Testing

/// The deadline the tests' waits give up at.
@Suite("Deadlines of the tests' waits")
struct TestDeadlineTests {
    @Test("a deadline 10 s out has not passed, with its milliseconds left in seconds' units; a 50 ms one has passed 100 ms later")
    func aDeadlinePassesInRealTime() {
        // Ten seconds leave room for a stalled test thread on a loaded machine; a wrong unit is off by 1000.
        let far = TestDeadline(seconds: 10)
        #expect(!far.hasPassed)
        #expect((5_000...10_000).contains(far.millisecondsLeft), "\(far.millisecondsLeft) ms left")
        let near = TestDeadline(seconds: 0.05)
        usleep(100_000)
        #expect(near.hasPassed)
        #expect(near.millisecondsLeft == 0)
    }

    @Test("the milliseconds left are 0 only once the deadline has passed: a part of a millisecond counts as one")
    func theLastMillisecondIsNotZero() {
        let deadline = TestDeadline(seconds: 0.005)
        // Read through the last millisecond: rounding down would say 0 while the deadline is still ahead.
        while deadline.millisecondsLeft > 0 {}
        #expect(deadline.hasPassed)
    }

    @Test("a deadline in the past has passed with 0 ms left; one far off leaves Int32.max ms")
    func theMillisecondsLeftAreClamped() {
        let past = TestDeadline(seconds: -1)
        #expect(past.hasPassed)
        #expect(past.millisecondsLeft == 0)
        #expect(TestDeadline(seconds: 100_000_000).millisecondsLeft == Int32.max)
    }

    @Test("the earlier of two deadlines is the smaller")
    func theEarlierDeadlineIsSmaller() {
        let soon = TestDeadline(seconds: 0.5), later = TestDeadline(seconds: 10)
        #expect(soon < later)
        #expect(min(later, soon).millisecondsLeft <= 500)
    }
}
