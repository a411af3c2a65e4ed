/// Reads `evemu-record` text (evemu 2.x, format 1.x): a device description (`N:`, `I:`, `P:`, `B:`, `A:`)
/// then events (`E: SEC.USEC TYPE CODE VALUE`, hex type and code), `#` comments allowed.
///
/// Strict, so a damaged file is reported rather than half played: every line well formed, description
/// before events, times never backwards, at least one event. Events go to a callback; none are kept.
public struct EvemuParser: Sendable {
    /// 16 MiB: hours of typing.
    public static let maximumBytes = 16 << 20
    /// In bytes.
    public static let maximumLineBytes = 4096

    public init() {}

    /// Calls `event` for each `E:` line in order with its 1-based number; returns the description.
    /// Throws ``EvemuParseError`` for the first bad line, or whatever `event` throws.
    public func parse(_ bytes: [UInt8], event: (EvemuEvent, _ line: Int) throws -> Void) throws -> EvemuDescription {
        guard bytes.count <= Self.maximumBytes else {
            throw EvemuParseError(line: 0, "the recording is \(bytes.count) bytes, over the limit of \(Self.maximumBytes)")
        }
        var reader = EvemuLineReader()
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != UInt8(ascii: "\n") { end += 1 }
            if let parsed = try reader.read(bytes[start..<end], isUnterminated: end == bytes.count) {
                try event(parsed, reader.lineNumber)
            }
            start = end + 1
        }
        return try reader.finish(wasEmpty: bytes.isEmpty)
    }

    /// One line (without its break), for ``EvemuLineReader``.
    static func line(_ bytes: ArraySlice<UInt8>, number lineNumber: Int, isUnterminated: Bool,
                     state: inout EvemuLineReader) throws -> EvemuEvent? {
        guard bytes.count <= Self.maximumLineBytes else {
            throw EvemuParseError(line: lineNumber, "the line is longer than \(Self.maximumLineBytes) bytes")
        }
        // Drop a comment and surrounding blanks.
        let line = Self.trimmed(bytes.prefix { $0 != UInt8(ascii: "#") })
        if line.isEmpty { return nil }
        guard line.count >= 2, line[line.startIndex + 1] == UInt8(ascii: ":") else {
            throw EvemuParseError(line: lineNumber, "not an evemu line (expected N:, I:, P:, B:, A: or E:)")
        }
        let fields = Self.fields(line.dropFirst(2))
        let inEvents = state.events > 0
        switch line[line.startIndex] {
        case UInt8(ascii: "N"):
            guard !inEvents else { throw EvemuParseError(line: lineNumber, "a device name after the events began") }
            guard let name = String(validating: Self.trimmed(line.dropFirst(2)), as: UTF8.self) else {
                throw EvemuParseError(line: lineNumber, "the device name is not UTF-8 text")
            }
            state.description.name = name
            state.hasName = true
        case UInt8(ascii: "I"):
            guard !inEvents else { throw EvemuParseError(line: lineNumber, "a device identity after the events began") }
            guard fields.count == 4, let values = Self.hexValues(fields, limit: 0xFFFF) else {
                throw EvemuParseError(line: lineNumber, "the device identity needs four hex numbers (bus vendor product version)")
            }
            (state.description.bus, state.description.vendor, state.description.product, state.description.version) =
                (UInt16(values[0]), UInt16(values[1]), UInt16(values[2]), UInt16(values[3]))
            state.hasIdentity = true
        case UInt8(ascii: "P"):
            guard !inEvents, !fields.isEmpty, fields.count <= 8, Self.hexValues(fields, limit: 0xFF) != nil else {
                throw EvemuParseError(line: lineNumber, "a property line needs up to eight hex bytes, before the events")
            }
        case UInt8(ascii: "B"):
            guard !inEvents, fields.count >= 2, fields.count <= 9,
                  let values = Self.hexValues(fields, limit: 0xFF), values[0] <= 0x1f else {
                throw EvemuParseError(line: lineNumber, "a bit-mask line needs an event type (00–1f) and up to eight hex bytes, before the events")
            }
            if values[0] == 1 {
                guard state.description.keyBits.count < 96 else {
                    throw EvemuParseError(line: lineNumber, "more key bits than the kernel has keys")
                }
                state.description.keyBits += values.dropFirst().map { UInt8($0) }
            }
        case UInt8(ascii: "A"):
            guard !inEvents, fields.count == 5 || fields.count == 6,
                  Self.hexValues(Array(fields.prefix(1)), limit: 0x3f) != nil,
                  fields.dropFirst().allSatisfy({ Self.decimal($0) != nil }) else {
                throw EvemuParseError(line: lineNumber, "an axis line needs an axis (hex) and four or five numbers, before the events")
            }
        case UInt8(ascii: "E"):
            guard state.hasName && state.hasIdentity else {
                throw EvemuParseError(line: lineNumber, "an event before the device description (N: and I: lines)")
            }
            guard fields.count == 4, let time = Self.timestamp(fields[0]),
                  let type = Self.hexValues([fields[1]], limit: 0xFFFF)?.first,
                  let code = Self.hexValues([fields[2]], limit: 0xFFFF)?.first,
                  let value = Self.decimal(fields[3]) else {
                throw EvemuParseError(line: lineNumber, isUnterminated
                    ? "the last event is cut short (the recording is truncated)"
                    : "an event needs a time (seconds.microseconds), a type and a code in hex, and a value")
            }
            guard time >= state.lastTime else { throw EvemuParseError(line: lineNumber, "the time goes backwards") }
            state.lastTime = time
            state.events += 1
            return EvemuEvent(time: time, type: UInt16(type), code: UInt16(code), value: value)
        default:
            throw EvemuParseError(line: lineNumber, "not an evemu line (expected N:, I:, P:, B:, A: or E:)")
        }
        return nil
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
    }

    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var slice = bytes
        while let first = slice.first, isBlank(first) { slice = slice.dropFirst() }
        while let last = slice.last, isBlank(last) { slice = slice.dropLast() }
        return slice
    }

    private static func fields(_ bytes: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        bytes.split(whereSeparator: isBlank)
    }

    /// Hex of 1–8 digits, at most `limit`; `nil` if any is not.
    private static func hexValues(_ fields: [ArraySlice<UInt8>], limit: UInt32) -> [UInt32]? {
        var values: [UInt32] = []
        values.reserveCapacity(fields.count)
        for field in fields {
            guard !field.isEmpty, field.count <= 8 else { return nil }
            var value: UInt32 = 0
            for byte in field {
                let digit: UInt32
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
                default: return nil
                }
                value = value << 4 | digit
            }
            guard value <= limit else { return nil }
            values.append(value)
        }
        return values
    }

    private static func decimal(_ field: ArraySlice<UInt8>) -> Int32? {
        guard let text = String(validating: field, as: UTF8.self) else { return nil }
        return Int32(text)
    }

    /// 1–6 microsecond digits, up to about 10⁹ seconds.
    private static func timestamp(_ field: ArraySlice<UInt8>) -> UInt64? {
        guard let dot = field.firstIndex(of: UInt8(ascii: ".")) else { return nil }
        let whole = field[field.startIndex..<dot], fraction = field[(dot + 1)...]
        guard (1...10).contains(whole.count), (1...6).contains(fraction.count),
              whole.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
              fraction.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
              let seconds = UInt64(String(decoding: whole, as: UTF8.self)),
              var micros = UInt64(String(decoding: fraction, as: UTF8.self)) else { return nil }
        for _ in fraction.count..<6 { micros *= 10 }
        return seconds * 1_000_000_000 + micros * 1000
    }
}
