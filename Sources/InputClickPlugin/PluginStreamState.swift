import InputClick

/// The stream states of the C interface, `INPUTCLICK_STATE_*`.
///
/// The raw values are ABI: they must equal the constants in `inputclick.h`.
///
/// Thread context: a plain value; use it from any thread.
enum PluginStreamState: Int32, CaseIterable, Sendable {
    case closed = 0
    case running = 1
    case lingering = 2
    case waitingForDevice = 3

    /// The player's state as the C interface reports it; `nil` once the
    /// player is shut down, which the C interface reports as a closed handle.
    init?(_ state: ClickPlayerState) {
        switch state {
        case .closed: self = .closed
        case .running: self = .running
        case .lingering: self = .lingering
        case .waitingForDevice: self = .waitingForDevice
        case .shutDown: return nil
        }
    }

    /// What `inputclick_state_name` returns.
    var name: String {
        switch self {
        case .closed: return "closed"
        case .running: return "running"
        case .lingering: return "lingering"
        case .waitingForDevice: return "waiting-for-device"
        }
    }
}
