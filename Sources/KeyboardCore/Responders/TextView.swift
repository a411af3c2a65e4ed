/// A multi-line text input, the counterpart of `UITextView`.
///
/// It holds real text with a caret and a selection (see ``TextInput``). The
/// return key inserts a line break, whatever the
/// ``TextInputTraits/returnKeyType`` label, as `UITextView` does; the delegate
/// can veto it like any other edit.
///
/// Thread context: confined to the host's thread.
public final class TextView: Responder, TextInput {
    /// Hooks that can veto focus and edits. Held weakly.
    public weak var delegate: (any TextViewDelegate)?
    /// How the keyboard behaves for this view; reload input views after changing it while focused.
    public var traits: TextInputTraits
    private var storage: EditableText

    /// Creates a text view with `text` and the caret at its end.
    ///
    /// Thread context: any thread; use it afterwards on the host's thread.
    public init(text: String = "", traits: TextInputTraits = TextInputTraits()) {
        self.traits = traits
        storage = EditableText(text)
        super.init()
    }

    /// The text; setting it puts the caret at the end and asks no delegate.
    public var text: String {
        get { storage.text }
        set {
            storage.setText(newValue)
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

    /// Replaces the selection with `string` (a line break for return) if the delegate agrees.
    ///
    /// Thread context: the host's thread.
    @discardableResult
    public func insertText(_ string: String) -> TextEditOutcome {
        if string.isEmpty && storage.selection.isEmpty { return .unchanged }
        guard delegate?.textView(self, shouldChangeTextIn: storage.selection, replacementText: string) ?? true else {
            return .vetoed
        }
        storage.replace(storage.selection, with: string)
        host?.textInputDidChange(self)
        delegate?.textViewDidChange(self)
        return .changed
    }

    /// Deletes the selection or the `Character` before the caret if the delegate agrees.
    ///
    /// Thread context: the host's thread.
    @discardableResult
    public func deleteBackward() -> TextEditOutcome {
        guard let range = storage.rangeToDeleteBackward else { return .unchanged }
        guard delegate?.textView(self, shouldChangeTextIn: range, replacementText: "") ?? true else {
            return .vetoed
        }
        guard let current = storage.rangeToDeleteBackward else { return .unchanged }
        storage.replace(current, with: "")
        host?.textInputDidChange(self)
        delegate?.textViewDidChange(self)
        return .changed
    }

    /// Moves the caret by `offset` `Character`s from the end of the selection, clamped.
    ///
    /// Thread context: the host's thread.
    public func adjustTextPosition(byCharacterOffset offset: Int) {
        storage.moveCaret(byCharacterOffset: offset)
        host?.textInputDidChange(self)
    }

    override func shouldBeginEditing() -> Bool { delegate?.textViewShouldBeginEditing(self) ?? true }
    override func didBecomeFirstResponder() { delegate?.textViewDidBeginEditing(self) }
    override func didResignFirstResponder() { delegate?.textViewDidEndEditing(self) }
}
