/// The automatic shift: whether the keyboard should turn shift on, given the
/// autocapitalization type and the text before the caret.
///
/// - ``AutocapitalizationType/none``: never.
/// - ``AutocapitalizationType/allCharacters``: always.
/// - ``AutocapitalizationType/words``: at the start of the text, or right
///   after whitespace (a space or a line break).
/// - ``AutocapitalizationType/sentences``: at the start of the text, after a
///   line break (trailing spaces allowed), or after a sentence end
///   (`.`, `!`, `?`, `。`, `！`, `？`) followed by at least one whitespace.
public enum AutoShift {
    /// Whether shift should be on before typing at a caret preceded by `textBefore`.
    public static func shouldShift(_ mode: AutocapitalizationType, textBefore: Substring) -> Bool {
        switch mode {
        case .none: return false
        case .allCharacters: return true
        case .words:
            guard let last = textBefore.last else { return true }
            return last.isWhitespace
        case .sentences:
            guard let last = textBefore.last else { return true }
            if last.isNewline { return true }
            guard last.isWhitespace else { return false }
            let trimmed = textBefore.reversed().drop { $0.isWhitespace && !$0.isNewline }
            guard let end = trimmed.first else { return true }
            return end.isNewline || end == "." || end == "!" || end == "?" || FullWidthPunctuation.isSentenceEnd(end)
        }
    }
}
