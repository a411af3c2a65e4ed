/// The keyboard's handle on the text being edited, the counterpart of
/// `UITextDocumentProxy`: it acts on the host's first responder when that is
/// a ``TextInput``, and does nothing otherwise.
public final class TextDocumentProxy {
    weak var host: KeyboardHost?

    init() {}

    private var input: (any TextInput)? {
        host?.thread.check()
        return host?.firstResponder as? any TextInput
    }

    /// Inserts `text` at the caret, replacing the selection; `"\n"` is the
    /// return key. The input's delegate may veto it.
    @discardableResult
    public func insertText(_ text: String) -> TextEditOutcome {
        input?.insertText(text) ?? .noTextInput
    }

    /// Deletes the selection, or the one grapheme before the caret.
    @discardableResult
    public func deleteBackward() -> TextEditOutcome {
        input?.deleteBackward() ?? .noTextInput
    }

    /// The text before the caret (the whole of it), or `nil` without a text input.
    public var documentContextBeforeInput: String? { input.map { String($0.textBeforeSelection) } }

    /// The text after the caret (the whole of it), or `nil` without a text input.
    public var documentContextAfterInput: String? { input.map { String($0.textAfterSelection) } }

    /// Moves the caret by `offset` graphemes from the end of the selection,
    /// clamped to the text.
    public func adjustTextPosition(byCharacterOffset offset: Int) {
        input?.adjustTextPosition(byCharacterOffset: offset)
    }

    /// Whether the text input has any text; `false` without one.
    public var hasText: Bool { input?.hasText ?? false }

    /// The text input's traits, or `nil` without a text input.
    public var textInputTraits: TextInputTraits? { input?.traits }
}
