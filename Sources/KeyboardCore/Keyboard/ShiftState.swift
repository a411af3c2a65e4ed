public enum ShiftState: String, Sendable, Hashable, CaseIterable {
    case off
    /// For the next letter; then ``AutoShift`` again.
    case on
    /// Caps lock, until shift is tapped.
    case locked

    public var capitalizes: Bool { self != .off }
}
