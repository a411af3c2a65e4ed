import Testing
@testable import KeyboardCore

@Suite("Input view geometry")
struct InputViewGeometryTests {
    @Test("an input view takes the host's width whatever it asks for, and its own height when fixed")
    func fixedHeightInputView() {
        let rig = Rig(bounds: Rect(x: 0, y: 0, width: 768, height: 1024), keyboardHeight: 264)
        let picker = PickerResponder()
        let view = SilentInputView(height: 180)
        picker.inputView = view
        rig.host.add(picker)
        picker.becomeFirstResponder()
        #expect(view.frame == Rect(x: 0, y: 1024 - 180, width: 768, height: 180))
    }

    @Test("a flexible-height input view gets the keyboard's height")
    func flexibleHeightInputView() {
        let rig = Rig(bounds: Rect(x: 0, y: 0, width: 768, height: 1024), keyboardHeight: 264)
        let picker = PickerResponder()
        let view = SilentInputView(height: 10, flexible: true)
        picker.inputView = view
        rig.host.add(picker)
        picker.becomeFirstResponder()
        #expect(view.frame == Rect(x: 0, y: 1024 - 264, width: 768, height: 264))
    }

    @Test("the demo keyboard is flexible and fills the keyboard height; the accessory sits directly above it")
    func accessorySitsAboveKeyboard() {
        let rig = Rig(keyboardHeight: 250)
        let field = rig.field()
        let accessory = ClickingAccessoryView(height: 44)
        field.inputAccessoryView = accessory
        field.becomeFirstResponder()
        #expect(rig.keyboard.frame == Rect(x: 0, y: 417, width: 375, height: 250))
        #expect(accessory.frame == Rect(x: 0, y: 373, width: 375, height: 44))
        #expect(accessory.frame.maxY == rig.keyboard.frame.minY)
        #expect(rig.host.visibleViews.map(\.name) == ["demo keyboard", "clicking accessory"])
    }

    @Test("an accessory view alone sits on the bottom edge")
    func accessoryAlone() {
        let rig = Rig()
        let control = PickerResponder()
        let accessory = ClickingAccessoryView(height: 60)
        control.inputAccessoryView = accessory
        rig.host.add(control)
        control.becomeFirstResponder()
        #expect(accessory.frame == Rect(x: 0, y: 607, width: 375, height: 60))
        #expect(rig.host.visibleInputView == nil)
    }

    @Test("views leaving the screen get an empty frame")
    func hiddenViewsHaveZeroFrames() {
        let rig = Rig()
        let field = rig.field()
        let accessory = ClickingAccessoryView()
        field.inputAccessoryView = accessory
        field.becomeFirstResponder()
        field.resignFirstResponder()
        #expect(accessory.frame == .zero)
        #expect(rig.keyboard.frame == .zero)
        #expect(rig.host.visibleViews.isEmpty)
    }
}
