/// A single-line text input, the counterpart of `UITextField`.
///
/// It holds real text with a caret and a selection (see ``TextInput``). Line
/// breaks in inserted text become spaces; the return key (`"\n"` on its own)
/// never inserts anything: it asks ``TextFieldDelegate/textFieldShouldReturn(_:)``
/// and reports ``TextEditOutcome/returnAction(_:accepted:)`` with the
/// ``TextInputTraits/returnKeyType``.
///
/// Thread context: confined to the host's thread.
public final class TextField: Responder, TextInput {
    /// Hooks that can veto focus, edits and return. Held weakly.
    public weak var delegate: (any TextFieldDelegate)?
    /// How the keyboard behaves for this field; reload input views after changing it while focused.
    public var traits: TextInputTraits
    private var storage: EditableText

    /// Creates a field with `text` and the caret at its end.
    ///
    /// Thread context: any thread; use it afterwards on the host's thread.
    public init(text: String = "", traits: TextInputTraits = TextInputTraits()) {
        self.traits = traits
        storage = EditableText(Self.singleLine(text))
        super.init()
    }

    /// The text; setting it puts the caret at the end, turns line breaks into
    /// spaces and asks no delegate.
    public var text: String {
        get { storage.text }
        set {
            storage.setText(Self.singleLine(newValue))
            host?.textInputDidChange(self)
        }
    }

    /// The selection on `Character` boundaries; an empty range is the caret.
    public var selectedRange: Range<String.Index> {
        get { storage.selection }
        set {
            storage.select(newValue)
            host?.textInputDidChange(self)
        }
    }

    /// The selection as `Character` offsets, clamped to the text when set.
    public var selectedCharacterRange: Range<Int> {
        get { storage.characterSelection }
        set {
            storage.selectCharacters(newValue)
            host?.textInputDidChange(self)
        }
    }

    /// Whether there is any text.
    public var hasText: Bool { !storage.text.isEmpty }
    /// The text before the selection.
    public var textBeforeSelection: Substring { storage.text[..<storage.selection.lowerBound] }
    /// The text after the selection.
    public var textAfterSelection: Substring { storage.text[storage.selection.upperBound...] }

    /// Replaces the selection with `string` if the delegate agrees; a lone
    /// `"\n"` performs the return action instead.
    ///
    /// Thread context: the host's thread.
    @discardableResult
    public func insertText(_ string: String) -> TextEditOutcome {
        if string == "\n" || string == "\r\n" || string == "\r" {
            let accepted = delegate?.textFieldShouldReturn(self) ?? true
            return .returnAction(traits.returnKeyType, accepted: accepted)
        }
        let replacement = Self.singleLine(string)
        if replacement.isEmpty && storage.selection.isEmpty { return .unchanged }
        guard delegate?.textField(self, shouldChangeCharactersIn: storage.selection,
                                  replacementString: replacement) ?? true else { return .vetoed }
        storage.replace(storage.selection, with: replacement)
        host?.textInputDidChange(self)
        return .changed
    }

    /// Deletes the selection or the `Character` before the caret if the delegate agrees.
    ///
    /// Thread context: the host's thread.
    @discardableResult
    public func deleteBackward() -> TextEditOutcome {
        guard let range = storage.rangeToDeleteBackward else { return .unchanged }
        guard delegate?.textField(self, shouldChangeCharactersIn: range, replacementString: "") ?? true else {
            return .vetoed
        }
        // The delegate may have edited the text; delete what is before the caret now.
        guard let current = storage.rangeToDeleteBackward else { return .unchanged }
        storage.replace(current, with: "")
        host?.textInputDidChange(self)
        return .changed
    }

    /// Moves the caret by `offset` `Character`s from the end of the selection, clamped.
    ///
    /// Thread context: the host's thread.
    public func adjustTextPosition(byCharacterOffset offset: Int) {
        storage.moveCaret(byCharacterOffset: offset)
        host?.textInputDidChange(self)
    }

    override func shouldBeginEditing() -> Bool { delegate?.textFieldShouldBeginEditing(self) ?? true }
    override func didBecomeFirstResponder() { delegate?.textFieldDidBeginEditing(self) }
    override func didResignFirstResponder() { delegate?.textFieldDidEndEditing(self) }

    private static func singleLine(_ string: String) -> String {
        guard string.contains(where: \.isNewline) else { return string }
        return String(string.map { $0.isNewline ? " " : $0 })
    }
}
