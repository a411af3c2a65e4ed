/// Bytes meant as text, such as a path or an environment variable's value,
/// that are not valid UTF-8, kept exactly as they came.
///
/// Swift's `String(cString:)`, `ProcessInfo.environment` and
/// `CommandLine.arguments` replace such bytes with U+FFFD, which silently
/// turns a path into another path. InputClick refuses these values instead,
/// and this type names them in the refusal: ``description`` reads
/// `byte 0xFF at offset 6 of '/tmp/a\xFFb'`.
public struct NonUTF8Text: Sendable, Hashable, CustomStringConvertible {
    /// The bytes, unchanged.
    public let bytes: [UInt8]
    /// The offset of the first byte that is not part of valid UTF-8.
    public let firstInvalidOffset: Int

    /// Wraps `bytes`, or returns `nil` when they are valid UTF-8 (and so an ordinary `String`).
    public init?(_ bytes: [UInt8]) {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded): offset += encoded.count
            case .emptyInput: return nil
            case .error:
                self.bytes = bytes
                self.firstInvalidOffset = offset
                return
            }
        }
    }

    /// The bytes as printable text in single quotes: valid UTF-8 as itself,
    /// every other byte as `\xFF`, control characters as `\u{1b}`, and at most
    /// 120 characters before an ellipsis.
    public var escaped: String {
        var out = "'"
        var count = 0
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        parsing: while count < 120 {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                let scalar = Unicode.UTF8.decode(encoded)
                if scalar.isEscapedInMessages {
                    out += "\\u{" + String(scalar.value, radix: 16) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
                offset += encoded.count
            case .error(let length):
                for byte in bytes[offset..<(offset + length)] { out += Self.hex(byte) }
                offset += length
            case .emptyInput:
                break parsing
            }
            count += 1
        }
        if offset < bytes.count { out += "…" }
        return out + "'"
    }

    /// `byte 0xFF at offset 6 of '/tmp/a\xFFb'`.
    public var description: String {
        "byte 0x\(String(bytes[firstInvalidOffset], radix: 16, uppercase: true)) at offset \(firstInvalidOffset) of \(escaped)"
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return "\\x" + (digits.count == 1 ? "0" + digits : digits)
    }
}
