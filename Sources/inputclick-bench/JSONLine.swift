import InputClickReports

/// A report as one JSON line, in the CLI's style (``InputClickReports/encodeJSONLine(_:)``);
/// exits 70 when the value cannot be encoded.
func jsonLine<Report: Encodable>(_ report: Report) -> String {
    do {
        return try encodeJSONLine(report)
    } catch {
        fail("cannot write the report as JSON: \(error)", 70)
    }
}

/// A cost measured per call or per period: the median and 99th percentile, in nanoseconds.
struct CostReport: Encodable {
    var p50Nanoseconds: Int
    var p99Nanoseconds: Int
}
