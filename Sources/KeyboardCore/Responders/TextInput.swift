/// A responder that edits text: ``TextField`` and ``TextView``.
///
/// Positions are grapheme clusters: `String.Index` values that fall on
/// `Character` boundaries, or `Character` offsets. Deleting backwards removes
/// one whole `Character`: an emoji with its skin tone or ZWJ sequence, a flag,
/// a CJK character, a letter with its combining marks.
///
/// Edits made through ``insertText(_:)`` and ``deleteBackward()`` (the
/// keyboard's edits) ask the delegate first; setting ``text`` does not.
public protocol TextInput: Responder {
    /// The whole text. Setting it puts the caret at the end and asks no delegate.
    var text: String { get set }
    /// The selection, an empty range for a caret. Setting it clamps it to the
    /// text and widens it to whole `Character`s; a caret inside a `Character`
    /// moves to its start.
    var selectedRange: Range<String.Index> { get set }
    /// The selection as `Character` offsets.
    var selectedCharacterRange: Range<Int> { get set }
    /// How the keyboard should behave for this input.
    var traits: TextInputTraits { get set }
    /// Whether there is any text.
    var hasText: Bool { get }
    var textBeforeSelection: Substring { get }
    var textAfterSelection: Substring { get }

    /// Replaces the selection with `string` and puts the caret after it, if
    /// the delegate agrees. A lone `"\n"` is the return key.
    @discardableResult func insertText(_ string: String) -> TextEditOutcome

    /// Deletes the selection, or the one `Character` before the caret, if the
    /// delegate agrees.
    @discardableResult func deleteBackward() -> TextEditOutcome

    /// Moves the caret by `offset` `Character`s from the end of the selection,
    /// collapsing it, and clamps it to the text.
    func adjustTextPosition(byCharacterOffset offset: Int)
}
