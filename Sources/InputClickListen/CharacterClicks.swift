import InputClick

/// Turns the bytes an on-screen keyboard writes (wvkbd's `-o`: characters, Backspace as `\b`, Enter as
/// `\n`) into click kinds as they arrive: `inputclick chars`' pure part.
///
/// UTF-8 is decoded incrementally, keeping at most three bytes of an unfinished character; each
/// ill-formed sequence is one ``ClickKind/key`` click, counted as `String(decoding:as:)` counts U+FFFD.
/// See ``kind(of:)`` for which scalar makes which click.
public struct CharacterClicks: Sendable {
    private var pending: [UInt8] = []
    /// In all.
    private var expected = 0

    public init() {}

    /// BS and DEL → ``ClickKind/delete``; `\n`, `\r` → ``ClickKind/return``; space → ``ClickKind/space``;
    /// other C0/C1 controls → ``ClickKind/modifier``; combining marks, variation selectors and U+200D → `nil`;
    /// anything else → ``ClickKind/key``.
    public static func kind(of scalar: Unicode.Scalar) -> ClickKind? {
        switch scalar.value {
        case 0x08, 0x7F: return .delete
        case 0x0A, 0x0D: return .return
        case 0x20: return .space
        case 0x00..<0x20, 0x80..<0xA0: return .modifier
        case 0x200D: return nil
        default: return scalar.properties.isGraphemeExtend ? nil : .key
        }
    }

    /// Appends the clicks of the next bytes read to `clicks`, in order.
    public mutating func decode(_ bytes: some Sequence<UInt8>, into clicks: inout [ClickKind]) {
        for byte in bytes {
            if !pending.isEmpty {
                if Self.continues(pending, with: byte) {
                    pending.append(byte)
                    if pending.count == expected { finishCharacter(into: &clicks) }
                    continue
                }
                // Cut short: the bytes so far are one ill-formed sequence, and this byte starts afresh.
                pending.removeAll(keepingCapacity: true)
                clicks.append(.key)
            }
            switch byte {
            case 0x00..<0x80:
                if let kind = Self.kind(of: Unicode.Scalar(byte)) { clicks.append(kind) }
            case 0xC2...0xDF: start(byte, length: 2)
            case 0xE0...0xEF: start(byte, length: 3)
            case 0xF0...0xF4: start(byte, length: 4)
            default: clicks.append(.key)   // a stray continuation byte, C0, C1 or F5…FF
            }
        }
    }

    public mutating func decode(_ bytes: some Sequence<UInt8>) -> [ClickKind] {
        var clicks: [ClickKind] = []
        decode(bytes, into: &clicks)
        return clicks
    }

    /// The input ended: an unfinished character is one ill-formed sequence, one ``ClickKind/key``.
    public mutating func finish() -> [ClickKind] {
        guard !pending.isEmpty else { return [] }
        pending.removeAll()
        return [.key]
    }

    private mutating func start(_ byte: UInt8, length: Int) {
        pending.append(byte)
        expected = length
    }

    private mutating func finishCharacter(into clicks: inout [ClickKind]) {
        var value = UInt32(pending[0]) & (0xFF >> UInt32(expected + 1))
        for byte in pending.dropFirst() { value = value << 6 | UInt32(byte & 0x3F) }
        pending.removeAll(keepingCapacity: true)
        // The lead and second-byte ranges rule out overlong forms, surrogates and values past U+10FFFF.
        if let scalar = Unicode.Scalar(value), let kind = Self.kind(of: scalar) { clicks.append(kind) }
    }

    /// Whether `byte` may follow `pending` in a well-formed UTF-8 character (Unicode's table 3-7).
    private static func continues(_ pending: [UInt8], with byte: UInt8) -> Bool {
        guard pending.count == 1 else { return 0x80...0xBF ~= byte }
        switch pending[0] {
        case 0xE0: return 0xA0...0xBF ~= byte
        case 0xED: return 0x80...0x9F ~= byte
        case 0xF0: return 0x90...0xBF ~= byte
        case 0xF4: return 0x80...0x8F ~= byte
        default: return 0x80...0xBF ~= byte
        }
    }
}
