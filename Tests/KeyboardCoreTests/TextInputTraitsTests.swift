import InputClick
import Testing
@testable import KeyboardCore

@Suite("Text input traits")
struct TextInputTraitsTests {
    @Test("the return key type sets the return key's label", arguments: [
        (ReturnKeyType.default, "return"), (.go, "Go"), (.search, "Search"), (.send, "Send"), (.done, "Done"),
    ])
    func returnKeyLabel(type: ReturnKeyType, label: String) {
        let rig = Rig()
        rig.field(traits: TextInputTraits(returnKeyType: type)).becomeFirstResponder()
        #expect(rig.keyboard.label(for: .return) == label)
    }

    @Test("return in a field performs the return key type's action and types nothing", arguments: ReturnKeyType.allCases)
    func returnActionInField(type: ReturnKeyType) throws {
        let rig = Rig()
        let field = rig.field("query", traits: TextInputTraits(returnKeyType: type))
        field.becomeFirstResponder()
        let stroke = try rig.keyboard.touchDown(.return, at: ms(100))
        #expect(stroke.edit == .returnAction(type, accepted: true))
        #expect(field.text == "query")
    }

    @Test("return in a text view types a line break whatever the label")
    func returnInTextViewTypesNewline() throws {
        let rig = Rig()
        let view = rig.textView("line", traits: TextInputTraits(returnKeyType: .send))
        view.becomeFirstResponder()
        try rig.tap([.return])
        #expect(view.text == "line\n")
    }

    @Test("the autocorrection flag is carried to the keyboard and reported; secure entry turns it off")
    func autocorrectionFlagCarried() {
        let rig = Rig()
        rig.field(traits: TextInputTraits(autocorrectionType: .no)).becomeFirstResponder()
        #expect(rig.keyboard.textInputTraits?.autocorrectionType == .no)
        #expect(rig.keyboard.textInputTraits?.isAutocorrectionEnabled == false)
        rig.field(traits: TextInputTraits(autocorrectionType: .yes)).becomeFirstResponder()
        #expect(rig.keyboard.textInputTraits?.isAutocorrectionEnabled == true)
        #expect(rig.host.textDocumentProxy.textInputTraits?.autocorrectionType == .yes)
        rig.field(traits: TextInputTraits(autocorrectionType: .yes, isSecureTextEntry: true)).becomeFirstResponder()
        #expect(rig.keyboard.textInputTraits?.isAutocorrectionEnabled == false)
    }

    @Test("secure text entry follows the first responder into the gate")
    func secureEntryFollowsFirstResponder() {
        let rig = Rig()
        let password = rig.field(traits: TextInputTraits(isSecureTextEntry: true))
        let name = rig.field()
        password.becomeFirstResponder()
        #expect(rig.gate.soundKind(for: .delete) == .key)
        name.becomeFirstResponder()
        #expect(rig.gate.soundKind(for: .delete) == .delete)
        name.traits.isSecureTextEntry = true
        name.reloadInputViews()
        #expect(rig.gate.soundKind(for: .space) == .key)
        name.resignFirstResponder()
        #expect(rig.gate.soundKind(for: .space) == .space)
    }

    @Test("changed traits of a focused input take effect at reloadInputViews")
    func traitsApplyOnReload() {
        let rig = Rig()
        let field = rig.field()
        field.becomeFirstResponder()
        field.traits.keyboardType = .URL
        #expect(rig.keyboard.state.keyboardType == .default)
        field.reloadInputViews()
        #expect(rig.keyboard.state.keyboardType == .URL)
        #expect(rig.keyboard.layout.contains(.character(".com")))
    }
}
