import InputClick

/// Stands for one visible input view or input accessory view of a C host,
/// answering ``InputViewAudioFeedback/enableInputClicksWhenVisible`` with the
/// flag the host passed to `inputclick_set_visible_views`.
///
/// The gate reads the flag when visibility is reported and keeps no
/// reference to the views, so two shared instances serve every host.
final class InputViewProxy: InputViewAudioFeedback, Sendable {
    /// The host's answer.
    let enableInputClicksWhenVisible: Bool

    private init(enableInputClicksWhenVisible: Bool) {
        self.enableInputClicksWhenVisible = enableInputClicksWhenVisible
    }

    /// A view that opts in to clicks.
    static let optedIn = InputViewProxy(enableInputClicksWhenVisible: true)
    /// A view that does not.
    static let notOptedIn = InputViewProxy(enableInputClicksWhenVisible: false)
}
