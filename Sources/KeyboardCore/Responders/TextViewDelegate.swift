/// Hooks a ``TextView`` calls around editing, the counterpart of
/// `UITextViewDelegate`. Every method has a default: allow, or do nothing.
///
/// Thread context: called on the host's thread, during the edit.
public protocol TextViewDelegate: AnyObject {
    /// Asked before the view becomes first responder; `false` refuses focus.
    func textViewShouldBeginEditing(_ textView: TextView) -> Bool
    /// Told after the view became first responder.
    func textViewDidBeginEditing(_ textView: TextView)
    /// Told after the view stopped being first responder.
    func textViewDidEndEditing(_ textView: TextView)
    /// Asked before the keyboard replaces `range` with `text` (empty for a
    /// delete, `"\n"` for return); `false` vetoes the edit.
    func textView(_ textView: TextView, shouldChangeTextIn range: Range<String.Index>,
                  replacementText text: String) -> Bool
    /// Told after the keyboard changed the text.
    func textViewDidChange(_ textView: TextView)
}

extension TextViewDelegate {
    /// Allows focus.
    public func textViewShouldBeginEditing(_ textView: TextView) -> Bool { true }
    /// Does nothing.
    public func textViewDidBeginEditing(_ textView: TextView) {}
    /// Does nothing.
    public func textViewDidEndEditing(_ textView: TextView) {}
    /// Allows the edit.
    public func textView(_ textView: TextView, shouldChangeTextIn range: Range<String.Index>,
                         replacementText text: String) -> Bool { true }
    /// Does nothing.
    public func textViewDidChange(_ textView: TextView) {}
}
