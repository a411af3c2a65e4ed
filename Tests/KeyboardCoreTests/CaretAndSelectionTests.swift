import Testing
@testable import KeyboardCore

@Suite("Caret and selection")
struct CaretAndSelectionTests {
    @Test("new text puts the caret at the end")
    func caretStartsAtEnd() {
        let field = TextField(text: "héllo")
        #expect(field.selectedCharacterRange == 5..<5)
        field.text = "ab"
        #expect(field.selectedRange == field.text.endIndex..<field.text.endIndex)
    }

    @Test("typing replaces the selection and leaves the caret after the typed text")
    func typingReplacesSelection() throws {
        let rig = Rig()
        let field = rig.field("one two three")
        field.becomeFirstResponder()
        field.selectedCharacterRange = 4..<7
        try rig.type("xy")
        #expect(field.text == "one xy three")
        #expect(field.selectedCharacterRange == 6..<6)
        #expect(field.textBeforeSelection == "one xy")
        #expect(field.textAfterSelection == " three")
    }

    @Test("a combining mark typed after a letter merges into one grapheme with the caret after it")
    func combiningMarkMerges() {
        let view = TextView(text: "e")
        view.insertText("\u{301}")
        #expect(view.text.count == 1)
        #expect(view.selectedCharacterRange == 1..<1)
        view.insertText("x")
        #expect(view.text == "\u{E9}x")
    }

    @Test("a selection ending inside a grapheme is widened to it, and a caret inside one moves to its start")
    func selectionRoundsToGraphemes() {
        let field = TextField(text: "a👍🏽b")
        let thumbs = field.text.firstIndex(of: "👍🏽")!
        let inside = field.text.unicodeScalars.index(after: thumbs)
        field.selectedRange = field.text.startIndex..<inside
        #expect(field.selectedCharacterRange == 0..<2)
        field.selectedRange = inside..<inside
        #expect(field.selectedCharacterRange == 1..<1)
    }

    @Test("out-of-range character offsets are clamped to the text")
    func offsetsClamped() {
        let field = TextField(text: "abc")
        field.selectedCharacterRange = -5..<99
        #expect(field.selectedCharacterRange == 0..<3)
    }

    @Test("a text field turns line breaks into spaces")
    func fieldIsSingleLine() {
        let field = TextField(text: "a\nb")
        #expect(field.text == "a b")
        field.insertText("c\r\nd")
        #expect(field.text == "a bc d")
    }
}
