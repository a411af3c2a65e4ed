/// Hooks a ``TextView`` calls around editing, the counterpart of `UITextViewDelegate`.
/// Every method defaults to allow, or do nothing.
public protocol TextViewDelegate: AnyObject {
    /// `false` refuses focus.
    func textViewShouldBeginEditing(_ textView: TextView) -> Bool
    func textViewDidBeginEditing(_ textView: TextView)
    func textViewDidEndEditing(_ textView: TextView)
    /// `text` is empty for a delete, `"\n"` for return; `false` vetoes the edit.
    func textView(_ textView: TextView, shouldChangeTextIn range: Range<String.Index>,
                  replacementText text: String) -> Bool
    func textViewDidChange(_ textView: TextView)
}

extension TextViewDelegate {
    public func textViewShouldBeginEditing(_ textView: TextView) -> Bool { true }
    public func textViewDidBeginEditing(_ textView: TextView) {}
    public func textViewDidEndEditing(_ textView: TextView) {}
    public func textView(_ textView: TextView, shouldChangeTextIn range: Range<String.Index>,
                         replacementText text: String) -> Bool { true }
    public func textViewDidChange(_ textView: TextView) {}
}
