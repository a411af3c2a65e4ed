import InputClick
import InputClickListen
import Testing

@Suite struct CharacterClicksTests {
    @Test("wvkbd's characters map to their kinds: letters key, space, \\b delete, \\n return, \\t modifier")
    func wvkbdCharactersMapToTheirKinds() {
        var decoder = CharacterClicks()
        let clicks = decoder.decode(Array("ab c\u{8}\n\t\r\u{7F}\u{1B}".utf8))
        #expect(clicks == [.key, .key, .space, .key, .delete, .return, .modifier, .return, .delete, .modifier])
    }

    @Test("wvkbd's Esc key arrives as the text Esc: three key clicks; ↑ is one key click")
    func escAndArrowArriveAsText() {
        var decoder = CharacterClicks()
        #expect(decoder.decode(Array("Esc↑".utf8)) == [.key, .key, .key, .key])
    }

    @Test("a character split across reads clicks once, when its last byte arrives")
    func splitCharacterClicksOnce() {
        var decoder = CharacterClicks()
        let bytes = Array("é😀".utf8)   // 2 + 4 bytes
        #expect(decoder.decode(bytes[0..<1]) == [])
        #expect(decoder.decode(bytes[1..<3]) == [.key])
        #expect(decoder.decode(bytes[3..<5]) == [])
        #expect(decoder.decode(bytes[5...]) == [.key])
        #expect(decoder.finish() == [])
    }

    @Test("combining marks, variation selectors and the zero width joiner make no click of their own")
    func extendingScalarsMakeNoClick() {
        var decoder = CharacterClicks()
        #expect(decoder.decode(Array("e\u{301}❤\u{FE0F}👩\u{200D}💻".utf8)) == [.key, .key, .key, .key])
    }

    @Test("ill-formed bytes click as one key per replacement character, and a cut-short character at the end too")
    func illFormedBytesClickAsKeys() {
        var decoder = CharacterClicks()
        // FF; C3 cut short by A (then A); a stray continuation; ED A0 (a surrogate: two); E2 82 at the end.
        #expect(decoder.decode([0xFF, 0xC3, 0x41, 0x80, 0xED, 0xA0, 0x20, 0xE2, 0x82])
                == [.key, .key, .key, .key, .key, .key, .space])
        #expect(decoder.finish() == [.key])
        #expect(decoder.finish() == [])
    }

    @Test("any bytes, read in any pieces, click once per character that String(decoding:) finds")
    func anyBytesInAnyPiecesAgreeWithTheStandardLibrary() {
        var random = SplitMix64(seed: 19)
        for _ in 0..<2_000 {
            let count = Int(random.next() % 24)
            // Mostly bytes that start or continue multi-byte characters, to hit every path.
            let bytes = (0..<count).map { _ in
                let r = random.next()
                return r % 4 == 0 ? UInt8(truncatingIfNeeded: r >> 8) : UInt8(0x80 + (r >> 8) % 0x78)
            }
            var decoder = CharacterClicks()
            var clicks: [ClickKind] = []
            var start = 0
            while start < bytes.count {
                let end = min(bytes.count, start + 1 + Int(random.next() % 4))
                decoder.decode(bytes[start..<end], into: &clicks)
                start = end
            }
            clicks += decoder.finish()
            let expected = String(decoding: bytes, as: UTF8.self).unicodeScalars.compactMap(CharacterClicks.kind(of:))
            #expect(clicks == expected, "bytes \(bytes)")
        }
    }
}
