/// The shift key's state.
public enum ShiftState: String, Sendable, Hashable, CaseIterable {
    /// Letters type lowercase.
    case off
    /// The next letter types uppercase; then shift follows the automatic
    /// shift again (``AutoShift``).
    case on
    /// Caps lock: every letter types uppercase until shift is tapped.
    case locked

    /// Whether letters type uppercase.
    public var capitalizes: Bool { self != .off }
}
