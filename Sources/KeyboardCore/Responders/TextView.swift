/// A multi-line text input, the counterpart of `UITextView`: return inserts a line break
/// whatever its label; the delegate can veto it like any edit.
public final class TextView: TextInputResponder {
    /// Held weakly.
    public weak var delegate: (any TextViewDelegate)?

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
