/// The automatic shift: whether the keyboard should turn shift on, given the
/// autocapitalization type and the text before the caret.
///
/// See ``AutocapitalizationType`` for when each type shifts; a sentence end must be
/// followed by whitespace.
public enum AutoShift {
    /// Before typing at a caret preceded by `textBefore`.
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
