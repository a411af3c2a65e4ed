/// Hooks a ``TextField`` calls around editing, the counterpart of `UITextFieldDelegate`.
/// Every method defaults to allow, or do nothing.
public protocol TextFieldDelegate: AnyObject {
    /// `false` refuses focus.
    func textFieldShouldBeginEditing(_ textField: TextField) -> Bool
    func textFieldDidBeginEditing(_ textField: TextField)
    func textFieldDidEndEditing(_ textField: TextField)
    /// `string` is empty for a delete; `false` vetoes the edit.
    func textField(_ textField: TextField, shouldChangeCharactersIn range: Range<String.Index>,
                   replacementString string: String) -> Bool
    /// The answer is reported as ``TextEditOutcome/returnAction(_:accepted:)``. To dismiss
    /// the keyboard, call ``Responder/resignFirstResponder()`` here.
    func textFieldShouldReturn(_ textField: TextField) -> Bool
}

extension TextFieldDelegate {
    public func textFieldShouldBeginEditing(_ textField: TextField) -> Bool { true }
    public func textFieldDidBeginEditing(_ textField: TextField) {}
    public func textFieldDidEndEditing(_ textField: TextField) {}
    public func textField(_ textField: TextField, shouldChangeCharactersIn range: Range<String.Index>,
                          replacementString string: String) -> Bool { true }
    public func textFieldShouldReturn(_ textField: TextField) -> Bool { true }
}
