import InputClick
import Testing
@testable import KeyboardCore

@Suite("Keyboard notifications")
struct KeyboardNotificationTests {
    @Test("becoming first responder posts will-show then did-show, from below the screen to the bottom edge")
    func showPostsWillThenDidWithFrames() {
        let rig = Rig()
        let recorder = NotificationRecorder(rig.host.notificationCenter)
        let field = rig.field()
        #expect(field.becomeFirstResponder())
        #expect(recorder.names == [.willShow, .didShow])
        let onScreen = Rect(x: 0, y: 667 - 216, width: 375, height: 216)
        let offScreen = Rect(x: 0, y: 667, width: 375, height: 216)
        for note in recorder.notes {
            #expect(note.frameBegin == offScreen)
            #expect(note.frameEnd == onScreen)
            #expect(note.animationDuration == 0.25)
        }
        #expect(rig.host.keyboardFrame == onScreen)
    }

    @Test("resigning posts will-hide then did-hide, from the bottom edge to below the screen")
    func hidePostsWillThenDidWithFrames() {
        let rig = Rig()
        let field = rig.field()
        field.becomeFirstResponder()
        let recorder = NotificationRecorder(rig.host.notificationCenter)
        #expect(field.resignFirstResponder())
        #expect(recorder.names == [.willHide, .didHide])
        for note in recorder.notes {
            #expect(note.frameBegin == Rect(x: 0, y: 451, width: 375, height: 216))
            #expect(note.frameEnd == Rect(x: 0, y: 667, width: 375, height: 216))
        }
        #expect(!rig.host.isKeyboardVisible)
        #expect(rig.host.keyboardFrame == nil)
    }

    @Test("the frames cover the accessory view as well as the keyboard")
    func framesIncludeAccessory() {
        let rig = Rig()
        let recorder = NotificationRecorder(rig.host.notificationCenter)
        let field = rig.field()
        field.inputAccessoryView = ClickingAccessoryView(height: 44)
        field.becomeFirstResponder()
        #expect(recorder.notes.last?.frameEnd == Rect(x: 0, y: 667 - 260, width: 375, height: 260))
    }

    @Test("the keyboard stays up while typing, return included: nothing hides it but resigning")
    func nothingDismissesTheKeyboardOnItsOwn() throws {
        let rig = Rig()
        let field = rig.field()
        field.becomeFirstResponder()
        let recorder = NotificationRecorder(rig.host.notificationCenter)
        try rig.type("hi")
        try rig.tap([.return, .page(.numbers), .space, .delete])
        #expect(recorder.notes.isEmpty)
        #expect(rig.host.isKeyboardVisible)
        field.resignFirstResponder()
        #expect(recorder.names == [.willHide, .didHide])
    }

    @Test("a full show-type-hide-show cycle posts four pairs in order, and a second resign posts nothing")
    func fullCycleOrder() {
        let rig = Rig()
        let recorder = NotificationRecorder(rig.host.notificationCenter)
        let field = rig.field()
        field.becomeFirstResponder()
        field.becomeFirstResponder()
        field.resignFirstResponder()
        field.resignFirstResponder()
        field.becomeFirstResponder()
        rig.host.resignFirstResponder()
        #expect(recorder.names == [.willShow, .didShow, .willHide, .didHide, .willShow, .didShow, .willHide, .didHide])
    }

    @Test("a custom input view posts the same notifications with its own height")
    func customInputViewPostsNotifications() {
        let rig = Rig()
        let recorder = NotificationRecorder(rig.host.notificationCenter)
        let picker = PickerResponder()
        picker.inputView = SilentInputView(height: 180)
        rig.host.add(picker)
        picker.becomeFirstResponder()
        #expect(recorder.names == [.willShow, .didShow])
        #expect(recorder.notes.last?.frameEnd == Rect(x: 0, y: 487, width: 375, height: 180))
    }

    @Test("a responder with nothing to show posts nothing, and taking focus from a field hides the keyboard")
    func responderWithoutViewsHides() {
        let rig = Rig()
        let field = rig.field()
        field.becomeFirstResponder()
        let recorder = NotificationRecorder(rig.host.notificationCenter)
        let plain = PickerResponder()
        rig.host.add(plain)
        #expect(plain.becomeFirstResponder())
        #expect(recorder.names == [.willHide, .didHide])
    }

    @Test("reloading with a taller accessory posts will-show and did-show from the old frame to the new")
    func reloadWithNewFramePostsShow() {
        let rig = Rig()
        let field = rig.field()
        field.becomeFirstResponder()
        let recorder = NotificationRecorder(rig.host.notificationCenter)
        field.inputAccessoryView = ClickingAccessoryView(height: 50)
        field.reloadInputViews()
        #expect(recorder.names == [.willShow, .didShow])
        #expect(recorder.notes.first?.frameBegin == Rect(x: 0, y: 451, width: 375, height: 216))
        #expect(recorder.notes.first?.frameEnd == Rect(x: 0, y: 401, width: 375, height: 266))
    }
}
