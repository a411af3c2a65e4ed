/// Reads an `evemu-record` recording line by line as it arrives (`evemu-record … | inputclick listen
/// --replay -`), with ``EvemuParser``'s rules; an `E:` line gives its event at once.
public struct EvemuLineReader: Sendable {
    var description = EvemuDescription()
    var hasName = false, hasIdentity = false
    var events = 0
    var lastTime: UInt64 = 0
    /// 1-based.
    public private(set) var lineNumber = 0

    public init() {}

    /// Reads the next line (without its break); returns its event for an `E:` line. `isUnterminated` marks a
    /// last line without a break, so a truncated event is reported as such. Throws ``EvemuParseError``.
    public mutating func read(_ line: ArraySlice<UInt8>, isUnterminated: Bool = false) throws -> EvemuEvent? {
        lineNumber += 1
        return try EvemuParser.line(line, number: lineNumber, isUnterminated: isUnterminated, state: &self)
    }

    /// Throws ``EvemuParseError`` if the recording had no description or no event.
    public func finish(wasEmpty: Bool = false) throws -> EvemuDescription {
        guard hasName && hasIdentity else {
            throw EvemuParseError(line: 0, wasEmpty ? "the recording is empty"
                                  : "no device description (N: and I: lines): not an evemu-record recording")
        }
        guard events > 0 else {
            throw EvemuParseError(line: 0, "the recording has no events (E: lines): it is truncated or empty")
        }
        return description
    }
}
