extension Unicode.Scalar {
    /// Whether error messages show this scalar as `\u{…}` rather than as
    /// itself: every control character (C0, DEL and C1, which hold NEL and
    /// the one-byte CSI that some terminals act on) and the Unicode line and
    /// paragraph separators. A message that quotes what the user wrote then
    /// stays one line and cannot steer the terminal it is printed to.
    ///
    /// Thread context: any thread.
    var isEscapedInMessages: Bool {
        switch properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: return true
        default: return false
        }
    }
}
