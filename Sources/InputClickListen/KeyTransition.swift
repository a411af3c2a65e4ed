/// What happened to a key, from an `EV_KEY` value.
public enum KeyTransition: Sendable, Hashable {
    /// Value 1.
    case press
    /// Held and repeated by the kernel (value 2).
    case autorepeat
    /// Value 0.
    case release

    public init?(value: Int32) {
        switch value {
        case 1: self = .press
        case 2: self = .autorepeat
        case 0: self = .release
        default: return nil
        }
    }
}
