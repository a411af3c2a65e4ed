import Testing
@testable import KeyboardCore

@Suite("Content adjustment for the keyboard")
struct ContentAdjustmentTests {
    let scrollFrame = Rect(x: 0, y: 0, width: 375, height: 667)
    let keyboardFrame = Rect(x: 0, y: 451, width: 375, height: 216)

    @Test("the bottom inset is the part of the scroll view the keyboard covers")
    func bottomInsetIsCoveredHeight() {
        let fix = KeyboardContentAdjustment(keyboardFrame: keyboardFrame, scrollViewFrame: scrollFrame,
                                            contentOffsetY: 0, focusedFrame: Rect(x: 20, y: 100, width: 300, height: 40))
        #expect(fix.bottomInset == 216)
        #expect(fix.contentOffsetY == 0, "the field is already visible above the keyboard")
    }

    @Test("a field behind the keyboard is scrolled just above it, with the margin")
    func hiddenFieldScrollsIntoView() {
        let fix = KeyboardContentAdjustment(keyboardFrame: keyboardFrame, scrollViewFrame: scrollFrame,
                                            contentOffsetY: 0, focusedFrame: Rect(x: 20, y: 600, width: 300, height: 40))
        #expect(fix.contentOffsetY == 640 + 8 - 451)
    }

    @Test("a field above the visible area scrolls down to its top")
    func fieldAboveScrollsToTop() {
        let fix = KeyboardContentAdjustment(keyboardFrame: keyboardFrame, scrollViewFrame: scrollFrame,
                                            contentOffsetY: 500, focusedFrame: Rect(x: 20, y: 300, width: 300, height: 40))
        #expect(fix.contentOffsetY == 292)
    }

    @Test("a keyboard off screen (the did-hide end frame) gives no inset")
    func offscreenKeyboardGivesNoInset() {
        let fix = KeyboardContentAdjustment(keyboardFrame: keyboardFrame.offsetBy(dy: 216), scrollViewFrame: scrollFrame,
                                            contentOffsetY: 120, focusedFrame: Rect(x: 20, y: 200, width: 300, height: 40))
        #expect(fix.bottomInset == 0)
        #expect(fix.contentOffsetY == 120)
    }

    @Test("a scroll view that ends above the keyboard's top is not inset")
    func shortScrollViewNotInset() {
        let fix = KeyboardContentAdjustment(keyboardFrame: keyboardFrame, scrollViewFrame: Rect(x: 0, y: 0, width: 375, height: 300),
                                            contentOffsetY: 0, focusedFrame: Rect(x: 0, y: 10, width: 100, height: 20))
        #expect(fix.bottomInset == 0)
    }

    @Test("the recipe works from a real did-show notification")
    func worksFromNotification() throws {
        let rig = Rig()
        let frames = LockedBox<[Rect]>([])
        rig.host.notificationCenter.addObserver(for: [.didShow]) { note in frames.mutate { $0.append(note.frameEnd) } }
        let field = rig.field()
        field.becomeFirstResponder()
        let end = try #require(frames.value.first)
        let fix = KeyboardContentAdjustment(keyboardFrame: end, scrollViewFrame: scrollFrame, contentOffsetY: 0,
                                            focusedFrame: Rect(x: 0, y: 500, width: 375, height: 44))
        #expect(fix.bottomInset == 216)
        #expect(fix.contentOffsetY == 544 + 8 - 451)
    }
}
