/// Why a script could not run.
public enum ScriptError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A `focus` event names a responder the runner does not know.
    case unknownResponder(String, time: UInt64, known: [String])
    /// A `hold` lasts longer than ``ScriptRunner/longestHold``.
    case holdTooLong(KeyRole, duration: UInt64, time: UInt64)
    /// Not on the page shown at that moment; the events before it have run.
    case keyNotShown(KeyboardError, time: UInt64)

    public var description: String {
        switch self {
        case let .unknownResponder(name, time, known):
            let list = known.isEmpty ? "none" : known.map { "'\($0)'" }.joined(separator: ", ")
            return "event at \(Self.milliseconds(time)) focuses '\(name)', which is not a responder of this script (known: \(list))"
        case let .holdTooLong(key, duration, time):
            return "event at \(Self.milliseconds(time)) holds '\(key)' for \(Self.milliseconds(duration)), longer than the limit of \(Self.milliseconds(ScriptRunner.longestHold))"
        case let .keyNotShown(error, time):
            return "event at \(Self.milliseconds(time)): \(error)"
        }
    }

    private static func milliseconds(_ nanoseconds: UInt64) -> String {
        let whole = nanoseconds / 1_000_000, fraction = nanoseconds % 1_000_000
        return fraction == 0 ? "\(whole) ms" : "\(whole).\(String(fraction + 1_000_000).dropFirst()) ms"
    }
}
