import InputClick
import Testing

/// Where a device that takes whole cycles will take the next: placed only from moves known to within the
/// wake allowance, trusted only once two placements agree, always erring early, and silent when a move
/// contradicts it.
@Suite struct TransferCycleTests {
    /// 64 frames at 48 kHz: 1,333,333 ns.
    static let cycleNanoseconds: Int64 = 1_333_333
    static let allowance: Int64 = 100_000

    static func cycle() -> TransferCycle {
        TransferCycle(cycleFrames: 64, sampleRate: 48_000, wakeAllowanceNanoseconds: UInt64(allowance),
                      memoryNanoseconds: 50_000_000)
    }

    /// A cycle estimate whose first look, at 10 ms, found the read position at 0.
    static func started() -> TransferCycle {
        var cycle = cycle()
        looked(&cycle, position: 0, at: 10_000_000)
        return cycle
    }

    /// The device's wake-up at `at` (nanoseconds), the move to `position` seen right then.
    static func woke(_ cycle: inout TransferCycle, position: Int64, at: UInt64) {
        cycle.observe(position: position, lookedAt: at, seenAt: at, wokeAt: at)
    }

    /// A look that began at `at` without the device's signal.
    static func looked(_ cycle: inout TransferCycle, position: Int64, at: UInt64) {
        cycle.observe(position: position, lookedAt: at, seenAt: at, wokeAt: nil)
    }

    /// Cycle k of a server whose cycles start at 10 ms: the read position after it and when it was taken.
    static func cycleEnd(_ k: Int) -> (position: Int64, at: UInt64) {
        (64 * Int64(k), UInt64(10_000_000 + Int64(k) * cycleNanoseconds))
    }

    /// The device's wake-up after cycle k, `late` nanoseconds late.
    static func wake(_ cycle: inout TransferCycle, afterCycle k: Int, late: UInt64 = 0) {
        woke(&cycle, position: cycleEnd(k).position, at: cycleEnd(k).at + late)
    }

    /// The estimate right at the end of cycle k, plus `later` nanoseconds.
    static func left(_ cycle: TransferCycle, afterCycle k: Int, later: UInt64 = 0) -> Int64? {
        cycle.nanosecondsUntilNextTransfer(position: cycleEnd(k).position, at: cycleEnd(k).at + later)
    }

    @Test func nothingIsKnownUntilTwoPlacementsAgree() throws {
        var cycle = Self.cycle()
        #expect(cycle.nanosecondsUntilNextTransfer(position: 0, at: 10_000_000) == nil)
        Self.looked(&cycle, position: 0, at: 10_000_000)
        Self.wake(&cycle, afterCycle: 1)
        #expect(Self.left(cycle, afterCycle: 1) == nil, "one placement alone")
        Self.wake(&cycle, afterCycle: 2)
        let left = try #require(Self.left(cycle, afterCycle: 2))
        #expect(abs(left - (Self.cycleNanoseconds - Self.allowance)) <= 2, "\(left)")
        // Later in the same cycle, less is left; past the next one, it is negative.
        let later = try #require(Self.left(cycle, afterCycle: 2, later: 700_000))
        #expect(later < left && later > 0)
        #expect(try #require(Self.left(cycle, afterCycle: 2, later: 1_300_000)) < 0)
    }

    /// A wake-up 600 µs late would place its move late: it disagrees with the one before, so nothing is said
    /// until the next agrees, and then the estimate is the early one.
    @Test func aLateWakeUpIsNotTrustedAndNeverMakesTheEstimateLate() throws {
        var cycle = Self.started()
        Self.wake(&cycle, afterCycle: 1, late: 600_000)
        Self.wake(&cycle, afterCycle: 2)
        #expect(Self.left(cycle, afterCycle: 2) == nil, "two placements disagree")
        Self.wake(&cycle, afterCycle: 3)
        let left = try #require(Self.left(cycle, afterCycle: 3))
        #expect(abs(left - (Self.cycleNanoseconds - Self.allowance)) <= 2, "\(left)")
    }

    @Test func aMoveSeenOnlyAfterALongSleepIsNotPlaced() {
        var cycle = Self.started()
        // The loop slept 10 ms on something else: the moves could be anywhere in them.
        Self.looked(&cycle, position: 512, at: 20_000_000)
        Self.looked(&cycle, position: 1024, at: 30_000_000)
        #expect(cycle.nanosecondsUntilNextTransfer(position: 1024, at: 30_000_000) == nil)
    }

    @Test func aMoveSeenSoonAfterTheLookBeforeIsPlacedAfterThatLookBegan() throws {
        var cycle = Self.started()
        // Looks begin 50 µs before their moves are seen.
        cycle.observe(position: 0, lookedAt: 11_283_333, seenAt: 11_290_000, wokeAt: nil)
        cycle.observe(position: 64, lookedAt: 11_333_333, seenAt: 11_340_000, wokeAt: nil)
        cycle.observe(position: 64, lookedAt: 12_616_666, seenAt: 12_620_000, wokeAt: nil)
        cycle.observe(position: 128, lookedAt: 12_666_666, seenAt: 12_670_000, wokeAt: nil)
        let left = try #require(cycle.nanosecondsUntilNextTransfer(position: 128, at: 12_670_000))
        // Placed just after the look before began: 12.616666 ms + 1 ns, the next cycle 1.333333 ms on.
        #expect(abs(left - (12_616_667 + Self.cycleNanoseconds - 12_670_000)) <= 2, "\(left)")
    }

