import InputClick
import Testing

/// Where a device that takes whole cycles will take the next: placed only from moves known to within the
/// wake allowance, always erring early.
@Suite struct TransferCycleTests {
    /// 64 frames at 48 kHz: 1,333,333 ns.
    static let cycleNanoseconds: Int64 = 1_333_333

    static func cycle() -> TransferCycle {
        TransferCycle(cycleFrames: 64, sampleRate: 48_000, wakeAllowanceNanoseconds: 100_000,
                      memoryNanoseconds: 50_000_000)
    }

    @Test func nothingIsKnownUntilAMoveIsPlaced() {
        var cycle = Self.cycle()
        #expect(cycle.nanosecondsUntilNextTransfer(position: 0, at: 1_000_000) == nil)
        cycle.observe(position: 0, at: 1_000_000, wokenByDevice: false)
        #expect(cycle.nanosecondsUntilNextTransfer(position: 0, at: 1_000_000) == nil)
    }

    @Test func aMoveTheDeviceWokeTheLoopForIsPlacedTheAllowanceBeforeTheWake() throws {
        var cycle = Self.cycle()
        cycle.observe(position: 0, at: 10_000_000, wokenByDevice: false)
        cycle.observe(position: 64, at: 11_333_333, wokenByDevice: true)
        let left = try #require(cycle.nanosecondsUntilNextTransfer(position: 64, at: 11_333_333))
        #expect(abs(left - (Self.cycleNanoseconds - 100_000)) <= 1, "\(left)")
        // Later in the same cycle, less is left; past the next one, it is negative.
        let later = try #require(cycle.nanosecondsUntilNextTransfer(position: 64, at: 12_000_000))
        #expect(later < left && later > 0)
        let past = try #require(cycle.nanosecondsUntilNextTransfer(position: 64, at: 12_600_000))
        #expect(past < 0)
    }

    @Test func aMoveSeenOnlyAfterALongSleepIsNotPlaced() {
        var cycle = Self.cycle()
        cycle.observe(position: 0, at: 10_000_000, wokenByDevice: false)
        // The loop slept 10 ms on something else: the move could be anywhere in them.
        cycle.observe(position: 512, at: 20_000_000, wokenByDevice: false)
        #expect(cycle.nanosecondsUntilNextTransfer(position: 512, at: 20_000_000) == nil)
    }

    @Test func aMoveSeenSoonAfterTheLastLookIsPlacedAfterThatLook() throws {
        var cycle = Self.cycle()
        cycle.observe(position: 0, at: 10_000_000, wokenByDevice: false)
        cycle.observe(position: 64, at: 10_050_000, wokenByDevice: false)
        let left = try #require(cycle.nanosecondsUntilNextTransfer(position: 64, at: 10_050_000))
        #expect(abs(left - (Self.cycleNanoseconds - 50_000 + 1)) <= 1, "\(left)")
    }

    @Test func aLateCycleNeverMovesTheEstimateLater() throws {
        var cycle = Self.cycle()
        cycle.observe(position: 0, at: 10_000_000, wokenByDevice: false)
        cycle.observe(position: 64, at: 11_333_333, wokenByDevice: true)
        // The next cycle comes 400 µs late (a server catching up).
        cycle.observe(position: 128, at: 13_066_667, wokenByDevice: true)
        let left = try #require(cycle.nanosecondsUntilNextTransfer(position: 128, at: 13_066_667))
        // Still on the first cycle's grid: the next at 11.333 + 2 × 1.333 − 0.1 ms.
        #expect(abs(left - (11_233_333 + 2 * Self.cycleNanoseconds - 13_066_667)) <= 2, "\(left)")
    }

    @Test func anEarlierCycleMovesTheEstimateEarlier() throws {
        var cycle = Self.cycle()
        cycle.observe(position: 0, at: 10_000_000, wokenByDevice: false)
        cycle.observe(position: 64, at: 11_733_333, wokenByDevice: true)
        cycle.observe(position: 128, at: 12_666_667, wokenByDevice: true)
        let left = try #require(cycle.nanosecondsUntilNextTransfer(position: 128, at: 12_666_667))
        #expect(abs(left - (Self.cycleNanoseconds - 100_000)) <= 2, "\(left)")
    }

    @Test func aReadPositionThatGoesBackOrAnotherPositionForgetsTheEstimate() {
        var cycle = Self.cycle()
        cycle.observe(position: 0, at: 10_000_000, wokenByDevice: false)
        cycle.observe(position: 64, at: 11_333_333, wokenByDevice: true)
        #expect(cycle.nanosecondsUntilNextTransfer(position: 128, at: 11_400_000) == nil, "not the position last seen")
        cycle.observe(position: 0, at: 11_500_000, wokenByDevice: true)
        #expect(cycle.nanosecondsUntilNextTransfer(position: 0, at: 11_500_000) == nil)
        cycle.observe(position: 64, at: 11_700_000, wokenByDevice: false)
        cycle.reset()
        #expect(cycle.nanosecondsUntilNextTransfer(position: 64, at: 11_700_000) == nil)
    }
}
