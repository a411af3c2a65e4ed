import Testing
@testable import KeyboardCore

@Suite("Automatic shift from autocapitalization")
struct AutoShiftTests {
    @Test("the rule for each autocapitalization mode", arguments: [
        (AutocapitalizationType.none, "", false), (.none, "Hello. ", false),
        (.allCharacters, "", true), (.allCharacters, "abc", true),
        (.words, "", true), (.words, "one ", true), (.words, "one", false), (.words, "one\n", true),
        (.sentences, "", true), (.sentences, "Hi. ", true), (.sentences, "Hi.", false), (.sentences, "Hi, ", false),
        (.sentences, "Really?  ", true), (.sentences, "Wow! ", true), (.sentences, "line\n", true),
        (.sentences, "line\n  ", true), (.sentences, "好。 ", true), (.sentences, "word ", false),
    ])
    func rule(mode: AutocapitalizationType, before: String, expected: Bool) {
        #expect(AutoShift.shouldShift(mode, textBefore: Substring(before)) == expected)
    }

    @Test("sentences: the first letter and the letter after '. ' come out capitalized without a shift tap")
    func sentencesCapitalizeWhileTyping() throws {
        let rig = Rig()
        let field = rig.field(traits: TextInputTraits(autocapitalizationType: .sentences))
        field.becomeFirstResponder()
        #expect(rig.keyboard.state.shift == .on)
        try rig.tap([.character("h"), .character("i"), .page(.numbers), .character("."), .space,
                     .character("y"), .character("o")])
        #expect(field.text == "Hi. Yo")
    }

    @Test("words: every word starts with a capital")
    func wordsCapitalizeEachWord() throws {
        let rig = Rig()
        let field = rig.field(traits: TextInputTraits(autocapitalizationType: .words))
        field.becomeFirstResponder()
        try rig.tap([.character("a"), .character("b"), .space, .character("c"), .character("d")])
        #expect(field.text == "Ab Cd")
    }

    @Test("allCharacters: everything is uppercase without caps lock")
    func allCharactersUppercaseEverything() throws {
        let rig = Rig()
        let field = rig.field(traits: TextInputTraits(autocapitalizationType: .allCharacters))
        field.becomeFirstResponder()
        try rig.type("abc")
        #expect(field.text == "ABC")
        #expect(rig.keyboard.state.shift == .on)
    }

    @Test("none: nothing is capitalized")
    func noneCapitalizesNothing() throws {
        let rig = Rig()
        let field = rig.field(traits: TextInputTraits(autocapitalizationType: .none))
        field.becomeFirstResponder()
        #expect(rig.keyboard.state.shift == .off)
        try rig.type("abc")
        #expect(field.text == "abc")
    }

    @Test("tapping shift off at a sentence start types a lowercase letter")
    func shiftTapCancelsAutoShift() throws {
        let rig = Rig()
        let field = rig.field(traits: TextInputTraits(autocapitalizationType: .sentences))
        field.becomeFirstResponder()
        try rig.tap([.shift, .character("i"), .character("o"), .character("s")])
        #expect(field.text == "ios")
    }

    @Test("deleting back to a sentence start turns the automatic shift on again")
    func deleteRestoresAutoShift() throws {
        let rig = Rig()
        let field = rig.field("Ok. x", traits: TextInputTraits(autocapitalizationType: .sentences))
        field.becomeFirstResponder()
        #expect(rig.keyboard.state.shift == .off)
        try rig.tap([.delete])
        #expect(rig.keyboard.state.shift == .on)
    }

    @Test("secure text entry never capitalizes automatically")
    func secureEntryHasNoAutoShift() throws {
        let rig = Rig()
        let field = rig.field(traits: TextInputTraits(autocapitalizationType: .sentences, isSecureTextEntry: true))
        field.becomeFirstResponder()
        try rig.type("pw")
        #expect(field.text == "pw")
    }
}