    @Test func cyclesThatFallBehindNeverMoveTheEstimateLater() throws {
        var cycle = Self.started()
        for k in 1...2 { Self.wake(&cycle, afterCycle: k) }
        // From cycle 3 on, the server runs 400 µs behind: those placements agree with each other.
        for k in 3...5 { Self.wake(&cycle, afterCycle: k, late: 400_000) }
        let left = try #require(Self.left(cycle, afterCycle: 5, later: 400_000))
        // Still on the first cycles' grid: 400 µs early.
        #expect(abs(left - (Self.cycleNanoseconds - Self.allowance - 400_000)) <= 2, "\(left)")
    }

    @Test func aMoveSeenBeforeTheEstimateAllowsForgetsTheEstimate() {
        var cycle = Self.started()
        for k in 1...2 { Self.wake(&cycle, afterCycle: k) }
        // Cycle 3 seen 300 µs before the estimate's grid has it: the grid was late.
        cycle.observe(position: 192, lookedAt: 13_000_000, seenAt: Self.cycleEnd(3).at - 300_000, wokeAt: nil)
        #expect(cycle.nanosecondsUntilNextTransfer(position: 192, at: Self.cycleEnd(3).at - 300_000) == nil)
    }

    @Test func aMoveOfPartOfACycleStopsEveryEstimateUntilAReset() throws {
        var cycle = Self.started()
        for k in 1...2 { Self.wake(&cycle, afterCycle: k) }
        // The server now takes 32 frames a cycle, at the same rate: every move
        // fits the grid, but the next copy comes half a cycle sooner than 64
        // frames would say.
        for k in 1...4 {
            let at = Self.cycleEnd(2).at + UInt64(k) * 666_667
            Self.woke(&cycle, position: 128 + 32 * Int64(k), at: at)
            #expect(cycle.nanosecondsUntilNextTransfer(position: 128 + 32 * Int64(k), at: at) == nil)
        }
        cycle.reset()
        Self.looked(&cycle, position: 0, at: 30_000_000)
        Self.woke(&cycle, position: 64, at: 31_333_333)
        Self.woke(&cycle, position: 128, at: 32_666_666)
        #expect(cycle.nanosecondsUntilNextTransfer(position: 128, at: 32_666_666) != nil, "learnt again after a reset")
    }

    @Test func aResetForgetsAnEstimateAndAnotherPositionGetsNone() throws {
        var cycle = Self.started()
        for k in 1...2 { Self.wake(&cycle, afterCycle: k) }
        _ = try #require(cycle.nanosecondsUntilNextTransfer(position: 128, at: Self.cycleEnd(2).at))
        #expect(cycle.nanosecondsUntilNextTransfer(position: 192, at: Self.cycleEnd(2).at) == nil, "not the position last seen")
        cycle.reset()
        #expect(cycle.nanosecondsUntilNextTransfer(position: 128, at: Self.cycleEnd(2).at) == nil)
    }

    /// After an estimate was forgotten, or after a gap longer than the memory, one placement is again not
    /// enough.
    @Test func onePlacementAfterAForgetOrALongGapIsNotTrusted() throws {
        var cycle = Self.started()
        for k in 1...2 { Self.wake(&cycle, afterCycle: k) }
        // Cycle 3 seen early forgets the estimate; cycle 4's wake-up alone does not restore it.
        cycle.observe(position: 192, lookedAt: 13_000_000, seenAt: Self.cycleEnd(3).at - 300_000, wokeAt: nil)
        Self.wake(&cycle, afterCycle: 4, late: 0)
        #expect(Self.left(cycle, afterCycle: 4) == nil)
        // 60 ms without a placement, then one alone.
        var gap = Self.started()
        for k in 1...2 { Self.wake(&gap, afterCycle: k) }
        Self.wake(&gap, afterCycle: 50)
        #expect(Self.left(gap, afterCycle: 50) == nil)
        Self.wake(&gap, afterCycle: 51)
        #expect(Self.left(gap, afterCycle: 51) != nil)
    }

    @Test func anEstimateOlderThanTheMemoryIsNotUsed() throws {
        var cycle = Self.started()
        for k in 1...2 { Self.wake(&cycle, afterCycle: k) }
        _ = try #require(cycle.nanosecondsUntilNextTransfer(position: 128, at: Self.cycleEnd(2).at))
        #expect(cycle.nanosecondsUntilNextTransfer(position: 128, at: Self.cycleEnd(2).at + 60_000_000) == nil)
    }
}
