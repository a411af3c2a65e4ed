/// Reads an `evemu-record` recording line by line, as it arrives (from a
/// pipe: `evemu-record /dev/input/event3 | inputclick listen --replay -`),
/// with the same rules as ``EvemuParser``: each line is checked as it comes,
/// and an `E:` line gives its event at once.
public struct EvemuLineReader: Sendable {
    var description = EvemuDescription()
    var hasName = false, hasIdentity = false
    var events = 0
    var lastTime: UInt64 = 0
    /// The number of the last line read (1-based).
    public private(set) var lineNumber = 0

    /// Starts before the first line.
    public init() {}

    /// Reads the next line, without its line break; returns its event, if
    /// it is an `E:` line. `isUnterminated` says the line ended the input
    /// without a line break (a truncated last event is reported as such).
    ///
    /// - Throws: ``EvemuParseError`` naming the line.
    public mutating func read(_ line: ArraySlice<UInt8>, isUnterminated: Bool = false) throws -> EvemuEvent? {
        lineNumber += 1
        return try EvemuParser.line(line, number: lineNumber, isUnterminated: isUnterminated, state: &self)
    }

    /// The device description, once every line is read.
    ///
    /// - Throws: ``EvemuParseError`` if the recording had no description or no event.
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
