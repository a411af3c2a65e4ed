extension Unicode.Scalar {
    /// Whether messages show this scalar as `\u{…}`: every control character (C0, DEL, C1 with NEL and the
    /// one-byte CSI) and the Unicode line and paragraph separators, so a quoted message stays one line and
    /// cannot steer a terminal.
    var isEscapedInMessages: Bool {
        switch properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: return true
        default: return false
        }
    }
}

extension String {
    /// The text with every scalar that ``Unicode/Scalar/isEscapedInMessages`` written as `\u{…}`; with `limit`,
    /// cut after that many scalars and ended with `…`.
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
