import InputClick
import Testing
@testable import KeyboardCore

@Suite("Focus changes and reloading input views")
struct FocusChangeTests {
    @Test("moving focus between two fields reroutes typing without a hide and a show")
    func focusChangeReroutesWithoutHideAndShow() throws {
        let rig = Rig()
        let first = rig.field(), second = rig.field()
        first.becomeFirstResponder()
        try rig.type("ab")
        let recorder = NotificationRecorder(rig.host.notificationCenter)
        #expect(second.becomeFirstResponder())
        #expect(!first.isFirstResponder)
        try rig.type("cd", from: ms(5000))
        #expect(first.text == "ab")
        #expect(second.text == "cd")
        #expect(recorder.notes.isEmpty)
        #expect(rig.host.isShowing(rig.keyboard))
        #expect(rig.gate.isClickEnabledInputViewVisible)
    }

    @Test("the begin and end editing hooks run in order across a focus change")
    func editingHooksRunInOrder() {
        final class Journal: TextFieldDelegate {
            var entries: [String] = []
            func textFieldDidBeginEditing(_ textField: TextField) { entries.append("begin") }
            func textFieldDidEndEditing(_ textField: TextField) { entries.append("end") }
        }
        let rig = Rig()
        let first = rig.field(), second = rig.field()
        let firstJournal = Journal(), secondJournal = Journal()
        first.delegate = firstJournal
        second.delegate = secondJournal
        first.becomeFirstResponder()
        second.becomeFirstResponder()
        second.resignFirstResponder()
        #expect(firstJournal.entries == ["begin", "end"])
        #expect(secondJournal.entries == ["begin", "end"])
    }

    @Test("focus moving to a field with another keyboard type switches the layout in place")
    func focusChangeSwitchesLayout() {
        let rig = Rig()
        let name = rig.field()
        let mail = rig.field(traits: TextInputTraits(keyboardType: .emailAddress))
        name.becomeFirstResponder()
        #expect(!rig.keyboard.layout.contains(.character("@")))
        mail.becomeFirstResponder()
        #expect(rig.keyboard.layout.contains(.character("@")))
        #expect(rig.keyboard.textInputTraits?.keyboardType == .emailAddress)
    }

    @Test("reloadInputViews swaps the keyboard for a custom input view in place and tells the gate")
    func reloadSwapsViewsInPlace() throws {
        let rig = Rig()
        let field = rig.field()
        field.becomeFirstResponder()
        #expect(rig.host.visibleInputView === rig.keyboard)
        let recorder = NotificationRecorder(rig.host.notificationCenter)
        let picker = SilentInputView(height: 216)
        field.inputView = picker
        #expect(rig.host.visibleInputView === rig.keyboard, "changes wait for reloadInputViews")
        field.reloadInputViews()
        #expect(rig.host.visibleInputView === picker)
        #expect(picker.frame == Rect(x: 0, y: 451, width: 375, height: 216))
        #expect(rig.keyboard.frame == .zero)
        #expect(recorder.notes.isEmpty, "same frame: swapped in place without notifications")
        #expect(rig.gate.decision(for: .key) == .notOptedIn)
        field.inputView = nil
        field.reloadInputViews()
        #expect(rig.host.visibleInputView === rig.keyboard)
        #expect(rig.gate.decision(for: .key) == .plays)
    }

    @Test("reloadInputViews on a responder that is not first responder changes nothing")
    func reloadOnOtherResponderDoesNothing() {
        let rig = Rig()
        let focused = rig.field(), other = rig.field()
        focused.becomeFirstResponder()
        other.inputView = SilentInputView()
        other.reloadInputViews()
        #expect(rig.host.visibleInputView === rig.keyboard)
    }

    @Test("a responder that refuses to resign keeps focus, and one that cannot become first responder is refused")
    func refusals() {
        final class Stubborn: Responder { override var canResignFirstResponder: Bool { false } }
        final class Inert: Responder { override var canBecomeFirstResponder: Bool { false } }
        let rig = Rig()
        let stubborn = Stubborn(), inert = Inert(), field = rig.field()
        rig.host.add(stubborn)
        rig.host.add(inert)
        #expect(!inert.becomeFirstResponder())
        #expect(stubborn.becomeFirstResponder())
        #expect(!field.becomeFirstResponder())
        #expect(!stubborn.resignFirstResponder())
        #expect(rig.host.firstResponder === stubborn)
        let loose = TextField()
        #expect(!loose.becomeFirstResponder(), "a responder without a host cannot become first responder")
    }
}
