import Foundation
import InputClick

/// Every JSON report the CLI prints, in one style: one line, keys sorted,
/// slashes left as they are (`/dev/snd`, not `\/dev\/snd`), and every string
/// escaped by `JSONEncoder`, so a device name with a quote stays valid JSON.
///
/// - Throws: ``RuntimeFailure`` when the value cannot be encoded (a
///   non-finite number; the reports keep their numbers finite).
func jsonLine<Report: Encodable>(_ report: Report) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    do {
        return String(decoding: try encoder.encode(report), as: UTF8.self)
    } catch {
        throw RuntimeFailure("cannot write the report as JSON: \(error)")
    }
}

/// Nanoseconds as milliseconds rounded to two decimals, as the text reports show them.
func roundedMilliseconds(_ nanoseconds: UInt64) -> Double {
    Double(LatencySummary.milliseconds(nanoseconds)) ?? 0
}

/// A ``LatencySummary`` in a JSON report, in milliseconds.
struct LatencySummaryReport: Encodable {
    var count: Int
    var p50: Double
    var p95: Double
    var p99: Double
    var max: Double

    init(_ summary: LatencySummary) {
        count = summary.count
        p50 = roundedMilliseconds(summary.p50)
        p95 = roundedMilliseconds(summary.p95)
        p99 = roundedMilliseconds(summary.p99)
        max = roundedMilliseconds(summary.max)
    }
}
