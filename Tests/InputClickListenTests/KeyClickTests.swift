import InputClick
import InputClickListen
import Testing

@Suite struct KeyClickTests {
    @Test func backspaceAndDeleteMapToTheDeleteSound() {
        #expect(KeyClick(code: 14)?.kind == .delete)
        #expect(KeyClick(code: 111)?.kind == .delete)
    }

    @Test func modifiersSpaceAndEnterHaveTheirOwnSounds() {
        for code: UInt16 in [29, 42, 54, 56, 58, 97, 100, 125, 126] { #expect(KeyClick(code: code)?.kind == .modifier) }
        #expect(KeyClick(code: 57)?.kind == .space)
        #expect(KeyClick(code: 28)?.kind == .return)
        #expect(KeyClick(code: 96)?.kind == .return)
    }

    @Test func lettersDigitsAndOtherKeysPlayTheKeySound() {
        for code: UInt16 in [2, 16, 30, 44, 59, 103] { #expect(KeyClick(code: code)?.kind == .key) }
    }

    @Test func buttonsAndCodeZeroAreNotKeys() {
        #expect(KeyClick(code: 0) == nil)
        #expect(KeyClick(code: 0x110) == nil)   // BTN_LEFT
    }

    @Test func leftKeysPanLeftAndRightKeysPanRightWithinTheDocumentedAmount() {
        let q = KeyLayout.pan(code: 16), p = KeyLayout.pan(code: 25)
        let a = KeyLayout.pan(code: 30), l = KeyLayout.pan(code: 38)
        #expect(q < 0 && a < 0)
        #expect(p > 0 && l > 0)
        #expect(KeyLayout.pan(code: 57) == 0)          // space
        #expect(KeyLayout.pan(code: 59) == 0)          // F1: off the main block
        for code in UInt16(0)..<256 { #expect(abs(KeyLayout.pan(code: code)) <= KeyLayout.maximumPan) }
        #expect(KeyLayout.pan(code: 41) < KeyLayout.pan(code: 2))   // ` left of 1
    }

    @Test func releasesClickOnlyWithKeyUpAndAreMarkedAsReleases() {
        let action = KeyAction(time: 0, type: 1, code: 30, value: 0)!
        #expect(ListenClickRule().click(for: action) == nil)
        let click = ListenClickRule(keyUp: true).click(for: action)
        #expect(click?.kind == .key)
        #expect(click?.placement.isRelease == true)
        #expect(click?.placement.gainDecibels == 0)
    }

    @Test func panningIsOffUnlessAskedFor() {
        let action = KeyAction(time: 0, type: 1, code: 16, value: 1)!
        #expect(ListenClickRule().click(for: action)?.placement.pan == 0)
        #expect(ListenClickRule(panning: true).click(for: action)?.placement.pan == KeyLayout.pan(code: 16))
    }

    @Test func eventsOtherThanKeyTransitionsAreIgnored() {
        #expect(KeyAction(time: 0, type: 4, code: 4, value: 30) == nil)   // EV_MSC scan code
        #expect(KeyAction(time: 0, type: 0, code: 0, value: 0) == nil)   // SYN_REPORT
        #expect(KeyAction(time: 0, type: 1, code: 30, value: 7) == nil)
    }
}
