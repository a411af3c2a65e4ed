/// The text, selection and caret code that ``TextField`` and ``TextView``
/// share, and the edit flow around their delegates: ask before an edit,
/// respect a veto, re-read the text after the delegate had its say, tell the
/// host, then the delegate.
///
/// Not subclassed outside this module: each subclass says only how it
/// differs (what it does to inserted text, what return does) and which
/// delegate method answers each question.
public class TextInputResponder: Responder, TextInput {
    /// How the keyboard behaves for this input; reload input views after changing it while focused.
    public var traits: TextInputTraits
    private var storage: EditableText

    /// Creates an input with `text` (after ``normalized(_:)``) and the caret at its end.
    init(text: String, traits: TextInputTraits) {
        self.traits = traits
        storage = EditableText()
        super.init()
        storage.setText(normalized(text))
    }

    /// The text; setting it puts the caret at the end, normalizes it as
    /// insertion does (a field turns line breaks into spaces) and asks no delegate.
    public var text: String {
        get { storage.text }
        set {
            host?.thread.check()
            storage.setText(normalized(newValue))
            host?.textInputDidChange(self)
        }
    }

    /// The selection on `Character` boundaries; an empty range is the caret.
    public var selectedRange: Range<String.Index> {
        get { storage.selection }
        set {
            host?.thread.check()
            storage.select(newValue)
            host?.textInputDidChange(self)
        }
    }

    /// The selection as `Character` offsets, clamped to the text when set.
    public var selectedCharacterRange: Range<Int> {
        get { storage.characterSelection }
        set {
            host?.thread.check()
            storage.selectCharacters(newValue)
            host?.textInputDidChange(self)
        }
    }

    /// Whether there is any text.
    public var hasText: Bool { !storage.text.isEmpty }
    public var textBeforeSelection: Substring { storage.text[..<storage.selection.lowerBound] }
    public var textAfterSelection: Substring { storage.text[storage.selection.upperBound...] }

    /// Replaces the selection with `string` if the delegate agrees; what
    /// return does depends on the subclass (see ``TextField`` and ``TextView``).
    @discardableResult
    public func insertText(_ string: String) -> TextEditOutcome {
        host?.thread.check()
        if let outcome = returnOutcome(for: string) { return outcome }
        let replacement = normalized(string)
        if replacement.isEmpty && storage.selection.isEmpty { return .unchanged }
        guard delegateAllowsChange(in: storage.selection, replacement: replacement) else { return .vetoed }
        storage.replace(storage.selection, with: replacement)
        didChangeText()
        return .changed
    }

    /// Deletes the selection or the `Character` before the caret if the delegate agrees.
    @discardableResult
    public func deleteBackward() -> TextEditOutcome {
        host?.thread.check()
        guard let range = storage.rangeToDeleteBackward else { return .unchanged }
        guard delegateAllowsChange(in: range, replacement: "") else { return .vetoed }
        // The delegate may have edited the text; delete what is before the caret now.
        guard let current = storage.rangeToDeleteBackward else { return .unchanged }
        storage.replace(current, with: "")
        didChangeText()
        return .changed
    }

    /// Moves the caret by `offset` `Character`s from the end of the selection, clamped.
    public func adjustTextPosition(byCharacterOffset offset: Int) {
        host?.thread.check()
        storage.moveCaret(byCharacterOffset: offset)
        host?.textInputDidChange(self)
    }

    private func didChangeText() {
        host?.textInputDidChange(self)
        delegateNoteChange()
    }

    // MARK: What subclasses say

    /// The text as this input holds it; the text itself by default.
    func normalized(_ string: String) -> String { string }

    /// The outcome when `string` is the return key and this input handles it
    /// itself instead of inserting it; `nil` (insert it) by default.
    func returnOutcome(for string: String) -> TextEditOutcome? { nil }

    /// Whether the delegate lets `range` become `replacement` (empty for a delete).
    func delegateAllowsChange(in range: Range<String.Index>, replacement: String) -> Bool { true }

    /// Tells the delegate the keyboard changed the text.
    func delegateNoteChange() {}
}
