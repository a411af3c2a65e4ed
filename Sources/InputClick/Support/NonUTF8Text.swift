/// Bytes meant as text (a path, an environment value) that are not valid UTF-8, kept exactly. Swift's
/// `String(cString:)`, `ProcessInfo.environment` and `CommandLine.arguments` would turn them into U+FFFD, and
/// a path into another path; InputClick refuses them instead, naming them with ``description``.
public struct NonUTF8Text: Sendable, Hashable, CustomStringConvertible {
    public let bytes: [UInt8]
    /// The offset of the first byte that is not part of valid UTF-8.
    public let firstInvalidOffset: Int

    /// `nil` when `bytes` are valid UTF-8 (and so an ordinary `String`).
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

    /// In single quotes: valid UTF-8 as itself, other bytes as `\xFF`, control characters as `\u{1b}`, at most
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
