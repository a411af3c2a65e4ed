import Testing
@testable import KeyboardCore

@Suite("Grapheme-correct delete")
struct GraphemeDeleteTests {
    @Test("delete removes one whole grapheme", arguments: [
        ("ok👍🏽", "ok"),                 // emoji with a skin tone modifier
        ("hi👨‍👩‍👧‍👦", "hi"),          // a ZWJ family sequence
        ("go🇨🇳", "go"),                 // a flag: two regional indicators
        ("中文", "中"),                   // CJK
        ("cafe\u{301}", "caf"),           // e + combining acute accent
        ("a\u{65}\u{301}\u{323}", "a"),   // e with two combining marks
        ("한", ""),                       // a precomposed Hangul syllable
        ("\u{1100}\u{1161}\u{11A8}", ""), // the same syllable as conjoining jamo
        ("x\r\n", "x"),                   // CR LF is one grapheme
    ])
    func deleteRemovesWholeGrapheme(text: String, expected: String) throws {
        let rig = Rig()
        let view = rig.textView(text)
        view.becomeFirstResponder()
        let stroke = try rig.keyboard.touchDown(.delete, at: ms(100))
        #expect(view.text.unicodeScalars.elementsEqual(expected.unicodeScalars))
        #expect(stroke.edit == .changed)
        #expect(stroke.clickKind == .delete)
    }

    @Test("delete at the start of the text changes nothing but still clicks")
    func deleteAtStart() throws {
        let rig = Rig()
        let field = rig.field("abc")
        field.becomeFirstResponder()
        field.selectedCharacterRange = 0..<0
        let stroke = try rig.keyboard.touchDown(.delete, at: ms(100))
        #expect(stroke.edit == .unchanged)
        #expect(stroke.decision == .plays)
        #expect(field.text == "abc")
    }

    @Test("delete in the middle removes the grapheme before the caret")
    func deleteInMiddle() throws {
        let rig = Rig()
        let field = rig.field("a👍🏽b")
        field.becomeFirstResponder()
        field.selectedCharacterRange = 2..<2
        try rig.tap([.delete])
        #expect(field.text == "ab")
        #expect(field.selectedCharacterRange == 1..<1)
    }

    @Test("delete with a selection removes exactly the selection")
    func deleteSelection() throws {
        let rig = Rig()
        let field = rig.field("你好世界")
        field.becomeFirstResponder()
        field.selectedCharacterRange = 1..<3
        try rig.tap([.delete])
        #expect(field.text == "你界")
        #expect(field.selectedCharacterRange == 1..<1)
    }
}
