import InputClick
import Testing
@testable import KeyboardCore

@Suite("The next key")
struct NextKeyboardTests {
    @Test("next advances to the host's next enabled keyboard in place, and wraps around")
    func nextAdvancesAndWraps() throws {
        let rig = Rig()
        let other = SilentInputView(height: 216, flexible: true)
        rig.host.addKeyboard(other)
        let field = rig.field()
        field.becomeFirstResponder()
        let recorder = NotificationRecorder(rig.host.notificationCenter)
        let stroke = try rig.keyboard.touchDown(.nextKeyboard, at: ms(100))
        #expect(stroke.clickKind == .modifier)
        #expect(stroke.decision == .plays, "the click happens on touch-down, before the switch")
        #expect(rig.host.currentKeyboard === other)
        #expect(rig.host.visibleInputView === other)
        #expect(recorder.notes.isEmpty, "same height: swapped without notifications")
        #expect(rig.gate.decision(for: .key) == .notOptedIn, "the gate sees the new keyboard")
        rig.host.advanceToNextInputMode()
        #expect(rig.host.visibleInputView === rig.keyboard)
        #expect(rig.gate.decision(for: .key) == .plays)
    }

    @Test("with only the demo keyboard enabled, next keeps it")
    func nextWithOneKeyboard() throws {
        let rig = Rig()
        rig.field().becomeFirstResponder()
        try rig.tap([.nextKeyboard])
        #expect(rig.host.visibleInputView === rig.keyboard)
        rig.host.addKeyboard(rig.keyboard)
        #expect(rig.host.enabledKeyboards.count == 1)
    }

    @Test("a keyboard of another height posts will-show and did-show with the new frame")
    func differentHeightPostsShow() throws {
        let rig = Rig()
        rig.host.addKeyboard(SilentInputView(height: 300))
        rig.field().becomeFirstResponder()
        let recorder = NotificationRecorder(rig.host.notificationCenter)
        try rig.tap([.nextKeyboard])
        #expect(recorder.names == [.willShow, .didShow])
        #expect(recorder.notes.last?.frameEnd == Rect(x: 0, y: 367, width: 375, height: 300))
    }
}
