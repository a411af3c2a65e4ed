/// What a script did: the text, the notifications posted, every key stroke
/// with the gate's decision, and the clicks that played.
///
/// All times are nanoseconds since the script's start.
public struct ScriptResult: Sendable, Hashable {
    /// A keyboard notification and when it was posted.
    public struct TimedNotification: Sendable, Hashable {
        /// Nanoseconds since the script's start.
        public var time: UInt64
        public var notification: KeyboardNotification
    }

    /// The text of the text input that was focused last (by the script, or
    /// before it); the alphabetically first named text input's if none was.
    public var text: String
    /// The text of every named text input, by name.
    public var texts: [String: String]
    /// The notifications, in the order they were posted.
    public var notifications: [TimedNotification]
    /// Every touch-down and auto-repeat, in order, with the gate's decision.
    public var strokes: [KeyStroke]

    /// The clicks that played: the strokes the gate let through, with the
    /// sound it played.
    public var clicks: [TimedClick] {
        strokes.filter { $0.decision == .plays }.map { TimedClick(time: $0.time, kind: $0.soundKind) }
    }

    /// Just the notification names, in order; handy in tests.
    public var notificationNames: [KeyboardNotification.Name] { notifications.map(\.notification.name) }
}
