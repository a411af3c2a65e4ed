/// The one always-opted-in input view, for whatever shows a keyboard of its own (the CLI, ``ClickSession``,
/// the benchmarks) and for tests. Each instance is a distinct view.
public final class OptedInInputView: InputViewAudioFeedback, Sendable {
    public init() {}

    public var enableInputClicksWhenVisible: Bool { true }
}
