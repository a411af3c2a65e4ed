/// A single-line text input, the counterpart of `UITextField`. Inserted line breaks
/// become spaces; return inserts nothing, but asks ``TextFieldDelegate/textFieldShouldReturn(_:)``
/// and reports ``TextEditOutcome/returnAction(_:accepted:)``.
public final class TextField: TextInputResponder {
    /// Held weakly.
    public weak var delegate: (any TextFieldDelegate)?

    /// Line breaks in `text` become spaces.
    public override init(text: String = "", traits: TextInputTraits = TextInputTraits()) {
        super.init(text: text, traits: traits)
    }

    override func normalized(_ string: String) -> String {
        guard string.contains(where: \.isNewline) else { return string }
        return String(string.map { $0.isNewline ? " " : $0 })
    }

    override func returnOutcome(for string: String) -> TextEditOutcome? {
        guard string == "\n" || string == "\r\n" || string == "\r" else { return nil }
        return .returnAction(traits.returnKeyType, accepted: delegate?.textFieldShouldReturn(self) ?? true)
    }

    override func delegateAllowsChange(in range: Range<String.Index>, replacement: String) -> Bool {
        delegate?.textField(self, shouldChangeCharactersIn: range, replacementString: replacement) ?? true
    }

    override func shouldBeginEditing() -> Bool { delegate?.textFieldShouldBeginEditing(self) ?? true }
    override func didBecomeFirstResponder() { delegate?.textFieldDidBeginEditing(self) }
    override func didResignFirstResponder() { delegate?.textFieldDidEndEditing(self) }
}
