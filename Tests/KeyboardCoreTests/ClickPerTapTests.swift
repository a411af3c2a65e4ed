import InputClick
import Testing
@testable import KeyboardCore

@Suite("One click per tap")
struct ClickPerTapTests {
    @Test("every key of the seed's keyboard clicks once on touch-down with its kind")
    func everyKeyClicksWithItsKind() throws {
        let rig = Rig()
        let view = rig.textView("start")
        view.becomeFirstResponder()
        let keys: [KeyRole] = [.character("q"), .shift, .character("z"), .delete, .space, .return,
                               .page(.numbers), .character("7"), .character("$"), .page(.symbols), .character("#"),
                               .page(.letters), .languageToggle, .languageToggle, .nextKeyboard]
        let expected: [ClickKind] = [.key, .modifier, .key, .delete, .space, .return,
                                     .modifier, .key, .key, .modifier, .key, .modifier, .modifier, .modifier, .modifier]
        let strokes = try rig.tap(keys)
        #expect(strokes.map(\.clickKind) == expected)
        #expect(strokes.allSatisfy { $0.decision == .plays })
        #expect(rig.sink.clicks.map(\.kind) == expected)
        #expect(rig.sink.clicks.map(\.requestedAt) == strokes.map(\.time))
    }

    @Test("the demo keyboard opts in to input clicks")
    func demoKeyboardOptsIn() {
        let rig = Rig()
        #expect(rig.keyboard.enableInputClicksWhenVisible)
        #expect((rig.keyboard as AnyObject as? any InputViewAudioFeedback)?.enableInputClicksWhenVisible == true)
    }

    @Test("no click while the keyboard is hidden")
    func noClickWhenHidden() throws {
        let rig = Rig()
        let field = rig.field()
        let before = try rig.tap([.character("a")])
        #expect(before.first?.decision == .noVisibleInputView)
        field.becomeFirstResponder()
        field.resignFirstResponder()
        let after = try rig.tap([.character("b"), .delete, .space])
        #expect(after.allSatisfy { $0.decision == .noVisibleInputView })
        #expect(rig.sink.clicks.isEmpty)
        #expect(field.text == "", "nothing is first responder, so nothing is typed")
    }

    @Test("no click when the visible input view has not opted in")
    func noClickWhenNotOptedIn() throws {
        let rig = Rig()
        let field = rig.field()
        field.inputView = SilentInputView(height: 216)
        field.becomeFirstResponder()
        let strokes = try rig.tap([.character("a"), .space])
        #expect(strokes.allSatisfy { $0.decision == .notOptedIn })
        #expect(rig.sink.clicks.isEmpty)
    }

    @Test("an opted-in accessory view above a silent input view makes taps click")
    func optedInAccessoryEnablesClicks() throws {
        let rig = Rig()
        let field = rig.field()
        field.inputView = SilentInputView()
        field.inputAccessoryView = ClickingAccessoryView()
        field.becomeFirstResponder()
        let strokes = try rig.tap([.character("a")])
        #expect(strokes.first?.decision == .plays)
        #expect(rig.sink.clicks.count == 1)
    }

    @Test("secure text entry plays the key sound for every key")
    func secureEntryPlaysKeyForEveryKey() throws {
        let rig = Rig()
        let password = rig.field(traits: TextInputTraits(autocapitalizationType: .none, isSecureTextEntry: true))
        password.becomeFirstResponder()
        let keys: [KeyRole] = [.character("p"), .delete, .shift, .space, .page(.numbers), .character("1"), .return,
                               .languageToggle]
        let strokes = try rig.tap(keys)
        #expect(strokes.map(\.clickKind) == [.key, .delete, .modifier, .space, .modifier, .key, .return, .modifier])
        #expect(strokes.allSatisfy { $0.soundKind == .key && $0.decision == .plays })
        #expect(rig.sink.clicks.map(\.kind) == Array(repeating: .key, count: keys.count))
    }

    @Test("clicks switched off in the settings: taps still type, the gate says why nothing played")
    func clicksOffStillTypes() throws {
        let rig = Rig()
        rig.gate.apply(ClickSettings(clicksEnabled: false))
        let field = rig.field()
        field.becomeFirstResponder()
        let strokes = try rig.type("ok")
        #expect(field.text == "ok")
        #expect(strokes.allSatisfy { $0.decision == .clicksOff })
        #expect(rig.sink.clicks.isEmpty)
    }

    @Test("a tap vetoed by the delegate still clicks, as the touch happened")
    func vetoedTapStillClicks() throws {
        final class NoEdits: TextFieldDelegate {
            func textField(_ textField: TextField, shouldChangeCharactersIn range: Range<String.Index>,
                           replacementString string: String) -> Bool { false }
        }
        let rig = Rig()
        let field = rig.field()
        let delegate = NoEdits()
        field.delegate = delegate
        field.becomeFirstResponder()
        let stroke = try #require(try rig.type("a").first)
        #expect(stroke.edit == .vetoed)
        #expect(stroke.decision == .plays)
    }
}
