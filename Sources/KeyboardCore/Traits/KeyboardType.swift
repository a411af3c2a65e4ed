/// Which keyboard a text input asks for, the counterpart of `UIKeyboardType`
/// (layouts in ``KeyboardLayout``).
public enum KeyboardType: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// With the `ch/en` key for Chinese punctuation.
    case `default`
    /// No `ch/en` key, so no full-width punctuation.
    case asciiCapable
    case numberPad
    case decimalPad
    case phonePad
    /// `@` and `.` beside the space bar.
    case emailAddress
    /// `.`, `/` and `.com` in place of the space bar.
    case URL

    /// Shown when an input of this type gains focus.
    public var homePage: KeyboardPage {
        switch self {
        case .default, .asciiCapable, .emailAddress, .URL: return .letters
        case .numberPad: return .numberPad
        case .decimalPad: return .decimalPad
        case .phonePad: return .phonePad
        }
    }

    /// The `ch/en` key for full-width Chinese punctuation.
    public var hasLanguageToggle: Bool { self == .default }

    /// As in `UIKeyboardType`.
    public var description: String { rawValue }
}
