import Testing
@testable import KeyboardCore

@Suite("Shift and caps lock")
struct ShiftTests {
    private func letterLabels(_ keyboard: DemoKeyboard) -> [String] {
        keyboard.layout.keys.filter { if case .character = $0 { return true } else { return false } }
            .map { keyboard.label(for: $0) }
    }

    @Test("shift changes the case of every letter key")
    func shiftChangesEveryLetterLabel() throws {
        let rig = Rig()
        rig.field().becomeFirstResponder()
        #expect(letterLabels(rig.keyboard).joined() == "qwertyuiopasdfghjklzxcvbnm")
        try rig.tap([.shift])
        #expect(letterLabels(rig.keyboard).joined() == "QWERTYUIOPASDFGHJKLZXCVBNM")
        #expect(rig.keyboard.label(for: .shift) == "SHIFT")
    }

    @Test("one shift tap capitalizes one letter, then letters are lowercase again")
    func shiftIsOneShot() throws {
        let rig = Rig()
        let field = rig.field()
        field.becomeFirstResponder()
        try rig.tap([.shift, .character("h"), .character("i")])
        #expect(field.text == "Hi")
        #expect(rig.keyboard.state.shift == .off)
    }

    @Test("a second shift tap turns shift off again when it comes slowly")
    func slowSecondTapTurnsShiftOff() throws {
        let rig = Rig()
        let field = rig.field()
        field.becomeFirstResponder()
        try rig.keyboard.touchDown(.shift, at: ms(1000))
        try rig.keyboard.touchDown(.shift, at: ms(1400))
        #expect(rig.keyboard.state.shift == .off)
        try rig.keyboard.touchDown(.character("a"), at: ms(1600))
        #expect(field.text == "a")
    }

    @Test("a double tap sets caps lock, which stays on until shift is tapped")
    func doubleTapSetsCapsLock() throws {
        let rig = Rig()
        let field = rig.field()
        field.becomeFirstResponder()
        try rig.keyboard.touchDown(.shift, at: ms(1000))
        try rig.keyboard.touchDown(.shift, at: ms(1200))
        #expect(rig.keyboard.state.shift == .locked)
        #expect(rig.keyboard.label(for: .shift) == "CAPS")
        try rig.tap([.character("o"), .character("k"), .space, .character("g"), .character("o")], from: ms(2000))
        #expect(field.text == "OK GO")
        #expect(rig.keyboard.state.shift == .locked)
        try rig.keyboard.touchDown(.shift, at: ms(5000))
        try rig.keyboard.touchDown(.character("x"), at: ms(5500))
        #expect(field.text == "OK GOx")
    }

    @Test("a key between two shift taps prevents caps lock")
    func keyBetweenTapsIsNoDoubleTap() throws {
        let rig = Rig()
        let field = rig.field()
        field.becomeFirstResponder()
        try rig.keyboard.touchDown(.shift, at: ms(1000))
        try rig.keyboard.touchDown(.character("a"), at: ms(1100))
        try rig.keyboard.touchDown(.shift, at: ms(1200))
        #expect(rig.keyboard.state.shift == .on)
        try rig.keyboard.touchDown(.character("b"), at: ms(1300))
        try rig.keyboard.touchDown(.character("c"), at: ms(1400))
        #expect(field.text == "ABc")
    }

    @Test("shift leaves digits and symbols alone")
    func shiftLeavesSymbols() throws {
        let rig = Rig()
        let field = rig.field(traits: TextInputTraits(keyboardType: .emailAddress, autocapitalizationType: .none))
        field.becomeFirstResponder()
        try rig.tap([.shift, .character("@")])
        #expect(field.text == "@")
    }
}
