/// A single-line text input, the counterpart of `UITextField`.
///
/// It holds real text with a caret and a selection (see ``TextInput``). Line
/// breaks in inserted text become spaces; the return key (`"\n"` on its own)
/// never inserts anything: it asks ``TextFieldDelegate/textFieldShouldReturn(_:)``
/// and reports ``TextEditOutcome/returnAction(_:accepted:)`` with the
/// ``TextInputTraits/returnKeyType``. The text, selection and caret code is
/// ``TextInputResponder``'s, shared with ``TextView``.
public final class TextField: TextInputResponder {
    /// Hooks that can veto focus, edits and return. Held weakly.
    public weak var delegate: (any TextFieldDelegate)?

    /// Creates a field with `text` (line breaks as spaces) and the caret at its end.
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
