/// A key press read from a terminal in raw mode.
enum TerminalKey: Equatable {
    /// A printable character, as typed (already shifted by the physical keyboard).
    case character(Character)
    case backspace
    case enter
    case tab
    case escape
    case arrowLeft, arrowRight, arrowUp, arrowDown
    /// Control plus a letter, lowercase (`ctrl("n")` for Ctrl-N).
    case control(Character)
    /// End of input (Ctrl-D on an empty line, or the stream closed).
    case endOfInput
}

/// Turns the bytes a terminal sends into ``TerminalKey``s: UTF-8 text,
/// control characters and the common escape sequences.
struct TerminalKeyDecoder {
    private var pending: [UInt8] = []

    /// Feeds bytes; returns the keys they complete. An incomplete UTF-8
    /// sequence or escape sequence waits for more bytes; a lone ESC at the
    /// end of a read is taken as the Escape key.
    mutating func decode(_ bytes: [UInt8]) -> [TerminalKey] {
        pending += bytes
        var keys: [TerminalKey] = []
        var i = 0
        while i < pending.count {
            let byte = pending[i]
            switch byte {
            case 0x1b:
                if i + 2 < pending.count, pending[i + 1] == UInt8(ascii: "[") || pending[i + 1] == UInt8(ascii: "O") {
                    switch pending[i + 2] {
                    case UInt8(ascii: "A"): keys.append(.arrowUp)
                    case UInt8(ascii: "B"): keys.append(.arrowDown)
                    case UInt8(ascii: "C"): keys.append(.arrowRight)
                    case UInt8(ascii: "D"): keys.append(.arrowLeft)
                    default: break   // other sequences are ignored
                    }
                    i += 3
                } else if i + 1 < pending.count, pending[i + 1] == UInt8(ascii: "[") {
                    pending.removeFirst(i)
                    return keys       // wait for the rest of the sequence
                } else {
                    keys.append(.escape)
                    i += 1
                }
            case 0x7f, 0x08: keys.append(.backspace); i += 1
            case 0x0d, 0x0a: keys.append(.enter); i += 1
            case 0x09: keys.append(.tab); i += 1
            case 0x04: keys.append(.endOfInput); i += 1
            case 0x01...0x1a: keys.append(.control(Character(UnicodeScalar(byte + 0x60)))); i += 1
            case 0x00...0x1f: i += 1
            default:
                let length = byte < 0x80 ? 1 : byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1
                guard i + length <= pending.count else {
                    pending.removeFirst(i)
                    return keys       // wait for the rest of the character
                }
                if let text = String(validating: pending[i..<(i + length)], as: UTF8.self), let c = text.first {
                    keys.append(.character(c))
                }
                i += length
            }
        }
        pending.removeAll()
        return keys
    }
}
