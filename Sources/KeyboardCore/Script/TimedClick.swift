import InputClick

/// A click that played during a script, `time` nanoseconds after its start: the core's
/// ``ClickTimeline/Entry``, so `ClickTimeline(result.clicks)` renders a script offline.
public typealias TimedClick = ClickTimeline.Entry
