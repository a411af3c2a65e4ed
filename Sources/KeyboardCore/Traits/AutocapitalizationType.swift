/// When the keyboard turns shift on by itself, the counterpart of
/// `UITextAutocapitalizationType`. ``AutoShift`` applies it.
public enum AutocapitalizationType: String, Sendable, Hashable, CaseIterable {
    /// Never.
    case none
    /// At the start of the text and after whitespace.
    case words
    /// At the start of the text, after a line break, and after a sentence end
    /// (`.`, `!`, `?` or their full-width forms) followed by whitespace.
    case sentences
    /// Always.
    case allCharacters
}
