/// One JSON report on one line, as `inputclick` and `inputclick-bench` print them: the text Foundation's
/// `JSONEncoder` writes with `[.sortedKeys, .withoutEscapingSlashes]`, made by ``JSONLineEncoder``.
///
/// - Throws: `EncodingError` for a non-finite number (the reports keep theirs finite).
public func encodeJSONLine<Report: Encodable>(_ report: Report) throws -> String {
    try JSONLineEncoder().encode(report)
}
