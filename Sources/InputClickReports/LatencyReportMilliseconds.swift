import InputClick

/// Nanoseconds as milliseconds rounded to two decimals, as the text reports show them.
public func roundedMilliseconds(_ nanoseconds: UInt64) -> Double {
    Double(LatencySummary.milliseconds(nanoseconds)) ?? 0
}

/// A ``LatencySummary`` in a JSON report, in milliseconds.
public struct LatencySummaryReport: Encodable {
    /// How many clicks the percentiles cover.
    public var count: Int
    /// The median.
    public var p50: Double
    /// The 95th percentile.
    public var p95: Double
    /// The 99th percentile.
    public var p99: Double
    /// The largest.
    public var max: Double

    /// The summary's figures in milliseconds.
    public init(_ summary: LatencySummary) {
        count = summary.count
        p50 = roundedMilliseconds(summary.p50)
        p95 = roundedMilliseconds(summary.p95)
        p99 = roundedMilliseconds(summary.p99)
        max = roundedMilliseconds(summary.max)
    }
}

/// Both latency figures of a ``LatencyReport`` (see ``LatencyRecord``) in a JSON report.
public struct LatencyReportMilliseconds: Encodable {
    /// From the `playInputClick` call until the first frame was written.
    public var toWrite: LatencySummaryReport
    /// From the `playInputClick` call until the first frame reaches the converter (estimated).
    public var toConverter: LatencySummaryReport

    /// The report's two summaries in milliseconds.
    public init(_ report: LatencyReport) {
        toWrite = LatencySummaryReport(report.toWrite)
        toConverter = LatencySummaryReport(report.toConverter)
    }
}
