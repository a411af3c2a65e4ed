/// How a stream schedules clicks: the mode in force for one open stream,
/// chosen from what the device can do (`doctor`, the statistics and the C
/// API report it).
///
/// - ``rewind``: the stream stops while silent and a tap starts it. While
///   audio is queued (a click's tail, host streams), the buffer is kept deep
///   and a new click is written just ahead of the device's read position by
///   rewinding the queued audio and rendering it again, exactly as if the
///   click had been there all along. For devices whose rewind is real:
///   sound cards, `dmix`, `jack`, `pipewire`, and `plug`, `route`,
///   `softvol`, format conversions and `file` over those.
/// - ``onDemand``: the stream stops while silent and a tap starts it; while
///   audio is queued, a new click is appended after it. For devices whose
///   rewind is fake: `null`, and any chain not known to rewind truly.
/// - ``append``: the stream runs without pause while open and keeps its
///   buffer full; every click is appended. For `pulse`, whose plugin has
///   sent audio to the server at once (no rewind) and loses clicks when its
///   stream stops and starts per click; else only on request
///   (``OutputStreamRequest/scheduling``), and the test doubles' mode.
public enum ClickScheduling: UInt8, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Start on demand; insert by rewind while audio is queued.
    case rewind = 0
    /// Start on demand; append while audio is queued.
    case onDemand = 1
    /// Always running; append.
    case append = 2

    /// `rewind`, `on-demand` or `append`.
    public var description: String {
        switch self {
        case .rewind: return "rewind"
        case .onDemand: return "on-demand"
        case .append: return "append"
        }
    }
}

/// Which scheduling a stream may use: the best the device allows, or the
/// always-running ``ClickScheduling/append`` whatever the device.
public enum SchedulingPreference: Sendable, Hashable, CustomStringConvertible {
    /// ``ClickScheduling/rewind`` where the device's rewind is real,
    /// ``ClickScheduling/append`` on `pulse`, else
    /// ``ClickScheduling/onDemand``. The default.
    case automatic
    /// ``ClickScheduling/onDemand`` even where rewind would work.
    case onDemand
    /// ``ClickScheduling/append``: the stream never stops while open.
    case append

    /// `auto`, `on-demand` or `append`.
    public var description: String {
        switch self {
        case .automatic: return "auto"
        case .onDemand: return "on-demand"
        case .append: return "append"
        }
    }
}

extension SchedulingPreference {
    /// Reads `auto`, `on-demand` or `append` (the spelling of
    /// ``description``); `nil` for anything else.
    public init?(name: String) {
        switch name {
        case "auto": self = .automatic
        case "on-demand": self = .onDemand
        case "append": self = .append
        default: return nil
        }
    }
}
