/// The Chinese punctuation mode's mapping from ASCII punctuation to its
/// full-width forms: `,` `.` `?` `!` `:` `;` become `，` `。` `？` `！` `：` `；`.
public enum FullWidthPunctuation {
    /// Every ASCII key text that has a full-width form, with that form.
    public static let forms: [String: String] = [
        ",": "\u{FF0C}", // ，
        ".": "\u{3002}", // 。 (the ideographic full stop)
        "?": "\u{FF1F}", // ？
        "!": "\u{FF01}", // ！
        ":": "\u{FF1A}", // ：
        ";": "\u{FF1B}", // ；
    ]

    /// The full-width form of `text`, or `text` itself when it has none.
    public static func form(of text: String) -> String { forms[text] ?? text }

    /// Whether `character` is one of the full-width sentence ends `。`, `？`, `！`.
    public static func isSentenceEnd(_ character: Character) -> Bool {
        character == "\u{3002}" || character == "\u{FF1F}" || character == "\u{FF01}"
    }
}
