/// What happened to a key: pressed, repeating while held, or released.
public enum KeyTransition: Sendable, Hashable {
    /// The key went down (`EV_KEY` value 1).
    case press
    /// The key is held and the kernel repeats it (value 2).
    case autorepeat
    /// The key came up (value 0).
    case release

    /// The transition for an `EV_KEY` value, or `nil` for any other value.
    public init?(value: Int32) {
        switch value {
        case 1: self = .press
        case 2: self = .autorepeat
        case 0: self = .release
        default: return nil
        }
    }
}
