import InputClick
import InputClickReports

/// A report as one JSON line, in the style of ``InputClickReports/encodeJSONLine(_:)``.
///
/// - Throws: ``RuntimeFailure`` when the value cannot be encoded.
func jsonLine<Report: Encodable>(_ report: Report) throws -> String {
    do {
        return try encodeJSONLine(report)
    } catch {
        throw RuntimeFailure("cannot write the report as JSON: \(error)")
    }
}
