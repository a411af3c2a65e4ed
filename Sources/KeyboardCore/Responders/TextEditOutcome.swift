/// What became of an edit asked of a ``TextInput`` (insert, delete, return).
public enum TextEditOutcome: Sendable, Hashable {
    /// The text or the selection changed.
    case changed
    /// The delegate refused the change; nothing changed.
    case vetoed
    /// There was nothing to do, for example delete with the caret at the start.
    case unchanged
    /// The return key of a ``TextField`` performed its action instead of
    /// inserting text; `accepted` is the delegate's answer to
    /// ``TextFieldDelegate/textFieldShouldReturn(_:)`` (`true` without a delegate).
    case returnAction(ReturnKeyType, accepted: Bool)
    /// No text input is first responder, so the edit went nowhere
    /// (``TextDocumentProxy`` only).
    case noTextInput
}
