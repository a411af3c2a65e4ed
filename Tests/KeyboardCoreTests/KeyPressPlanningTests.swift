import Testing
@testable import KeyboardCore

@Suite("Planning the taps for a physical key press")
struct KeyPressPlanningTests {
    @Test("in Chinese mode ? is the full-width ？ key on the symbols page, and ch/en is not tapped back")
    func chineseModeKeepsFullWidth() throws {
        var state = KeyboardState()
        state = state.applyingTap(.languageToggle)
        let keys = try #require(TypingPlanner.keys(forKeyPress: "?", from: state))
        #expect(!keys.contains(.languageToggle))
        var end = state
        for key in keys.dropLast() { end = end.applyingTap(key) }
        #expect(end.text(for: keys.last!) == "\u{FF1F}")
    }

    @Test("in English mode ? stays ASCII; typing planned text may still tap ch/en for a full-width character")
    func englishModeAndPlannedText() throws {
        let state = KeyboardState()
        let keys = try #require(TypingPlanner.keys(forKeyPress: "?", from: state))
        var end = state
        for key in keys.dropLast() { end = end.applyingTap(key) }
        #expect(end.text(for: keys.last!) == "?")
        #expect(TypingPlanner.keys(toType: "\u{FF1F}", from: state)?.contains(.languageToggle) == true)
    }

    @Test("a key the keyboard type lacks has no plan", arguments: [KeyboardType.numberPad, .decimalPad, .phonePad])
    func missingKeyHasNoPlan(type: KeyboardType) {
        #expect(TypingPlanner.keys(forKeyPress: "a", from: KeyboardState(keyboardType: type)) == nil)
    }
}
