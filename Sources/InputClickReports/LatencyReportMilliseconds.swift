import InputClick

/// Nanoseconds as milliseconds rounded to two decimals, as the text reports show them.
public func roundedMilliseconds(_ nanoseconds: UInt64) -> Double {
    Double(LatencySummary.milliseconds(nanoseconds)) ?? 0
}

/// A ``LatencySummary`` in milliseconds, for a JSON report.
public struct LatencySummaryReport: Encodable {
    /// Clicks the percentiles cover.
    public var count: Int
    public var p50: Double
    public var p95: Double
    public var p99: Double
    public var max: Double

    public init(_ summary: LatencySummary) {
        count = summary.count
        p50 = roundedMilliseconds(summary.p50)
        p95 = roundedMilliseconds(summary.p95)
        p99 = roundedMilliseconds(summary.p99)
        max = roundedMilliseconds(summary.max)
    }
}

/// Both latency figures of a ``LatencyReport`` (see ``LatencyRecord``), in milliseconds.
public struct LatencyReportMilliseconds: Encodable {
    /// From the `playInputClick` call until the first frame was written.
    public var toWrite: LatencySummaryReport
    /// From the `playInputClick` call until the first frame reaches the converter (estimated).
    public var toConverter: LatencySummaryReport

    public init(_ report: LatencyReport) {
        toWrite = LatencySummaryReport(report.toWrite)
        toConverter = LatencySummaryReport(report.toConverter)
    }
}
