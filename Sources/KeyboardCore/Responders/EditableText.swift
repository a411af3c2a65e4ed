/// Text with a selection on `Character` boundaries, shared by ``TextField`` and
/// ``TextView``. The selection is recomputed from UTF-8 offsets after each replacement,
/// since an edit can merge graphemes (a combining mark after a letter).
struct EditableText {
    private(set) var text: String
    private(set) var selection: Range<String.Index>

    init(_ text: String = "") {
        self.text = text
        selection = text.endIndex..<text.endIndex
    }

    mutating func setText(_ newText: String) {
        text = newText
        selection = text.endIndex..<text.endIndex
    }

    /// Clamped and rounded outwards to `Character` boundaries; a caret inside one moves to its start.
    mutating func select(_ range: Range<String.Index>) {
        let lower = boundary(atOrBefore: range.lowerBound)
        if range.isEmpty {
            selection = lower..<lower
            return
        }
        let upper = max(lower, boundary(atOrAfter: range.upperBound))
        selection = lower..<upper
    }

    var characterSelection: Range<Int> {
        let lower = text.distance(from: text.startIndex, to: selection.lowerBound)
        let upper = lower + text.distance(from: selection.lowerBound, to: selection.upperBound)
        return lower..<upper
    }

    /// Clamped to the text.
    mutating func selectCharacters(_ range: Range<Int>) {
        let count = text.count
        let lower = min(max(range.lowerBound, 0), count)
        let upper = min(max(range.upperBound, lower), count)
        let start = text.index(text.startIndex, offsetBy: lower)
        selection = start..<text.index(start, offsetBy: upper - lower)
    }

    /// The selection, or the `Character` before the caret; `nil` at the start.
    var rangeToDeleteBackward: Range<String.Index>? {
        if !selection.isEmpty { return selection }
        guard selection.lowerBound > text.startIndex else { return nil }
        return text.index(before: selection.lowerBound)..<selection.lowerBound
    }

    /// The caret goes after the inserted text.
    mutating func replace(_ range: Range<String.Index>, with string: String) {
        let caretUTF8 = text.utf8.distance(from: text.startIndex, to: range.lowerBound) + string.utf8.count
        text.replaceSubrange(range, with: string)
        let caret = boundary(atOrAfter: text.utf8.index(text.startIndex, offsetBy: caretUTF8))
        selection = caret..<caret
    }

    /// From the end of the selection, clamped.
    mutating func moveCaret(byCharacterOffset offset: Int) {
        let end = characterSelection.upperBound
        let target = min(max(end + offset, 0), text.count)
        selectCharacters(target..<target)
    }

    /// Clamped. Stepping forward then back lands on the boundary at or before `index`, as
    /// the character view rounds a misaligned index down first.
    private func boundary(atOrBefore index: String.Index) -> String.Index {
        if index >= text.endIndex { return text.endIndex }
        return text.index(before: text.index(after: index))
    }

    /// Clamped to the text.
    private func boundary(atOrAfter index: String.Index) -> String.Index {
        if index >= text.endIndex { return text.endIndex }
        let next = text.index(after: index)
        let down = text.index(before: next)
        return down == index ? index : next
    }
}
