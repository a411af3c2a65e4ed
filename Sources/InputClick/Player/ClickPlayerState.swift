/// Where a ``ClickPlayer`` is in its life.
public enum ClickPlayerState: UInt8, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// No click-enabled view is visible and no device is held.
    case closed = 0
    /// A stream is open and rendering; clicks play.
    case running = 1
    /// The last click-enabled view hid; the stream keeps running until the linger passes.
    case lingering = 2
    /// A click-enabled view is visible but the device could not be opened or
    /// went away; clicks are dropped and opening is retried with backoff.
    case waitingForDevice = 3
    /// ``ClickPlayer/shutdown()`` was called; the player never opens again.
    case shutDown = 4

    /// `closed`, `running`, `lingering`, `waiting-for-device` or `shut-down`.
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
