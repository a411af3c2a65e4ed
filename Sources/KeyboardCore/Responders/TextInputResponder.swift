/// The editing code ``TextField`` and ``TextView`` share, and the edit flow around their
/// delegates: ask, respect a veto, re-read the text, tell the host, then the delegate.
/// Subclasses (only in this module) say how they differ and which delegate method answers.
public class TextInputResponder: Responder, TextInput {
    /// Reload input views after changing it while focused.
    public var traits: TextInputTraits
    private var storage: EditableText

    /// `text` after ``normalized(_:)``, the caret at its end.
    init(text: String, traits: TextInputTraits) {
        self.traits = traits
        storage = EditableText()
        super.init()
        storage.setText(normalized(text))
    }

    /// Setting it puts the caret at the end and normalizes it as insertion does (a field
    /// turns line breaks into spaces).
    public var text: String {
        get { storage.text }
        set {
            host?.thread.check()
            storage.setText(normalized(newValue))
            host?.textInputDidChange(self)
        }
    }

    public var selectedRange: Range<String.Index> {
        get { storage.selection }
        set {
            host?.thread.check()
            storage.select(newValue)
            host?.textInputDidChange(self)
        }
    }

    public var selectedCharacterRange: Range<Int> {
        get { storage.characterSelection }
        set {
            host?.thread.check()
            storage.selectCharacters(newValue)
            host?.textInputDidChange(self)
        }
    }

    public var hasText: Bool { !storage.text.isEmpty }
    public var textBeforeSelection: Substring { storage.text[..<storage.selection.lowerBound] }
    public var textAfterSelection: Substring { storage.text[storage.selection.upperBound...] }

    /// What return does depends on the subclass (see ``TextField`` and ``TextView``).
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

    /// The text itself by default.
    func normalized(_ string: String) -> String { string }

    /// When `string` is the return key and the input handles it itself; `nil` (insert it) by default.
    func returnOutcome(for string: String) -> TextEditOutcome? { nil }

    /// `replacement` is empty for a delete.
    func delegateAllowsChange(in range: Range<String.Index>, replacement: String) -> Bool { true }

    func delegateNoteChange() {}
}
