import Testing
@testable import KeyboardCore

@Suite("Delegate vetoes")
struct DelegateVetoTests {
    final class DigitsOnly: TextFieldDelegate {
        var asked: [String] = []
        func textField(_ textField: TextField, shouldChangeCharactersIn range: Range<String.Index>,
                       replacementString string: String) -> Bool {
            asked.append(string)
            return string.allSatisfy(\.isNumber)
        }
    }

    final class ReturnGuard: TextFieldDelegate {
        var allow = false
        var returns = 0
        func textFieldShouldReturn(_ textField: TextField) -> Bool {
            returns += 1
            if allow { textField.resignFirstResponder() }
            return allow
        }
    }

    @Test("should-change-characters vetoes an insertion and lets others through")
    func vetoInsertion() throws {
        let rig = Rig()
        let field = rig.field()
        let delegate = DigitsOnly()
        field.delegate = delegate
        field.becomeFirstResponder()
        let strokes = try rig.tap([.character("a"), .page(.numbers), .character("4"), .character("-")])
        #expect(field.text == "4")
        #expect(strokes.compactMap(\.edit) == [.vetoed, .changed, .vetoed])
        #expect(delegate.asked == ["a", "4", "-"])
    }

    @Test("should-change-characters sees the deleted range and can veto a delete")
    func vetoDelete() throws {
        final class KeepPrefix: TextFieldDelegate {
            func textField(_ textField: TextField, shouldChangeCharactersIn range: Range<String.Index>,
                           replacementString string: String) -> Bool {
                textField.text.distance(from: textField.text.startIndex, to: range.lowerBound) >= 3
            }
        }
        let rig = Rig()
        let field = rig.field("abcd")
        let delegate = KeepPrefix()
        field.delegate = delegate
        field.becomeFirstResponder()
        let strokes = try rig.tap([.delete, .delete])
        #expect(field.text == "abc")
        #expect(strokes.compactMap(\.edit) == [.changed, .vetoed])
    }

    @Test("should-return decides the return action, and a delegate that accepts can dismiss the keyboard")
    func shouldReturn() throws {
        let rig = Rig()
        let field = rig.field("x", traits: TextInputTraits(returnKeyType: .done))
        let delegate = ReturnGuard()
        field.delegate = delegate
        field.becomeFirstResponder()
        let refused = try rig.keyboard.touchDown(.return, at: ms(100))
        #expect(refused.edit == .returnAction(.done, accepted: false))
        #expect(rig.host.isKeyboardVisible)
        delegate.allow = true
        let accepted = try rig.keyboard.touchDown(.return, at: ms(400))
        #expect(accepted.edit == .returnAction(.done, accepted: true))
        #expect(!rig.host.isKeyboardVisible)
        #expect(delegate.returns == 2)
        #expect(field.text == "x")
    }

    @Test("should-begin-editing can refuse focus, so no keyboard shows")
    func shouldBeginEditingRefuses() {
        final class Locked: TextFieldDelegate {
            func textFieldShouldBeginEditing(_ textField: TextField) -> Bool { false }
        }
        let rig = Rig()
        let field = rig.field()
        let delegate = Locked()
        field.delegate = delegate
        #expect(!field.becomeFirstResponder())
        #expect(!rig.host.isKeyboardVisible)
    }

    @Test("a text view's delegate can veto a line break")
    func textViewVetoesNewline() throws {
        final class OneLine: TextViewDelegate {
            var changes = 0
            func textView(_ textView: TextView, shouldChangeTextIn range: Range<String.Index>,
                          replacementText text: String) -> Bool { text != "\n" }
            func textViewDidChange(_ textView: TextView) { changes += 1 }
        }
        let rig = Rig()
        let view = rig.textView()
        let delegate = OneLine()
        view.delegate = delegate
        view.becomeFirstResponder()
        let strokes = try rig.tap([.character("a"), .return, .character("b")])
        #expect(view.text == "ab")
        #expect(strokes.compactMap(\.edit) == [.changed, .vetoed, .changed])
        #expect(delegate.changes == 2)
    }

    @Test("setting the text directly asks no delegate")
    func programmaticTextBypassesDelegate() {
        let field = TextField()
        let delegate = DigitsOnly()
        field.delegate = delegate
        field.text = "letters"
        #expect(field.text == "letters")
        #expect(delegate.asked.isEmpty)
    }
}
