/// A multi-line text input, the counterpart of `UITextView`.
///
/// It holds real text with a caret and a selection (see ``TextInput``). The
/// return key inserts a line break, whatever the
/// ``TextInputTraits/returnKeyType`` label, as `UITextView` does; the delegate
/// can veto it like any other edit. The text, selection and caret code is
/// ``TextInputResponder``'s, shared with ``TextField``.
public final class TextView: TextInputResponder {
    /// Hooks that can veto focus and edits. Held weakly.
    public weak var delegate: (any TextViewDelegate)?

    /// Creates a text view with `text` and the caret at its end.
    public override init(text: String = "", traits: TextInputTraits = TextInputTraits()) {
        super.init(text: text, traits: traits)
    }

    override func delegateAllowsChange(in range: Range<String.Index>, replacement: String) -> Bool {
        delegate?.textView(self, shouldChangeTextIn: range, replacementText: replacement) ?? true
    }

    override func delegateNoteChange() { delegate?.textViewDidChange(self) }

    override func shouldBeginEditing() -> Bool { delegate?.textViewShouldBeginEditing(self) ?? true }
    override func didBecomeFirstResponder() { delegate?.textViewDidBeginEditing(self) }
    override func didResignFirstResponder() { delegate?.textViewDidEndEditing(self) }
}
