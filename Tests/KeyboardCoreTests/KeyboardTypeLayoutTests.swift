import Testing
@testable import KeyboardCore

@Suite("Keyboard types and layouts")
struct KeyboardTypeLayoutTests {
    private func texts(_ layout: KeyboardLayout) -> [String] {
        layout.keys.compactMap { if case .character(let text) = $0 { return text } else { return nil } }
    }

    @Test("the default letters page is the seed's four rows")
    func defaultLettersAreTheSeedsRows() {
        let rows = KeyboardLayout(keyboardType: .default, page: .letters).rows.map { $0.map(\.description) }
        #expect(rows == [
            ["q", "w", "e", "r", "t", "y", "u", "i", "o", "p"],
            ["a", "s", "d", "f", "g", "h", "j", "k", "l"],
            ["shift", "z", "x", "c", "v", "b", "n", "m", "delete"],
            ["123", "next", "space", "ch/en", "return"],
        ])
    }

    @Test("email gets @ and . beside the space bar")
    func emailHasAtAndDot() {
        let bottom = KeyboardLayout(keyboardType: .emailAddress, page: .letters).rows[3]
        #expect(bottom == [.page(.numbers), .nextKeyboard, .space, .character("@"), .character("."), .return])
    }

    @Test("URL gets . / and .com instead of the space bar")
    func urlHasDotSlashDotCom() {
        let bottom = KeyboardLayout(keyboardType: .URL, page: .letters).rows[3]
        #expect(bottom.contains(.character(".")))
        #expect(bottom.contains(.character("/")))
        #expect(bottom.contains(.character(".com")))
        #expect(!bottom.contains(.space))
    }

    @Test("only the default type has the ch/en key")
    func onlyDefaultHasLanguageToggle() {
        for type in KeyboardType.allCases {
            let has = KeyboardLayout.pages(for: type).contains {
                KeyboardLayout(keyboardType: type, page: $0).contains(.languageToggle)
            }
            #expect(has == (type == .default), "\(type)")
        }
    }

    @Test("the pads have one page of digits and delete, with . on the decimal pad and + * # on the phone pad")
    func padsHaveDigits() {
        let digits = Set("0123456789".map(String.init))
        let number = KeyboardLayout(keyboardType: .numberPad, page: .letters)
        #expect(number.page == .numberPad, "a page the type lacks gives its home page")
        #expect(Set(texts(number)) == digits)
        #expect(number.contains(.delete) && !number.contains(.return) && !number.contains(.shift))
        #expect(Set(texts(KeyboardLayout(keyboardType: .decimalPad, page: .decimalPad))) == digits.union(["."]))
        #expect(Set(texts(KeyboardLayout(keyboardType: .phonePad, page: .phonePad))) == digits.union(["+", "*", "#"]))
    }

    @Test("numbers and symbols pages hold the digits and the common ASCII symbols")
    func numbersAndSymbolsPages() {
        let numbers = Set(texts(KeyboardLayout(keyboardType: .default, page: .numbers)))
        let symbols = Set(texts(KeyboardLayout(keyboardType: .default, page: .symbols)))
        #expect(numbers.isSuperset(of: "1234567890-/:;()$&@\".,?!'".map(String.init)))
        #expect(symbols.isSuperset(of: "[]{}#%^*+=_\\|~<>".map(String.init)))
        #expect(KeyboardLayout(keyboardType: .default, page: .numbers).contains(.page(.symbols)))
        #expect(KeyboardLayout(keyboardType: .default, page: .symbols).contains(.page(.numbers)))
    }

    @Test("each keyboard type opens on its home page when its input gains focus")
    func typeSelectsHomePage() {
        let rig = Rig()
        for type in KeyboardType.allCases {
            let field = rig.field(traits: TextInputTraits(keyboardType: type))
            field.becomeFirstResponder()
            #expect(rig.keyboard.state.keyboardType == type)
            #expect(rig.keyboard.layout.page == type.homePage)
        }
    }

    @Test("typing on a number pad puts digits in the field")
    func numberPadTypesDigits() throws {
        let rig = Rig()
        let field = rig.field(traits: TextInputTraits(keyboardType: .numberPad))
        field.becomeFirstResponder()
        try rig.tap([.character("4"), .character("2"), .delete, .character("7")])
        #expect(field.text == "47")
    }

    @Test("a key that is not on the page is an error naming the key and the page")
    func missingKeyIsAnError() {
        let rig = Rig()
        rig.field(traits: TextInputTraits(keyboardType: .numberPad)).becomeFirstResponder()
        #expect(throws: KeyboardError.keyNotOnPage(.character("a"), page: .numberPad, keyboardType: .numberPad)) {
            try rig.keyboard.touchDown(.character("a"), at: 0)
        }
        let message = KeyboardError.keyNotOnPage(.character("a"), page: .numberPad, keyboardType: .numberPad).description
        #expect(message.contains("'a'") && message.contains("numberPad"))
    }
}
