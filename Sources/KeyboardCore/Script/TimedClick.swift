import InputClick

/// A click that played during a script, at its time on the script's
/// timeline: `time` nanoseconds after the script's start, play the `kind`
/// sound (``ClickKind/key`` for every tap in secure text entry).
///
/// It is the core's ``ClickTimeline/Entry``, so a script's clicks render
/// offline as they are: `ClickTimeline(result.clicks)`.
public typealias TimedClick = ClickTimeline.Entry
