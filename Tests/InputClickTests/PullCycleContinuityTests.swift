import InputClick
import Testing

/// How a pull device tells that its graph played a cycle without the
/// stream's audio, from the cycles PipeWire was seen to give under load.
@Suite struct PullCycleContinuityTests {
    /// A 256-frame cycle at 48 kHz: 5.33 ms.
    static let frames = 256
    static let period: UInt64 = 5_333_333

    /// Cycles `0..<count`, each begun on time and finished 100 µs later.
    static func steady(_ continuity: inout PullCycleContinuity, count: Int) -> [Bool] {
        (0..<count).map { index in cycle(&continuity, position: index * frames, start: UInt64(index) * period, took: 100_000) }
    }

    /// One cycle at `position` (nil: a clock at another rate) begun at `start`, finished `took` later.
    static func cycle(_ continuity: inout PullCycleContinuity, position: Int?, start: UInt64, took: UInt64,
                      frames: Int = frames) -> Bool {
        continuity.cycle(position: position.map { UInt64($0) }, startedAt: start, frames: frames, finishedAt: start + took)
    }

    @Test("cycles that follow each other, each finished before the next began, have no gap")
    func steadyCyclesHaveNoGap() {
        var continuity = PullCycleContinuity()
        #expect(Self.steady(&continuity, count: 50) == Array(repeating: false, count: 50))
    }

    @Test("a cycle the graph ran without calling the stream is a gap, once")
    func aSkippedCycleIsAGap() {
        var continuity = PullCycleContinuity()
        _ = Self.steady(&continuity, count: 10)
        // Cycle 10 never called: cycle 11 comes with the clock two cycles on.
        let skipped = Self.cycle(&continuity, position: 11 * Self.frames, start: 11 * Self.period, took: 100_000)
        #expect(skipped)
        let next = Self.cycle(&continuity, position: 12 * Self.frames, start: 12 * Self.period, took: 100_000)
        #expect(!next)
    }

    @Test("a second call for the same cycle is a gap")
    func aCycleCalledTwiceIsAGap() {
        var continuity = PullCycleContinuity()
        _ = Self.steady(&continuity, count: 10)
        // Called again for cycle 9's position, after cycle 9 finished: only the position tells.
        let again = Self.cycle(&continuity, position: 9 * Self.frames, start: 9 * Self.period + 200_000, took: 100_000)
        #expect(again)
    }

    @Test("a cycle finished after the next one began makes the next one follow a gap")
    func aLateCycleIsAGapForTheNext() {
        var continuity = PullCycleContinuity()
        _ = Self.steady(&continuity, count: 10)
        // Cycle 10 woken 5.7 ms late: it finishes after cycle 11 began.
        let late = Self.cycle(&continuity, position: 10 * Self.frames, start: 10 * Self.period, took: 5_800_000)
        #expect(!late)
        let next = Self.cycle(&continuity, position: 11 * Self.frames, start: 11 * Self.period, took: 100_000)
        #expect(next)
    }

    @Test("the clock's position is compared only when it counts the stream's frames; lateness always")
    func aClockAtAnotherRateIsJudgedByTimeOnly() {
        var continuity = PullCycleContinuity()
        let gaps = [
            Self.cycle(&continuity, position: nil, start: 0, took: 100_000),
            Self.cycle(&continuity, position: nil, start: Self.period, took: 100_000),
            // Any position after an unknown one; this cycle finishes after the next began.
            Self.cycle(&continuity, position: 1_000, start: 2 * Self.period, took: Self.period + 10_000),
            Self.cycle(&continuity, position: nil, start: 3 * Self.period, took: 100_000),
        ]
        #expect(gaps == [false, false, false, true])
    }

    @Test("after a cycle the device could not judge, the next one is compared with nothing")
    func aForgottenCycleIsNotCountedTwice() {
        var continuity = PullCycleContinuity()
        _ = Self.steady(&continuity, count: 10)
        // Cycle 10 had no buffer (the device counted it); cycle 11 comes with the clock two cycles on.
        continuity.forget()
        let next = Self.cycle(&continuity, position: 11 * Self.frames, start: 11 * Self.period, took: 100_000)
        #expect(!next)
    }

    @Test("the first cycle has nothing to follow, and a change of the quantum is no gap")
    func theFirstCycleAndAQuantumChangeAreNoGap() {
        var continuity = PullCycleContinuity()
        let gaps = [
            Self.cycle(&continuity, position: 123_456, start: 1_000, took: 1_000, frames: 1_024),
            // The graph moved by the 1024 frames it asked last time, and now asks 512.
            Self.cycle(&continuity, position: 124_480, start: 21_334_333, took: 100_000, frames: 512),
            Self.cycle(&continuity, position: 124_992, start: 32_001_000, took: 100_000, frames: 512),
        ]
        #expect(gaps == [false, false, false])
    }
}
