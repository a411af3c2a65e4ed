/// What a script did. All times are nanoseconds since the script's start.
public struct ScriptResult: Sendable, Hashable {
    public struct TimedNotification: Sendable, Hashable {
        public var time: UInt64
        public var notification: KeyboardNotification
    }

    /// The text input focused last (by the script or before); else the alphabetically first.
    public var text: String
    /// By name.
    public var texts: [String: String]
    /// In the order posted.
    public var notifications: [TimedNotification]
    /// Every touch-down and auto-repeat, with the gate's decision.
    public var strokes: [KeyStroke]

    /// The strokes the gate let through, with the sound it played.
    public var clicks: [TimedClick] {
        strokes.filter { $0.decision == .plays }.map { TimedClick(time: $0.time, kind: $0.soundKind) }
    }

    /// Handy in tests.
    public var notificationNames: [KeyboardNotification.Name] { notifications.map(\.notification.name) }
}
