/// One timestamped step of a script for ``ScriptRunner``.
///
/// ```swift
/// let script: [ScriptEvent] = [
///     ScriptEvent(at: 0, .focus("name")),
///     ScriptEvent(milliseconds: 300, .tap(.character("h"))),
///     ScriptEvent(milliseconds: 600, .hold(.delete, duration: 1_000_000_000)),
///     ScriptEvent(milliseconds: 2000, .resign),
/// ]
/// ```
public struct ScriptEvent: Sendable, Hashable {
    public enum Action: Sendable, Hashable {
        /// Touch a demo keyboard key down and up.
        case tap(KeyRole)
        /// One touch-down; for delete, the auto-repeats (``KeyRepeatTiming``) before the release.
        case hold(KeyRole, duration: UInt64)
        case focus(String)
        case resign
        case reloadInputViews
    }

    /// Nanoseconds since the script's start.
    public var time: UInt64
    public var action: Action

    public init(at time: UInt64, _ action: Action) {
        self.time = time
        self.action = action
    }

    public init(milliseconds: UInt64, _ action: Action) {
        self.init(at: milliseconds &* 1_000_000, action)
    }
}
