/// How one open stream schedules clicks, chosen from what the device can do (`doctor`, the statistics and
/// the C API report it).
public enum ClickScheduling: UInt8, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Start on demand; while audio is queued, write a click just ahead of the read position by rewinding and
    /// rendering again. For devices whose rewind is real: sound cards, `dmix`, `jack`, `pipewire`, and `plug`,
    /// `route`, `softvol`, conversions and `file` over those.
    case rewind = 0
    /// Start on demand; append while audio is queued. For devices whose rewind is fake (`null`, unknown chains).
    case onDemand = 1
    /// Always running, buffer full; append. For `pulse` (which sends audio to the server at once and loses
    /// clicks when its stream stops and starts per click), on request, and the test doubles.
    case append = 2

    public var description: String {
        switch self {
        case .rewind: return "rewind"
        case .onDemand: return "on-demand"
        case .append: return "append"
        }
    }
}

/// Which scheduling a stream may use: the best the device allows, or always ``ClickScheduling/append``.
public enum SchedulingPreference: Sendable, Hashable, CustomStringConvertible {
    /// The default: ``ClickScheduling/rewind`` where the rewind is real, ``ClickScheduling/append`` on `pulse`,
    /// else ``ClickScheduling/onDemand``.
    case automatic
    /// ``ClickScheduling/onDemand`` even where rewind would work.
    case onDemand
    case append

    public var description: String {
        switch self {
        case .automatic: return "auto"
        case .onDemand: return "on-demand"
        case .append: return "append"
        }
    }
}

extension SchedulingPreference {
    /// Reads the spelling of ``description``; `nil` for anything else.
    public init?(name: String) {
        switch name {
        case "auto": self = .automatic
        case "on-demand": self = .onDemand
        case "append": self = .append
        default: return nil
        }
    }
}
