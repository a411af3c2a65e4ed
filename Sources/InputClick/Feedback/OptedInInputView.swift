/// An input view that opts in to clicks, as a keyboard does: the one
/// always-opted-in view, for whatever shows a keyboard of its own (the
/// CLI's commands, ``ClickSession``, the benchmarks) and for tests, instead
/// of a private copy in each.
///
/// Each instance is a distinct view, so a caller can show two, or hide one.
public final class OptedInInputView: InputViewAudioFeedback, Sendable {
    public init() {}

    /// `true`: this view wants input clicks while visible.
    public var enableInputClicksWhenVisible: Bool { true }
}
