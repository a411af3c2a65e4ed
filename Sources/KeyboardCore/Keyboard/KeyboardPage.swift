/// One page of keys of the demo keyboard.
public enum KeyboardPage: String, Sendable, Hashable, CaseIterable {
    /// The seed's letters: `q…p`, `a…l`, shift `z…m` delete, and the bottom row.
    case letters
    /// Digits and common symbols, reached with `123`.
    case numbers
    /// More symbols, reached with `#+=` from ``numbers``.
    case symbols
    /// The number pad's single page.
    case numberPad
    /// The decimal pad's single page.
    case decimalPad
    /// The phone pad's single page.
    case phonePad

    /// The label of the key that switches to this page: `ABC`, `123` or `#+=`
    /// (the pads have no such key).
    public var switchKeyLabel: String {
        switch self {
        case .letters: return "ABC"
        case .numbers: return "123"
        case .symbols: return "#+="
        case .numberPad, .decimalPad, .phonePad: return rawValue
        }
    }
}
