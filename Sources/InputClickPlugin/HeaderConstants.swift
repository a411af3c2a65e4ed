import CInputClick
import InputClick

/// The numbers of the C interface, taken from `inputclick.h` through `CInputClick`: the
/// header is their one source. Each mapping is an exhaustive `switch`, so a new Swift
/// case does not build until its constant is appended to the header and named here.
enum HeaderConstants {
    /// `INPUTCLICK_PLAYS` and so on.
    static func code(for decision: ClickDecision) -> Int32 {
        switch decision {
        case .plays: return Int32(INPUTCLICK_PLAYS)
        case .clicksOff: return Int32(INPUTCLICK_CLICKS_OFF)
        case .silentProfile: return Int32(INPUTCLICK_SILENT_PROFILE)
        case .noVisibleInputView: return Int32(INPUTCLICK_NO_VISIBLE_INPUT_VIEW)
        case .notOptedIn: return Int32(INPUTCLICK_NOT_OPTED_IN)
        case .rateLimited: return Int32(INPUTCLICK_RATE_LIMITED)
        case .noOutput: return Int32(INPUTCLICK_NO_OUTPUT)
        case .queueFull: return Int32(INPUTCLICK_QUEUE_FULL)
        case .deviceLost: return Int32(INPUTCLICK_DEVICE_LOST)
        case .held: return Int32(INPUTCLICK_HELD)
        case .suspect: return Int32(INPUTCLICK_SUSPECT)
        }
    }

    /// `INPUTCLICK_KIND_KEY` and so on.
    static func code(for kind: ClickKind) -> Int32 {
        switch kind {
        case .key: return Int32(INPUTCLICK_KIND_KEY)
        case .delete: return Int32(INPUTCLICK_KIND_DELETE)
        case .modifier: return Int32(INPUTCLICK_KIND_MODIFIER)
        case .space: return Int32(INPUTCLICK_KIND_SPACE)
        case .return: return Int32(INPUTCLICK_KIND_RETURN)
        }
    }

    /// `INPUTCLICK_SCHEDULING_REWIND` and so on.
    static func code(for scheduling: ClickScheduling) -> Int32 {
        switch scheduling {
        case .rewind: return Int32(INPUTCLICK_SCHEDULING_REWIND)
        case .onDemand: return Int32(INPUTCLICK_SCHEDULING_ON_DEMAND)
        case .append: return Int32(INPUTCLICK_SCHEDULING_APPEND)
        }
    }

    /// `nil` for a value no `INPUTCLICK_KIND_*` has. A `switch`, not a search of `allCases`:
    /// `inputclick_play` calls it and must not allocate.
    static func kind(_ code: Int32) -> ClickKind? {
        switch code {
        case Int32(INPUTCLICK_KIND_KEY): return .key
        case Int32(INPUTCLICK_KIND_DELETE): return .delete
        case Int32(INPUTCLICK_KIND_MODIFIER): return .modifier
        case Int32(INPUTCLICK_KIND_SPACE): return .space
        case Int32(INPUTCLICK_KIND_RETURN): return .return
        default: return nil
        }
    }

    static let latencyProfileLow = Int32(INPUTCLICK_LATENCY_PROFILE_LOW)
    static let latencyProfileConservative = Int32(INPUTCLICK_LATENCY_PROFILE_CONSERVATIVE)

    /// `nil` for any other value.
    static func latencyProfile(_ code: Int32) -> LatencyProfile? {
        switch code {
        case latencyProfileLow: return .lowLatency
        case latencyProfileConservative: return .conservative
        default: return nil
        }
    }

    /// `nil` for any other value.
    static func serverLatency(_ code: Int32) -> ServerLatencyPolicy? {
        switch code {
        case Int32(INPUTCLICK_SERVER_LATENCY_LOWEST): return .lowest
        case Int32(INPUTCLICK_SERVER_LATENCY_BALANCED): return .balanced
        case Int32(INPUTCLICK_SERVER_LATENCY_ECONOMY): return .economy
        default: return nil
        }
    }

    /// `nil` for any other value.
    static func backend(_ code: Int32) -> BackendPreference? {
        switch code {
        case Int32(INPUTCLICK_BACKEND_AUTO): return .automatic
        case Int32(INPUTCLICK_BACKEND_ALSA): return .only(.alsa)
        case Int32(INPUTCLICK_BACKEND_PIPEWIRE): return .only(.pipewire)
        case Int32(INPUTCLICK_BACKEND_PULSEAUDIO): return .only(.pulseaudio)
        default: return nil
        }
    }

    static let measureCallToWrite = Int32(INPUTCLICK_MEASURE_CALL_TO_WRITE)
    static let measureCallToConverter = Int32(INPUTCLICK_MEASURE_CALL_TO_CONVERTER)

    enum Statistic {
        static let opens = Int32(INPUTCLICK_STAT_OPENS)
        static let faults = Int32(INPUTCLICK_STAT_FAULTS)
        static let underruns = Int32(INPUTCLICK_STAT_UNDERRUNS)
        static let suspends = Int32(INPUTCLICK_STAT_SUSPENDS)
        static let droppedClicks = Int32(INPUTCLICK_STAT_DROPPED_CLICKS)
        static let realtime = Int32(INPUTCLICK_STAT_REALTIME)
        static let scheduling = Int32(INPUTCLICK_STAT_SCHEDULING)
        static let queueFull = Int32(INPUTCLICK_STAT_QUEUE_FULL)
        static let held = Int32(INPUTCLICK_STAT_HELD)
        static let heldDropped = Int32(INPUTCLICK_STAT_HELD_DROPPED)
        static let lostWithDevice = Int32(INPUTCLICK_STAT_LOST_WITH_DEVICE)
        static let staleDropped = Int32(INPUTCLICK_STAT_STALE_DROPPED)
        static let abandonedCalls = Int32(INPUTCLICK_STAT_ABANDONED_CALLS)
        static let suspect = Int32(INPUTCLICK_STAT_SUSPECT)
    }

    /// Entry `i` is `name(value)` for the value whose code is `i`, `fallback` for a gap.
    static func table<Value>(_ values: [Value], code: (Value) -> Int32, name: (Value) -> String,
                             fallback: String) -> [StaticCString] {
        let codes = values.map(code)
        let count = Int((codes.max() ?? -1) + 1)
        return (0..<count).map { index in
            values.first { code($0) == Int32(index) }.map { StaticCString(name($0)) } ?? StaticCString(fallback)
        }
    }
}
