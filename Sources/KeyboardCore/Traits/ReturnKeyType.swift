/// What the return key says and does, the counterpart of `UIReturnKeyType`.
///
/// In a ``TextField`` the return key never inserts a line break: it asks the
/// delegate (``TextFieldDelegate/textFieldShouldReturn(_:)``) and reports
/// the action (``TextEditOutcome/returnAction(_:accepted:)``) so that the app
/// can go, search, send or finish. In a ``TextView`` it inserts a line break,
/// as `UITextView` does, whatever the label.
public enum ReturnKeyType: String, Sendable, Hashable, CaseIterable {
    /// Labelled `return`.
    case `default`
    /// Labelled `Go`.
    case go
    /// Labelled `Search`.
    case search
    /// Labelled `Send`.
    case send
    /// Labelled `Done`.
    case done

    public var label: String {
        switch self {
        case .default: return "return"
        case .go: return "Go"
        case .search: return "Search"
        case .send: return "Send"
        case .done: return "Done"
        }
    }
}
