import CInputClick
import InputClick

/// `INPUTCLICK_STATE_*`: the header's constants, through `CInputClick`.
enum PluginStreamState: RawRepresentable, CaseIterable, Sendable {
    case closed
    case running
    case lingering
    case waitingForDevice

    var rawValue: Int32 {
        switch self {
        case .closed: return Int32(INPUTCLICK_STATE_CLOSED)
        case .running: return Int32(INPUTCLICK_STATE_RUNNING)
        case .lingering: return Int32(INPUTCLICK_STATE_LINGERING)
        case .waitingForDevice: return Int32(INPUTCLICK_STATE_WAITING_FOR_DEVICE)
        }
    }

    /// `nil` for a code the header does not define.
    init?(rawValue: Int32) {
        guard let state = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = state
    }

    /// `nil` once the player is shut down, which the C interface reports as a closed handle.
    init?(_ state: ClickPlayerState) {
        switch state {
        case .closed: self = .closed
        case .running: self = .running
        case .lingering: self = .lingering
        case .waitingForDevice: self = .waitingForDevice
        case .shutDown: return nil
        }
    }

    /// `inputclick_state_name`'s.
    var name: String {
        switch self {
        case .closed: return "closed"
        case .running: return "running"
        case .lingering: return "lingering"
        case .waitingForDevice: return "waiting-for-device"
        }
    }
}
