/// A recording made ready to replay: its device description and its key
/// actions, timed from the recording's first event. The key codes are
/// dropped while parsing; only each key's click survives.
public struct EvemuReplay: Sendable {
    /// The longest a replay may last, from the recording's first event to
    /// its last: 24 hours. A replay plays in real time, so an event stamped
    /// later than that (a clock that jumped, a damaged or crafted file:
    /// `E: 9999999999.000000 …` is 317 years) is refused rather than slept
    /// towards.
    public static let maximumSpanNanoseconds: UInt64 = 24 * 3600 * 1_000_000_000

    /// The recorded device.
    public var description: EvemuDescription
    /// The key presses, repeats and releases, in order, with times in
    /// nanoseconds from the recording's first event.
    public var actions: [KeyAction]

    /// Parses an `evemu-record` recording.
    ///
    /// - Throws: ``EvemuParseError`` naming the bad line, or the first event
    ///   more than ``maximumSpanNanoseconds`` after the first.
    public init(parsing bytes: [UInt8]) throws {
        var actions: [KeyAction] = []
        var origin: UInt64?
        description = try EvemuParser().parse(bytes) { event, line in
            let start = origin ?? event.time
            origin = start
            let time = event.time - start
            guard time <= Self.maximumSpanNanoseconds else {
                throw EvemuParseError(line: line, "the event comes \(time / 1_000_000_000) s after the recording's first; "
                                      + "a replay lasts at most 24 hours (\(Self.maximumSpanNanoseconds / 1_000_000_000) s)")
            }
            if let action = KeyAction(time: time, type: event.type, code: event.code, value: event.value) {
                actions.append(action)
            }
        }
        self.actions = actions
    }
}
