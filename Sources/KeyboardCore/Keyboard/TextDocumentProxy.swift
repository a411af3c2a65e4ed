/// The keyboard's handle on the text, the counterpart of `UITextDocumentProxy`: acts on
/// the first responder when it is a ``TextInput``, otherwise does nothing.
public final class TextDocumentProxy {
    weak var host: KeyboardHost?

    init() {}

    private var input: (any TextInput)? {
        host?.thread.check()
        return host?.firstResponder as? any TextInput
    }

    /// Replaces the selection; `"\n"` is the return key; the delegate may veto it.
    @discardableResult
    public func insertText(_ text: String) -> TextEditOutcome {
        input?.insertText(text) ?? .noTextInput
    }

    @discardableResult
    public func deleteBackward() -> TextEditOutcome {
        input?.deleteBackward() ?? .noTextInput
    }

    /// All of it; `nil` without a text input.
    public var documentContextBeforeInput: String? { input.map { String($0.textBeforeSelection) } }

    /// All of it; `nil` without a text input.
    public var documentContextAfterInput: String? { input.map { String($0.textAfterSelection) } }

    /// From the end of the selection, clamped.
    public func adjustTextPosition(byCharacterOffset offset: Int) {
        input?.adjustTextPosition(byCharacterOffset: offset)
    }

    public var hasText: Bool { input?.hasText ?? false }

    public var textInputTraits: TextInputTraits? { input?.traits }
}
