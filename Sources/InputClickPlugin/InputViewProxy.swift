import InputClick

/// One visible view of a C host, answering ``InputViewAudioFeedback/enableInputClicksWhenVisible``
/// with the host's flag. The gate keeps no reference, so two shared instances serve all.
final class InputViewProxy: InputViewAudioFeedback, Sendable {
    let enableInputClicksWhenVisible: Bool

    private init(enableInputClicksWhenVisible: Bool) {
        self.enableInputClicksWhenVisible = enableInputClicksWhenVisible
    }

    static let optedIn = InputViewProxy(enableInputClicksWhenVisible: true)
    static let notOptedIn = InputViewProxy(enableInputClicksWhenVisible: false)
}
