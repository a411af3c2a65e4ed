/// Which keyboard a text input asks for, the counterpart of `UIKeyboardType`.
///
/// Each type maps to the demo keyboard's layouts (``KeyboardLayout``):
/// the letter types start on the letters page and reach numbers and symbols
/// through `123` and `#+=`; the pad types have one page of digits.
public enum KeyboardType: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Letters, numbers and symbols, with the `ch/en` key for Chinese punctuation.
    case `default`
    /// Like ``default`` but ASCII only: no `ch/en` key, so no full-width punctuation.
    case asciiCapable
    /// Digits 0–9 and delete.
    case numberPad
    /// Digits, a decimal point and delete.
    case decimalPad
    /// Digits, `+`, `*`, `#` and delete.
    case phonePad
    /// Letters with `@` and `.` beside the space bar.
    case emailAddress
    /// Letters with `.`, `/` and `.com` in place of the space bar.
    case URL

    /// The page the keyboard shows when an input of this type gains focus.
    public var homePage: KeyboardPage {
        switch self {
        case .default, .asciiCapable, .emailAddress, .URL: return .letters
        case .numberPad: return .numberPad
        case .decimalPad: return .decimalPad
        case .phonePad: return .phonePad
        }
    }

    /// Whether the layouts carry the `ch/en` key for full-width Chinese punctuation.
    public var hasLanguageToggle: Bool { self == .default }

    /// The type's name, as in `UIKeyboardType` (`default`, `emailAddress`, …).
    public var description: String { rawValue }
}
