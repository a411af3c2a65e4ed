import Testing
@testable import KeyboardCore

@Suite("Text storage shared by fields and views")
struct SharedTextStorageTests {
    /// A field and a view with the same text, as the shared type.
    private func inputs(_ text: String) -> [TextInputResponder] {
        [TextField(text: text), TextView(text: text)]
    }

    @Test("a field and a view edit, select and move the caret alike, grapheme by grapheme")
    func sameEditing() {
        for input in inputs("ab👍🏽c") {
            input.selectedCharacterRange = 2..<3
            #expect(input.insertText("é") == .changed)
            #expect(input.text == "abéc")
            input.adjustTextPosition(byCharacterOffset: -2)
            #expect(input.selectedCharacterRange == 1..<1)
            #expect(input.deleteBackward() == .changed)
            #expect(input.text == "béc")
            #expect(input.textBeforeSelection == "" && input.textAfterSelection == "béc")
            #expect(input.deleteBackward() == .unchanged)
        }
    }

    @Test("only the field turns line breaks into spaces and keeps return for its action")
    func whereTheyDiffer() {
        let field = TextField(text: "a\nb")
        let view = TextView(text: "a\nb")
        #expect(field.text == "a b")
        #expect(view.text == "a\nb")
        #expect(field.insertText("\n") == .returnAction(.default, accepted: true))
        #expect(view.insertText("\n") == .changed)
        #expect(view.text == "a\nb\n")
    }
}
