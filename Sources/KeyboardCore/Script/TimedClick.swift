import InputClick

/// A click that played during a script, at its time on the script's timeline.
///
/// A player schedules these: `time` nanoseconds after the script's start,
/// play the ``kind`` sound.
///
/// Thread context: a plain value; use it from any thread.
public struct TimedClick: Sendable, Hashable {
    /// Nanoseconds since the script's start.
    public var time: UInt64
    /// The sound that played (``ClickKind/key`` for every tap in secure text entry).
    public var kind: ClickKind

    /// Creates a timed click.
    ///
    /// Thread context: any thread.
    public init(time: UInt64, kind: ClickKind) {
        self.time = time
        self.kind = kind
    }
}
