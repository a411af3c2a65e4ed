/// Hooks a ``TextField`` calls around editing, the counterpart of
/// `UITextFieldDelegate`. Every method has a default: allow, or do nothing.
///
/// Thread context: called on the host's thread, during the edit.
public protocol TextFieldDelegate: AnyObject {
    /// Asked before the field becomes first responder; `false` refuses focus.
    ///
    /// Thread context: called on the host's thread, during the edit.
    func textFieldShouldBeginEditing(_ textField: TextField) -> Bool
    /// Told after the field became first responder.
    ///
    /// Thread context: called on the host's thread, during the edit.
    func textFieldDidBeginEditing(_ textField: TextField)
    /// Told after the field stopped being first responder.
    ///
    /// Thread context: called on the host's thread, during the edit.
    func textFieldDidEndEditing(_ textField: TextField)
    /// Asked before the keyboard replaces `range` with `string` (empty for a
    /// delete); `false` vetoes the edit.
    ///
    /// Thread context: called on the host's thread, during the edit.
    func textField(_ textField: TextField, shouldChangeCharactersIn range: Range<String.Index>,
                   replacementString string: String) -> Bool
    /// Asked when the return key is tapped; the answer is reported as
    /// ``TextEditOutcome/returnAction(_:accepted:)``. A delegate that wants the
    /// keyboard gone calls ``Responder/resignFirstResponder()`` here.
    ///
    /// Thread context: called on the host's thread, during the edit.
    func textFieldShouldReturn(_ textField: TextField) -> Bool
}

extension TextFieldDelegate {
    /// Allows focus.
    ///
    /// Thread context: the host's thread.
    public func textFieldShouldBeginEditing(_ textField: TextField) -> Bool { true }
    /// Does nothing.
    ///
    /// Thread context: the host's thread.
    public func textFieldDidBeginEditing(_ textField: TextField) {}
    /// Does nothing.
    ///
    /// Thread context: the host's thread.
    public func textFieldDidEndEditing(_ textField: TextField) {}
    /// Allows the edit.
    ///
    /// Thread context: the host's thread.
    public func textField(_ textField: TextField, shouldChangeCharactersIn range: Range<String.Index>,
                          replacementString string: String) -> Bool { true }
    /// Accepts the return.
    ///
    /// Thread context: the host's thread.
    public func textFieldShouldReturn(_ textField: TextField) -> Bool { true }
}
