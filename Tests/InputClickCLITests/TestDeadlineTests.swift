import Foundation
import TestSupport
import Testing

/// The deadline the tests' waits give up at.
@Suite("Deadlines of the tests' waits")
struct TestDeadlineTests {
    @Test("a deadline 50 ms out has not passed at once, with 1 to 50 ms left, and has passed 100 ms later")
    func aDeadlinePassesInRealTime() {
        let deadline = TestDeadline(seconds: 0.05)
        #expect(!deadline.hasPassed)
        #expect((1...50).contains(deadline.millisecondsLeft), "\(deadline.millisecondsLeft) ms left")
        usleep(100_000)
        #expect(deadline.hasPassed)
        #expect(deadline.millisecondsLeft == 0)
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
