/// Text with a selection, kept on `Character` boundaries: the editing engine
/// that ``TextField`` and ``TextView`` share.
///
/// The selection is stored as `String.Index` values of the current text and
/// recomputed from UTF-8 offsets after every replacement, then rounded to a
/// `Character` boundary, because an edit can merge graphemes (a combining mark
/// typed after a letter) and so move boundaries.
struct EditableText {
    private(set) var text: String
    private(set) var selection: Range<String.Index>

    init(_ text: String = "") {
        self.text = text
        selection = text.endIndex..<text.endIndex
    }

    /// Replaces everything and puts the caret at the end.
    mutating func setText(_ newText: String) {
        text = newText
        selection = text.endIndex..<text.endIndex
    }

    /// Sets the selection, clamped to the text and rounded outwards to
    /// `Character` boundaries; a caret inside a grapheme moves to its start.
    mutating func select(_ range: Range<String.Index>) {
        let lower = boundary(atOrBefore: range.lowerBound)
        if range.isEmpty {
            selection = lower..<lower
            return
        }
        let upper = max(lower, boundary(atOrAfter: range.upperBound))
        selection = lower..<upper
    }

    /// The selection as `Character` offsets.
    var characterSelection: Range<Int> {
        let lower = text.distance(from: text.startIndex, to: selection.lowerBound)
        let upper = lower + text.distance(from: selection.lowerBound, to: selection.upperBound)
        return lower..<upper
    }

    /// Sets the selection from `Character` offsets, clamped to the text.
    mutating func selectCharacters(_ range: Range<Int>) {
        let count = text.count
        let lower = min(max(range.lowerBound, 0), count)
        let upper = min(max(range.upperBound, lower), count)
        let start = text.index(text.startIndex, offsetBy: lower)
        selection = start..<text.index(start, offsetBy: upper - lower)
    }

    /// The range ``deleteBackward`` would remove: the selection, or the
    /// `Character` before the caret; `nil` at the start of the text.
    var rangeToDeleteBackward: Range<String.Index>? {
        if !selection.isEmpty { return selection }
        guard selection.lowerBound > text.startIndex else { return nil }
        return text.index(before: selection.lowerBound)..<selection.lowerBound
    }

    /// Replaces `range` (on `Character` boundaries) with `string` and puts the
    /// caret after the inserted text.
    mutating func replace(_ range: Range<String.Index>, with string: String) {
        let caretUTF8 = text.utf8.distance(from: text.startIndex, to: range.lowerBound) + string.utf8.count
        text.replaceSubrange(range, with: string)
        let caret = boundary(atOrAfter: text.utf8.index(text.startIndex, offsetBy: caretUTF8))
        selection = caret..<caret
    }

    /// Moves the caret `offset` `Character`s from the end of the selection, clamped.
    mutating func moveCaret(byCharacterOffset offset: Int) {
        let end = characterSelection.upperBound
        let target = min(max(end + offset, 0), text.count)
        selectCharacters(target..<target)
    }

    /// The last `Character` boundary at or before `index` (clamped to the text).
    /// String's character view rounds a misaligned index down before stepping,
    /// so one step forward and one back lands on the boundary at or before it.
    private func boundary(atOrBefore index: String.Index) -> String.Index {
        if index >= text.endIndex { return text.endIndex }
        return text.index(before: text.index(after: index))
    }

    /// The first `Character` boundary at or after `index` (clamped to the text).
    private func boundary(atOrAfter index: String.Index) -> String.Index {
        if index >= text.endIndex { return text.endIndex }
        let next = text.index(after: index)
        let down = text.index(before: next)
        return down == index ? index : next
    }
}
