import InputClick
import Testing

@Suite struct NonUTF8TextTests {
    @Test func validUTF8IsNotWrapped() {
        #expect(NonUTF8Text(Array("/home/zoë/naïve ✓".utf8)) == nil)
        #expect(NonUTF8Text([]) == nil)
    }

    @Test func theFirstBadByteIsNamedWithItsOffset() throws {
        let text = try #require(NonUTF8Text(Array("/tmp/caf".utf8) + [0xE9] + Array("/x".utf8)))
        #expect(text.firstInvalidOffset == 8)
        #expect(text.description == "byte 0xE9 at offset 8 of '/tmp/caf\\xE9/x'")
    }

    @Test func aTruncatedSequenceAfterValidMultibyteTextIsFoundAtItsStart() throws {
        // "é" then the first two bytes of a three-byte sequence.
        let text = try #require(NonUTF8Text(Array("é".utf8) + [0xE2, 0x9C]))
        #expect(text.firstInvalidOffset == 2)
        #expect(text.escaped == "'é\\xE2\\x9C'")
    }

    @Test func controlCharactersAreEscapedAndLongValuesShortened() throws {
        let text = try #require(NonUTF8Text([0x1B] + [UInt8](repeating: UInt8(ascii: "a"), count: 200) + [0x80]))
        #expect(text.escaped.hasPrefix("'\\u{1b}aaa"))
        #expect(text.escaped.hasSuffix("a…'"))
        #expect(text.description.hasPrefix("byte 0x80 at offset 201 of "))
    }

    @Test func c1ControlsAndLineSeparatorsAreEscapedToo() throws {
        // NEL (U+0085), the one-byte CSI (U+009B) and U+2028, then a bad byte.
        let text = try #require(NonUTF8Text(Array("a\u{85}b\u{9B}2Jc\u{2028}d".utf8) + [0xFF]))
        #expect(text.escaped == "'a\\u{85}b\\u{9b}2Jc\\u{2028}d\\xFF'")
    }
}
