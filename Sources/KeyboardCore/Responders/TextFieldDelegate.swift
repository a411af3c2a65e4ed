/// Hooks a ``TextField`` calls around editing, the counterpart of
/// `UITextFieldDelegate`. Every method has a default: allow, or do nothing.
///
/// Thread context: called on the host's thread, during the edit.
public protocol TextFieldDelegate: AnyObject {
    /// Asked before the field becomes first responder; `false` refuses focus.
    func textFieldShouldBeginEditing(_ textField: TextField) -> Bool
    /// Told after the field became first responder.
    func textFieldDidBeginEditing(_ textField: TextField)
    /// Told after the field stopped being first responder.
    func textFieldDidEndEditing(_ textField: TextField)
    /// Asked before the keyboard replaces `range` with `string` (empty for a
    /// delete); `false` vetoes the edit.
    func textField(_ textField: TextField, shouldChangeCharactersIn range: Range<String.Index>,
                   replacementString string: String) -> Bool
    /// Asked when the return key is tapped; the answer is reported as
    /// ``TextEditOutcome/returnAction(_:accepted:)``. A delegate that wants the
    /// keyboard gone calls ``Responder/resignFirstResponder()`` here.
    func textFieldShouldReturn(_ textField: TextField) -> Bool
}

extension TextFieldDelegate {
    /// Allows focus.
    public func textFieldShouldBeginEditing(_ textField: TextField) -> Bool { true }
    /// Does nothing.
    public func textFieldDidBeginEditing(_ textField: TextField) {}
    /// Does nothing.
    public func textFieldDidEndEditing(_ textField: TextField) {}
    /// Allows the edit.
    public func textField(_ textField: TextField, shouldChangeCharactersIn range: Range<String.Index>,
                          replacementString string: String) -> Bool { true }
    /// Accepts the return.
    public func textFieldShouldReturn(_ textField: TextField) -> Bool { true }
}
