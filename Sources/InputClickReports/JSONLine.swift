import Foundation

/// One JSON report, as `inputclick` and `inputclick-bench` print every
/// report: one line, keys sorted, slashes left as they are (`/dev/snd`, not
/// `\/dev\/snd`), and every string escaped by `JSONEncoder`, so that a device
/// name with a quote stays valid JSON.
///
/// This target serves the two executables only; it imports Foundation for
/// `JSONEncoder`, so no library that the plugin links may depend on it.
///
/// - Throws: `EncodingError` when the value cannot be encoded (a non-finite
///   number; the reports keep their numbers finite).
public func encodeJSONLine<Report: Encodable>(_ report: Report) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(report), as: UTF8.self)
}
