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
    /// What happens.
    public enum Action: Sendable, Hashable {
        /// Touch a key of the demo keyboard down (and up).
        case tap(KeyRole)
        /// Hold a key down for `duration` nanoseconds: one touch-down, then for
        /// delete the auto-repeats (``KeyRepeatTiming``) that fall before the release.
        case hold(KeyRole, duration: UInt64)
        /// Make the named responder first responder.
        case focus(String)
        /// Make the first responder resign, hiding the keyboard.
        case resign
        /// Make the first responder reload its input views.
        case reloadInputViews
    }

    /// Nanoseconds since the script's start.
    public var time: UInt64
    /// What happens.
    public var action: Action

    /// An event at `time` nanoseconds.
    public init(at time: UInt64, _ action: Action) {
        self.time = time
        self.action = action
    }

    /// An event at `milliseconds` milliseconds.
    public init(milliseconds: UInt64, _ action: Action) {
        self.init(at: milliseconds &* 1_000_000, action)
    }
}
