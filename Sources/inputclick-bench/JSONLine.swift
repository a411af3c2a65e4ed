import Foundation
import InputClick

/// Every JSON report the bench prints, in the CLI's style: one line, keys
/// sorted, slashes left as they are, and every string escaped by
/// `JSONEncoder`, so a device name with a quote stays valid JSON.
func jsonLine<Report: Encodable>(_ report: Report) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    do {
        return String(decoding: try encoder.encode(report), as: UTF8.self)
    } catch {
        fail("cannot write the report as JSON: \(error)", 70)
    }
}

/// A ``LatencySummary`` in a JSON report, in milliseconds with two decimals.
struct LatencySummaryReport: Encodable {
    var count: Int
    var p50: Double
    var p95: Double
    var p99: Double
    var max: Double

    init(_ summary: LatencySummary) {
        func milliseconds(_ nanoseconds: UInt64) -> Double { Double(LatencySummary.milliseconds(nanoseconds)) ?? 0 }
        count = summary.count
        p50 = milliseconds(summary.p50)
        p95 = milliseconds(summary.p95)
        p99 = milliseconds(summary.p99)
        max = milliseconds(summary.max)
    }
}

/// A cost measured per call or per period: the median and 99th percentile, in nanoseconds.
struct CostReport: Encodable {
    var p50Nanoseconds: Int
    var p99Nanoseconds: Int
}
