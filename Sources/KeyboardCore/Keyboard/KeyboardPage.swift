/// One page of keys of the demo keyboard.
public enum KeyboardPage: String, Sendable, Hashable, CaseIterable {
    /// `q…p`, `a…l`, shift `z…m` delete, and the bottom row.
    case letters
    /// Reached with `123`.
    case numbers
    /// Reached with `#+=` from ``numbers``.
    case symbols
    case numberPad
    case decimalPad
    case phonePad

    /// `ABC`, `123` or `#+=` (the pads have no such key).
    public var switchKeyLabel: String {
        switch self {
        case .letters: return "ABC"
        case .numbers: return "123"
        case .symbols: return "#+="
        case .numberPad, .decimalPad, .phonePad: return rawValue
        }
    }
}
