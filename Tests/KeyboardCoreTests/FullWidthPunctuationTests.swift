import Testing
@testable import KeyboardCore

@Suite("Chinese punctuation mode")
struct FullWidthPunctuationTests {
    @Test("in Chinese mode the punctuation keys type full-width forms")
    func chineseModeTypesFullWidth() throws {
        let rig = Rig()
        let field = rig.field()
        field.becomeFirstResponder()
        try rig.tap([.languageToggle, .page(.numbers), .character(","), .character("."), .character("?"),
                     .character("!"), .character(":"), .character(";")])
        #expect(field.text == "，。？！：；")
        #expect(rig.keyboard.label(for: .character(",")) == "，")
        #expect(rig.keyboard.label(for: .languageToggle) == "中/en")
    }

    @Test("ch/en again returns to ASCII punctuation; letters and digits are unchanged in Chinese mode")
    func toggleBack() throws {
        let rig = Rig()
        let field = rig.field()
        field.becomeFirstResponder()
        try rig.tap([.languageToggle, .character("n"), .character("i"), .page(.numbers), .character("1"),
                     .character(","), .languageToggle, .character(",")])
        #expect(field.text == "ni1，,")
    }

    @Test("the mode is remembered, but only keyboards with the ch/en key apply it")
    func modeAppliesOnlyToDefaultType() throws {
        let rig = Rig()
        let chat = rig.field()
        let mail = rig.field(traits: TextInputTraits(keyboardType: .emailAddress, autocapitalizationType: .none))
        chat.becomeFirstResponder()
        try rig.tap([.languageToggle])
        mail.becomeFirstResponder()
        try rig.tap([.character(".")], from: ms(3000))
        #expect(mail.text == ".")
        chat.becomeFirstResponder()
        try rig.tap([.page(.numbers), .character(".")], from: ms(5000))
        #expect(chat.text == "。")
    }

    @Test("a full-width sentence end starts a new sentence for the automatic shift")
    func fullWidthSentenceEnd() throws {
        let rig = Rig()
        let view = rig.textView(traits: TextInputTraits(autocapitalizationType: .sentences))
        view.becomeFirstResponder()
        try rig.tap([.languageToggle, .shift, .character("o"), .character("k"), .page(.numbers), .character("."),
                     .space, .character("g")])
        #expect(view.text == "ok。 G")
    }
}
