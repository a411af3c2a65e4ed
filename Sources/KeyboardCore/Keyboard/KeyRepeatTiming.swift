/// When a held key repeats (only delete does).
///
/// By default repeats come at 500, 600, 690, 771 … ms (each interval 90 % of the one
/// before) down to every 50 ms: 20 a second, the gate's default rate limit.
public struct KeyRepeatTiming: Sendable, Hashable {
    /// From touch-down to the first repeat, in nanoseconds. Default 500 ms.
    public var initialDelay: UInt64
    /// From the first repeat to the second, in nanoseconds. Default 100 ms.
    public var firstInterval: UInt64
    /// In nanoseconds (at least 1 ms is used). Default 50 ms.
    public var minimumInterval: UInt64
    /// Each interval as a percentage of the one before, 1–100. Default 90.
    public var accelerationPercent: UInt64

    public init(initialDelay: UInt64 = 500_000_000, firstInterval: UInt64 = 100_000_000,
                minimumInterval: UInt64 = 50_000_000, accelerationPercent: UInt64 = 90) {
        self.initialDelay = initialDelay
        self.firstInterval = firstInterval
        self.minimumInterval = minimumInterval
        self.accelerationPercent = accelerationPercent
    }

    /// Every repeat strictly before the release at `start + duration` (nanoseconds).
    public func repeatTimes(touchDownAt start: UInt64, heldFor duration: UInt64) -> [UInt64] {
        let release = start.addingReportingOverflow(duration)
        let end = release.overflow ? UInt64.max : release.partialValue
        let floor = max(minimumInterval, 1_000_000)
        let percent = min(max(accelerationPercent, 1), 100)
        var times: [UInt64] = []
        var (time, overflow) = start.addingReportingOverflow(initialDelay)
        var interval = max(firstInterval, floor)
        while !overflow && time < end {
            times.append(time)
            (time, overflow) = time.addingReportingOverflow(interval)
            interval = max(interval / 100 * percent + interval % 100 * percent / 100, floor)
        }
        return times
    }
}
