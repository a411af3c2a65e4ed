extension Unicode.Scalar {
    /// Whether error messages show this scalar as `\u{…}` rather than as
    /// itself: every control character (C0, DEL and C1, which hold NEL and
    /// the one-byte CSI that some terminals act on) and the Unicode line and
    /// paragraph separators. A message that quotes what the user wrote then
    /// stays one line and cannot steer the terminal it is printed to.
    var isEscapedInMessages: Bool {
        switch properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: return true
        default: return false
        }
    }
}

extension String {
    /// The text with every scalar that ``Unicode/Scalar/isEscapedInMessages``
    /// written as `\u{…}` (a NUL as `\u{0}`, an escape as `\u{1b}`), so that
    /// printing it cannot steer a terminal or break a line; with `limit`, cut
    /// after that many scalars and ended with `…`.
    public func escapingControlCharacters(limit: Int? = nil) -> String {
        var out = ""
        var count = 0
        for scalar in unicodeScalars {
            if let limit, count == limit { out += "…"; break }
            count += 1
            if scalar.isEscapedInMessages {
                out += "\\u{" + String(scalar.value, radix: 16) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
