/// A responder that edits text: ``TextField`` and ``TextView``. Positions are grapheme
/// clusters (`Character` boundaries or offsets). The keyboard's edits ask the delegate
/// first; setting ``text`` does not.
public protocol TextInput: Responder {
    /// Setting it puts the caret at the end.
    var text: String { get set }
    /// An empty range for a caret. Setting it clamps to the text and widens to whole `Character`s.
    var selectedRange: Range<String.Index> { get set }
    /// In `Character` offsets.
    var selectedCharacterRange: Range<Int> { get set }
    var traits: TextInputTraits { get set }
    var hasText: Bool { get }
    var textBeforeSelection: Substring { get }
    var textAfterSelection: Substring { get }

    /// Replaces the selection and puts the caret after it. A lone `"\n"` is the return key.
    @discardableResult func insertText(_ string: String) -> TextEditOutcome

    /// The selection, or the one `Character` before the caret.
    @discardableResult func deleteBackward() -> TextEditOutcome

    /// From the end of the selection, collapsing it; clamped to the text.
    func adjustTextPosition(byCharacterOffset offset: Int)
}
