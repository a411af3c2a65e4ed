import InputClick

/// An input view that opts in to clicks, as a keyboard does: the one test
/// view for gates, players and engines, instead of a copy in every test file.
///
/// Each instance is a distinct view, so a test can show two, or hide one.
///
/// Thread context: immutable; use it from any thread.
public final class OptedInInputView: InputViewAudioFeedback, Sendable {
    /// Creates a view.
    public init() {}

    /// `true`: this view wants input clicks while visible.
    public var enableInputClicksWhenVisible: Bool { true }
}
