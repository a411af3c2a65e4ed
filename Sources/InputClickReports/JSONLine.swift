/// One JSON report, as `inputclick` and `inputclick-bench` print every
/// report: one line, keys sorted, slashes left as they are (`/dev/snd`, not
/// `\/dev\/snd`), and every string escaped, so that a device name with a
/// quote stays valid JSON. The text is what Foundation's `JSONEncoder` writes
/// with `[.sortedKeys, .withoutEscapingSlashes]`, made by ``JSONLineEncoder``
/// without Foundation (whose ICU data would make the CLI six times larger).
///
/// - Throws: `EncodingError` when the value cannot be encoded (a non-finite
///   number; the reports keep their numbers finite).
public func encodeJSONLine<Report: Encodable>(_ report: Report) throws -> String {
    try JSONLineEncoder().encode(report)
}
