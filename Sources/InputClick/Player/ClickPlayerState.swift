/// Where a ``ClickPlayer`` is in its life.
public enum ClickPlayerState: UInt8, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// No click-enabled view is visible and no device is held.
    case closed = 0
    case running = 1
    /// The last click-enabled view hid; the stream runs until the linger passes.
    case lingering = 2
    /// A view is visible but the device failed to open or went away; clicks are dropped, opening retried.
    case waitingForDevice = 3
    case shutDown = 4

    public var description: String {
        switch self {
        case .closed: return "closed"
        case .running: return "running"
        case .lingering: return "lingering"
        case .waitingForDevice: return "waiting-for-device"
        case .shutDown: return "shut-down"
        }
    }
}
