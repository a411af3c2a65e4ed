import Testing
@testable import KeyboardCore

@Suite("Text document proxy")
struct TextDocumentProxyTests {
    @Test("insertText and deleteBackward act on the first responder's text")
    func insertAndDelete() {
        let rig = Rig()
        let view = rig.textView("ab")
        view.becomeFirstResponder()
        let proxy = rig.host.textDocumentProxy
        #expect(proxy.insertText("c😀") == .changed)
        #expect(view.text == "abc😀")
        #expect(proxy.deleteBackward() == .changed)
        #expect(view.text == "abc")
        #expect(proxy.hasText)
    }

    @Test("the document context is the text before and after the caret")
    func documentContext() {
        let rig = Rig()
        let field = rig.field("hello world")
        field.becomeFirstResponder()
        field.selectedCharacterRange = 5..<5
        let proxy = rig.keyboard.textDocumentProxy
        #expect(proxy.documentContextBeforeInput == "hello")
        #expect(proxy.documentContextAfterInput == " world")
    }

    @Test("adjustTextPosition moves the caret by graphemes and clamps at the ends")
    func adjustTextPosition() {
        let rig = Rig()
        let field = rig.field("a🇫🇷中e\u{301}")
        field.becomeFirstResponder()
        let proxy = rig.host.textDocumentProxy
        proxy.adjustTextPosition(byCharacterOffset: -2)
        #expect(proxy.documentContextAfterInput == "中e\u{301}")
        proxy.adjustTextPosition(byCharacterOffset: 1)
        #expect(proxy.documentContextBeforeInput == "a🇫🇷中")
        proxy.adjustTextPosition(byCharacterOffset: -100)
        #expect(proxy.documentContextBeforeInput == "")
        proxy.adjustTextPosition(byCharacterOffset: 100)
        #expect(proxy.documentContextAfterInput == "")
        #expect(field.selectedCharacterRange == 4..<4)
    }

    @Test("adjustTextPosition collapses a selection, counting from its end")
    func adjustCollapsesSelection() {
        let rig = Rig()
        let field = rig.field("abcdef")
        field.becomeFirstResponder()
        field.selectedCharacterRange = 1..<4
        rig.host.textDocumentProxy.adjustTextPosition(byCharacterOffset: -1)
        #expect(field.selectedCharacterRange == 3..<3)
    }

    @Test("without a text input the proxy reports it and changes nothing")
    func noTextInput() {
        let rig = Rig()
        let proxy = rig.host.textDocumentProxy
        #expect(proxy.insertText("x") == .noTextInput)
        #expect(proxy.deleteBackward() == .noTextInput)
        #expect(proxy.documentContextBeforeInput == nil)
        #expect(proxy.documentContextAfterInput == nil)
        #expect(!proxy.hasText)
        let picker = PickerResponder()
        picker.inputView = SilentInputView()
        rig.host.add(picker)
        picker.becomeFirstResponder()
        #expect(proxy.insertText("x") == .noTextInput)
    }
}
